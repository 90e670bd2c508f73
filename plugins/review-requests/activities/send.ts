// Sending one request (or reminder): skip reasons, the monthly quota, the signed links, and a send
// recorded under a deterministic Message-ID so a retried activity or a restarted worker never sends twice.
import type { ActivityDeps } from '@plaudit/kernel';
import type { QueueStatus, RequestRef } from '../workflows/messages';
import { entryOf, isBlocked, sentCount, type LineItem } from '../db/queue';
import { monthlyQuota } from '../db/settings';
import { monthStartInZone } from '../shared/zoned-time';
import { sendCustomerMail, shopTemplate } from './customer-mail';
import { requestLinks } from '../shared/request-links';
import { reviewLinks } from '../shared/reviews-collect';
import { productIdsOf, REQUEST_SENT, type RequestSent } from '../shared/request-events';

export interface SendOutcome {
  status: QueueStatus;
  extra: Record<string, unknown>;
}

const LINK_DAYS = 60;

export async function sendRequest(deps: ActivityDeps, ref: RequestRef, reminder: number, options: { ignoreQuota?: boolean } = {}): Promise<SendOutcome> {
  const { config } = deps;
  const tenant = deps.tenant(ref.shopId, ref.shopDomain);
  const row = await entryOf(tenant, ref.orderId).first();
  const shop = (await deps.shops.get(ref.shopId))!;
  if (reminder === 0 && row.sentAt) return { status: 'success', extra: {} };
  if (reminder > 0 && row.reminderCount >= reminder) return { status: 'success', extra: {} };

  const skip = (skipReason: string): SendOutcome => ({ status: 'cancel', extra: { skipReason } });
  if (!shop.appEnabled) return skip('email_disabled');
  // The review reminder switched off in the shop's notifications grid.
  const lang = deps.i18n.language(row.customerLocale, shop.locale);
  if (!(await shopTemplate(deps, shop.id, 'reviewReminder', lang)).enabled) return skip('email_disabled');
  if (!row.customerEmail) return skip('no_email');
  if (await isBlocked(tenant, row.customerEmail)) return skip('unsubscribed');

  // The month is the shop's own (its timezone); "send anyway" passes the quota.
  const quota = monthlyQuota(shop.plan);
  if (reminder === 0 && quota !== undefined && !options.ignoreQuota && (await sentCount(tenant, monthStartInZone(new Date(), shop.timezone))) >= quota) {
    return { status: 'pause', extra: { skipReason: 'quota_exceeded' } };
  }

  // The review links are the reviews plugin's (it declares and verifies their purpose).
  const collect = reviewLinks(deps.capabilities, `https://${shop.publicDomain ?? shop.domain}`);
  const write = (productId: string) => collect.writeUrl({ shopDomain: shop.domain, queueEntryId: row.id, orderId: row.orderId, productId, customerLocale: row.customerLocale, expiresInDays: LINK_DAYS });
  const links = requestLinks(deps, shop.domain, { queueEntry: row.id, orderId: row.orderId }, LINK_DAYS);
  const products = (row.lineItems as LineItem[]).filter((li) => li.productId);
  const messageId = `<review-request-${row.id}-${reminder}@${new URL(config.appUrl).hostname}>`;
  const model = {
    customer_first_name: row.customerName?.split(' ')[0] ?? null,
    customer_name: row.customerName,
    order_name: row.name,
    shop_name: shop.name,
    shop_url: `https://${shop.publicDomain ?? shop.domain}`,
    products: products.map((p) => ({ title: p.title, image_url: p.productImage ?? p.image ?? null, review_url: write(p.productId!) })),
    unsubscribe_url: links.unsubscribe,
    open_url: links.open,
  };
  const sent = await sendCustomerMail(deps, { shop, to: row.customerEmail, key: 'reviewReminder', lang, model: { ...model, review_url: model.products[0]?.review_url }, messageId, unsubscribeUrl: links.unsubscribe, reminder: reminder > 0 });
  if ('refused' in sent) return { status: 'failed', extra: { errorMessage: sent.refused.message.slice(0, 1000) } };
  const record = reminder === 0 ? { sentAt: new Date(), messageId, subject: sent.body.subject, htmlContent: sent.html, errorMessage: null, skipReason: null } : { reminderCount: reminder };
  // The send and its 'request.sent' event are recorded together (a retried activity finds the row sent).
  await deps.knex.transaction(async (trx) => {
    await entryOf(tenant, ref.orderId, 'email', trx).update(record);
    const event: RequestSent = {
      shopId: ref.shopId, shopDomain: ref.shopDomain, requestId: Number(row.id), orderId: row.orderId, orderName: row.name ?? null,
      productIds: productIdsOf(row.lineItems as LineItem[]), reminder, status: 'success', at: new Date().toISOString(),
    };
    await deps.events.emit(REQUEST_SENT, event, { key: `${row.id}:${reminder}`, shopDomain: ref.shopDomain, trx });
  });
  return { status: 'success', extra: {} };
}
