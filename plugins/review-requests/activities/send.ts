// Sending one request (or reminder): skip reasons, quota, the signed links, and a send recorded
// under a deterministic Message-ID so a retried activity or a restarted worker never sends twice.
import type { ActivityDeps } from '../../../workflows/plugin';
import { linkKey, signLink } from '../../../api/signed-links';
import type { QueueStatus } from '../workflows/messages';
import { renderRequestEmail } from './email';
import { sendCustomerMail } from './customer-mail';
import { monthlyQuota } from './settings';
import { loadTemplate } from './templates';

export interface SendOutcome {
  status: QueueStatus;
  extra: Record<string, unknown>;
}

const LINK_DAYS = 60;

export async function sendRequest(deps: ActivityDeps, queueId: number, reminder: number): Promise<SendOutcome> {
  const { knex, config } = deps;
  // tenancy: ids come from the workflow input, which a verified webhook of that shop started
  const row = await knex('email_queue').where({ id: queueId }).first();
  // tenancy: the shop row itself
  const shop = await knex('shops').where({ id: row.shopId }).first();
  if (reminder === 0 && row.sentAt) return { status: 'success', extra: {} };
  if (reminder > 0 && row.reminderCount >= reminder) return { status: 'success', extra: {} };

  const skip = (skipReason: string): SendOutcome => ({ status: 'cancel', extra: { skipReason } });
  if (!shop.appStatus) return skip('email_disabled');
  // The review reminder switched off in the shop's notifications grid.
  const template = await loadTemplate(knex, row.shopId, 'reviewReminder');
  if (!template.enabled) return skip('email_disabled');
  if (!row.customerEmail) return skip('no_email');
  // tenancy: scoped by the entry's shop id
  const blocked = await knex('blocked_customers').where({ shopId: row.shopId, email: row.customerEmail.toLowerCase() }).first('reason');
  if (blocked) return skip('unsubscribed');

  if (reminder === 0) {
    const quota = monthlyQuota(shop.plan);
    const monthStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
    // tenancy: scoped by the entry's shop id
    const [{ count }] = await knex('email_queue').where({ shopId: row.shopId, queueType: 'email' }).where('sentAt', '>=', monthStart).count({ count: '*' });
    if (quota !== undefined && Number(count) >= quota) return { status: 'pause', extra: { skipReason: 'quota_exceeded' } };
  }

  const key = linkKey(config.encryptionKey!);
  const exp = Math.floor(Date.now() / 1000) + LINK_DAYS * 86_400;
  const link = (p: 'write' | 'open' | 'unsub', pr?: string) => signLink(key, { p, shop: shop.shopifyDomain, q: row.id, o: row.orderId, pr, exp });
  const products = (row.lineItems as { productId: string | null; title: string; productImage?: string | null; image?: string | null }[]).filter((li) => li.productId);
  const { subject, html } = await renderRequestEmail(
    {
      customer_first_name: row.customerName?.split(' ')[0] ?? null,
      customer_name: row.customerName,
      order_name: row.name,
      shop_name: shop.name ?? shop.shopifyDomain,
      shop_url: `https://${shop.domain ?? shop.shopifyDomain}`,
      products: products.map((p) => ({ title: p.title, image_url: p.productImage ?? p.image ?? null, review_url: `${config.appUrl}/r/write/${link('write', p.productId!)}` })),
      unsubscribe_url: `${config.appUrl}/r/unsubscribe/${link('unsub')}`,
      open_url: `${config.appUrl}/r/open/${link('open')}.gif`,
    },
    reminder,
    template,
  );
  const messageId = `<review-request-${row.id}-${reminder}@${new URL(config.appUrl).hostname}>`;
  const refused = await sendCustomerMail(deps, {
    shopId: row.shopId,
    shopDomain: shop.shopifyDomain,
    to: row.customerEmail,
    subject,
    html,
    messageId,
    unsubscribeUrl: `${config.appUrl}/r/unsubscribe/${link('unsub')}`,
  });
  if (refused) return { status: 'failed', extra: { errorMessage: refused.message.slice(0, 1000) } };
  const sentAt = new Date();
  const record = reminder === 0 ? { sentAt, messageId, subject, htmlContent: html, errorMessage: null, skipReason: null } : { reminderCount: reminder };
  // tenancy: the entry found above
  await knex('email_queue').where({ id: row.id }).update(record);
  return { status: 'success', extra: {} };
}
