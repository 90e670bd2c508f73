// Sending one request (or reminder): skip reasons, the monthly quota, the signed links, and a send
// recorded under a deterministic Message-ID so a retried activity or a restarted worker never sends twice.
import type { ActivityDeps } from '@plaudit/kernel';
import type { ChannelChoice, MessageReceipt, QueueStatus, RequestRef, TextMessageSent } from '../workflows/messages';
import { entryOf, isBlocked, sentCount, type LineItem, type QueueEntry } from '../db/queue';
import { monthlyQuota, requestSettingsOf } from '../db/settings';
import { SenderApp } from '@plaudit/contracts/email-marketing';
import { monthStartInZone } from '../shared/zoned-time';
import { sendCustomerMail, shopTemplate } from './customer-mail';
import { requestLinks } from '../shared/request-links';
import { clickTracker } from '../shared/tracked-links';
import { reviewLinks } from '../shared/reviews-collect';
import { RequestEligible, RequestSent, type RequestEligiblePayload, type RequestSentPayload } from '@plaudit/contracts/review-requests';
import { productIdsOf, ratingUrls } from '../shared/request-events';
import { ReviewWrite } from '@plaudit/contracts/reviews';
import { channelsAfter, emailOnly, requestChannels, tryMessageChannels, undeliveredAttempt, type ChannelAttempt } from './channels';

export interface SendOutcome {
  status: QueueStatus;
  extra: Record<string, unknown>;
  /** issue 32: quiet hours in the customer's local time: the workflow waits until then and sends again */
  retryAt?: string;
  /** issue 32: the text message that carried it, whose delivery receipt the workflow awaits */
  message?: TextMessageSent;
}

const LINK_DAYS = 60;

export interface SendOptions {
  /** "send anyway" / "resend": past the monthly quota */
  ignoreQuota?: boolean;
  /** the request once more, after the customer postponed it (issue 32) */
  again?: boolean;
  /** the customer's channel from the thank-you or order-status page (issue 32) */
  customerChannel?: ChannelChoice;
  /** issue 32: the request's text message was not delivered: the first send again, on the channels after it */
  undelivered?: TextMessageSent & MessageReceipt;
}

export async function sendRequest(deps: ActivityDeps, ref: RequestRef, reminder: number, options: SendOptions = {}): Promise<SendOutcome> {
  const { config } = deps;
  const tenant = deps.tenant(ref.shopId, ref.shopDomain);
  const row = await entryOf(tenant, ref.orderId).first();
  const shop = (await deps.shops.get(ref.shopId))!;
  if (options.again && row.postponeSentAt) return { status: 'success', extra: {} };
  const fallback = options.undelivered;
  // a retried fallback finds the next text message recorded, or the email (its Message-ID)
  if (fallback && ((row.channelMessageId && row.channelMessageId !== fallback.messageId) || row.messageId)) return { status: 'success', extra: {} };
  if (reminder === 0 && row.sentAt && !options.again && !fallback) return { status: 'success', extra: {} };
  if (reminder > 0 && row.reminderCount >= reminder) return { status: 'success', extra: {} };
  // a request the email-marketing app sent: its own flow reminds the customer
  if (reminder > 0 && row.senderApp) return { status: 'success', extra: { skipReason: 'sender_app' } };

  const skip = (skipReason: string): SendOutcome => ({ status: 'cancel', extra: { skipReason } });
  if (!shop.appEnabled) return skip('email_disabled');
  // The review reminder switched off in the shop's notifications grid.
  const lang = deps.i18n.language(row.customerLocale, shop.locale);
  // Issue 32: the shop's channels (email only unless it chose text messages for its requests)
  const ordered = await requestChannels(deps, shop.id, reminder === 0 && !options.again, options.customerChannel);
  const channels = fallback ? channelsAfter(ordered, fallback.channel) : ordered;
  // nothing after the undelivered message: the row keeps its receipt ("SMS: undelivered")
  if (!channels.length) return { status: 'success', extra: {} };
  const emailChecks = async () => {
    if (!(await shopTemplate(deps, shop.id, 'reviewReminder', lang)).enabled) return skip('email_disabled');
    if (!row.customerEmail) return skip('no_email');
    return undefined;
  };
  if (emailOnly(channels)) {
    const skipped = await emailChecks();
    if (skipped) return skipped;
  }
  // a customer unsubscribed or blocked by the merchant gets no request on any channel
  if (row.customerEmail && (await isBlocked(tenant, row.customerEmail))) return skip('unsubscribed');

  // The month is the shop's own (its timezone); "send anyway" passes the quota.
  const quota = monthlyQuota(shop.plan);
  if (
    reminder === 0 &&
    !options.again &&
    // the fallback of an undelivered message is the request counted already
    !fallback &&
    quota !== undefined &&
    !options.ignoreQuota &&
    (await sentCount(tenant, monthStartInZone(new Date(), shop.timezone))) >= quota
  ) {
    return { status: 'pause', extra: { skipReason: 'quota_exceeded' } };
  }

  // The review links are the reviews plugin's (it declares and verifies their purpose).
  const collect = reviewLinks(deps.capabilities, `https://${shop.publicDomain ?? shop.domain}`);
  const write = (productId: string, rating?: number) =>
    collect.writeUrl({
      shopDomain: shop.domain,
      queueEntryId: row.id,
      orderId: row.orderId,
      productId,
      customerLocale: row.customerLocale,
      ...(rating ? { rating: rating as 1 | 2 | 3 | 4 | 5 } : {}),
      expiresInDays: LINK_DAYS,
    });
  const links = requestLinks(deps, shop.domain, { queueEntry: row.id, orderId: row.orderId }, LINK_DAYS);
  const products = (row.lineItems as LineItem[]).filter((li) => li.productId);
  const messageId = `<review-request-${row.id}-${options.again ? 'again' : reminder}@${new URL(config.appUrl).hostname}>`;
  // Stars in the email (issue 32): with the reviews plugin's write page and the plan's interactive
  // email. A customer who clicked one gets reminders to finish that review, opening with their stars.
  const finishing = (reminder > 0 || !!options.again) && !!row.startedAt;
  const stars = !finishing && deps.capabilities.get(ReviewWrite) !== undefined && deps.shops.allows(shop, 'interactiveEmail');
  // the rating signed into the write link (the reviews plugin's WriteLinkInput.rating)
  const reviewUrl = (productId: string) => write(productId, finishing ? (row.startedRating ?? undefined) : undefined);
  const model = {
    customer_first_name: row.customerName?.split(' ')[0] ?? null,
    customer_name: row.customerName,
    order_name: row.name,
    shop_name: shop.name,
    shop_url: `https://${shop.publicDomain ?? shop.domain}`,
    products: products.map((p) => {
      const review_url = reviewUrl(p.productId!);
      return {
        title: p.title,
        image_url: p.productImage ?? p.image ?? null,
        review_url,
        ...(stars ? { rating_urls: [1, 2, 3, 4, 5].map((n) => write(p.productId!, n)) } : {}),
      };
    }),
    unsubscribe_url: links.unsubscribe,
    open_url: links.open,
  };
  // the fallback's row: the undelivered message joins the channels tried first, and its id and
  // receipt make way for the next message's (whose receipts may come before its send is recorded)
  let attempts: ChannelAttempt[] = fallback ? [...((row.channelAttempts as ChannelAttempt[] | null) ?? []), undeliveredAttempt(fallback)] : [];
  if (fallback) await entryOf(tenant, ref.orderId).update({ channelMessageId: null, deliveryStatus: null, channelAttempts: JSON.stringify(attempts) });
  if (!emailOnly(channels)) {
    const tried = await tryMessageChannels(deps, {
      shop,
      row,
      channels,
      lang,
      reviewTarget: model.products[0]?.review_url ?? model.shop_url,
      customer: options.customerChannel,
    });
    attempts = [...attempts, ...tried.attempts];
    const tries = attempts.length ? JSON.stringify(attempts) : null;
    if ('sent' in tried) {
      const { channel, provider, messageId: sid, text } = tried.sent;
      const sentRecord = { sentAt: new Date(), status: 'success', channel, channelProvider: provider, channelMessageId: sid, channelText: text };
      await recordSend(deps, ref, row, reminder, { ...sentRecord, channelAttempts: tries, errorMessage: null, skipReason: null }, undefined);
      return { status: 'success', extra: {}, message: { channel, messageId: sid } };
    }
    if ('retryAt' in tried)
      return { status: 'waiting', extra: { scheduledAt: tried.retryAt, skipReason: 'quiet_hours', channelAttempts: tries }, retryAt: tried.retryAt };
    const summary = attempts.map((a) => `${a.channel}: ${a.refusal}`).join('; ');
    if (!tried.email) return { status: 'cancel', extra: { skipReason: 'no_channel', errorMessage: summary.slice(0, 1000), channelAttempts: tries } };
    const skipped = await emailChecks();
    if (skipped) return { ...skipped, extra: { ...skipped.extra, channelAttempts: tries } };
  }
  const sentBy = reminder === 0 && !options.again ? await connectedSenderApp(deps, shop.id) : undefined;
  if (sentBy) {
    // no email from us: the app's flow mails the customer on RequestEligible (shared/sender-app.ts)
    await recordSend(
      deps,
      ref,
      row,
      reminder,
      { sentAt: new Date(), status: 'success', senderApp: sentBy, errorMessage: null, skipReason: null },
      eligibleEvent(ref, row, model.products, products, sentBy),
    );
    return { status: 'success', extra: {} };
  }
  // Every link through the click redirect; the storefront's with UTM parameters naming this request.
  const track = clickTracker(deps, shop, { queueEntry: row.id, medium: 'email', campaign: reminder > 0 ? 'review_reminder' : 'review_request' });
  const sent = await sendCustomerMail(deps, {
    shop,
    to: row.customerEmail!,
    key: 'reviewReminder',
    lang,
    model: { ...model, review_url: model.products[0]?.review_url },
    messageId,
    unsubscribeUrl: links.unsubscribe,
    reminder: reminder > 0,
    track,
    extras: { finishing, postponeUrl: (await postponable(deps, shop.id, row, reminder, options)) ? links.postpone : undefined },
  });
  if ('refused' in sent) return { status: 'failed', extra: { errorMessage: sent.refused.message.slice(0, 1000) } };
  const now = new Date();
  // The send's status with it (the workflow records the same next): no reader sees a sent row under its
  // former status, such as the queue's answer waiting for the row's next write (api/queue-refresh.ts).
  // the postponed request's send: the remaining reminders count from it (activities' reminderTime)
  const record = options.again
    ? { postponeSentAt: now, postponeReminderBase: row.reminderCount }
    : reminder === 0
      ? {
          sentAt: now,
          status: 'success',
          messageId,
          subject: sent.body.subject,
          htmlContent: sent.html,
          errorMessage: null,
          skipReason: null,
          // the text channels tried first (issue 32), when the request fell back to email
          ...(attempts.length ? { channel: 'email', channelAttempts: JSON.stringify(attempts) } : {}),
        }
      : { reminderCount: reminder, ...(reminder === 1 ? { remindedAt: now } : {}) };
  const first = reminder === 0 && !options.again;
  await recordSend(deps, ref, row, options.again ? 'again' : reminder, record, first ? eligibleEvent(ref, row, model.products, products, null) : undefined);
  return { status: 'success', extra: {} };
}

/**
 * "Not arrived yet?" is offered while the workflow will take it: a reminder is still to come (the
 * workflow accepts it until the last reminder's time), and the request was not postponed already.
 */
async function postponable(deps: ActivityDeps, shopId: number, row: QueueEntry, reminder: number, options: SendOptions): Promise<boolean> {
  if (row.postponedAt || options.again) return false;
  return reminder < (await requestSettingsOf(deps.settings).get(shopId)).reminders;
}

/** The merchant's chosen sender app, when it is installed and the shop is connected to it now; else Plaudit sends. */
async function connectedSenderApp(deps: ActivityDeps, shopId: number): Promise<string | undefined> {
  const chosen = (await requestSettingsOf(deps.settings).get(shopId)).senderApp;
  const app = chosen ? deps.capabilities.get(SenderApp) : undefined;
  return app && app.app === chosen && (await app.connected(shopId)) ? app.app : undefined;
}

/** The send and its events are recorded together (a retried activity finds the row sent). */
async function recordSend(
  deps: ActivityDeps,
  ref: RequestRef,
  row: QueueEntry,
  reminder: number | 'again',
  record: Record<string, unknown>,
  eligible: RequestEligiblePayload | undefined,
) {
  const tenant = deps.tenant(ref.shopId, ref.shopDomain);
  await deps.knex.transaction(async (trx) => {
    await entryOf(tenant, ref.orderId, 'email', trx).update(record);
    const event: RequestSentPayload = {
      shopId: ref.shopId,
      shopDomain: ref.shopDomain,
      requestId: Number(row.id),
      orderId: row.orderId,
      orderName: row.name ?? null,
      productIds: productIdsOf(row.lineItems as LineItem[]),
      // the postponed request's second send is the request again (reminder 0), under its own key
      reminder: reminder === 'again' ? 0 : reminder,
      status: 'success',
      at: new Date().toISOString(),
    };
    await deps.events.emit(RequestSent, event, { key: `${row.id}:${reminder}`, shopDomain: ref.shopDomain, trx });
    if (eligible) await deps.events.emit(RequestEligible, eligible, { key: String(row.id), shopDomain: ref.shopDomain, trx });
  });
}

/** RequestEligible: the customer and each product's review and one-click rating links; `sentBy` the app that mails them, if not Plaudit. */
function eligibleEvent(
  ref: RequestRef,
  row: QueueEntry,
  shown: { title: string; image_url: string | null; review_url: string }[],
  products: LineItem[],
  sentBy: string | null,
): RequestEligiblePayload {
  const [firstName, ...rest] = (row.customerName ?? '').trim().split(/\s+/);
  return {
    shopId: ref.shopId,
    shopDomain: ref.shopDomain,
    requestId: Number(row.id),
    orderId: row.orderId,
    orderName: row.name ?? null,
    customer: { email: row.customerEmail!, firstName: firstName || null, lastName: rest.join(' ') || null, locale: row.customerLocale ?? null },
    products: shown.map((p, i) => ({
      productId: products[i].productId!,
      title: p.title,
      imageUrl: p.image_url,
      reviewUrl: p.review_url,
      ratingUrls: Object.fromEntries(
        ratingUrls(p.review_url).map((url, i) => [String(i + 1), url]),
      ) as RequestEligiblePayload['products'][number]['ratingUrls'],
    })),
    sentBy,
    at: new Date().toISOString(),
  };
}
