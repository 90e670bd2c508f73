// Activities of the review-request workflow: the email_queue projection is written only here
// (through the repository in db/queue.ts).
import type { ActivityDeps } from '@plaudit/kernel';
import { addInZone, monthStartInZone } from '../shared/zoned-time';
import { delayFor, fallbackTime, sendTime } from '../shared/send-time';
import type { OrderFacts, QueueStatus, RequestRef, SettingsMailInput } from '../workflows/messages';
import { entryOf, upsertEntry } from '../db/queue';
import { RequestReviewed, type RequestReviewedPayload } from '@plaudit/contracts/review-requests';
import { productIdsOf } from '../shared/request-events';
import { requestSettingsOf } from '../db/settings';
import { sendRequest, type SendOptions } from './send';
import { postponeRequest } from './postpone';
import { withProductDetails } from './product-details';
import { startOldOrderPage } from './old-orders';
import { sendSettingsMail } from './settings-mail';
import { createPushActivities } from './push';
import { sendOrderRequestNow } from './send-now';
import { photoReminderWindow, planPhotoReminder, sendPhotoReminder } from './photo-reminder';

export { createPlatformHooks } from './hooks';
export { createEventHandlers } from './events';

/** issue 32: how long a text message's final receipt is awaited at most (receiptDeadline) */
const RECEIPT_HOURS = 12;

export function createActivities(deps: ActivityDeps) {
  const settingsOf = requestSettingsOf(deps.settings);
  const tenant = (i: RequestRef) => deps.tenant(i.shopId, i.shopDomain);
  const entry = (i: RequestRef) => entryOf(tenant(i), i.orderId);
  const shopZone = async (shopId: number) => (await deps.shops.get(shopId))?.timezone ?? 'UTC';
  /** The next reminder's time */
  const reminderTime = async (i: RequestRef): Promise<string> => {
    const settings = await settingsOf.get(i.shopId);
    const row = await entry(i).first('sentAt', 'reminderCount', 'postponeSentAt', 'postponeReminderBase');
    const { amount, unit } = settings.reminderAfter;
    // after a postponed request went out again, the remaining reminders count from that send
    const from = row.postponeSentAt ?? row.sentAt;
    const due = row.reminderCount - (row.postponeSentAt ? (row.postponeReminderBase ?? 0) : 0) + 1;
    return addInZone(new Date(from), amount * due, unit, await shopZone(i.shopId)).toISOString();
  };

  return {
    /** Creates (or refreshes) the queue entry; returns the trigger and reminder count in force. */
    async openRequest(i: RequestRef, facts: OrderFacts, workflowId: string) {
      const settings = await settingsOf.get(i.shopId);
      const lineItems = await withProductDetails(deps, i.shopDomain, facts.lineItems);
      const row = {
        orderId: i.orderId,
        queueType: 'email',
        status: 'waitingCondition',
        workflowId,
        name: facts.name,
        customerEmail: facts.email?.toLowerCase() ?? null,
        customerName: facts.customerName,
        shopifyCustomerId: facts.customerId,
        shippingCountry: facts.shippingCountry,
        customerLocale: facts.locale ?? null,
        customerPhone: facts.phone ?? null,
        smsConsent: facts.smsConsent ?? null,
        lineItems: JSON.stringify(lineItems),
        createdOrderAt: facts.createdAt,
      };
      await upsertEntry(tenant(i), row, [
        'name',
        'customerEmail',
        'customerName',
        'shopifyCustomerId',
        'shippingCountry',
        'customerLocale',
        'customerPhone',
        'smsConsent',
        'lineItems',
        'createdOrderAt',
      ]);
      return { trigger: settings.sendMethod, reminders: settings.reminders };
    },

    async recordStatus(i: RequestRef, status: QueueStatus, extra: Record<string, unknown>) {
      if (status !== 'reviewed') {
        // An open can be recorded before the send's status (the pixel's signal and the send's completion
        // in one workflow task, or their two activities side by side): a sent request opened already stays "opened".
        const row = entry(i);
        const next = status === 'success' ? row.client.raw('case when ?? is null then ? else ? end', ['openedAt', 'success', 'opened']) : status;
        await row.update({ status: next, ...extra, updatedAt: new Date() });
        return;
      }
      // The reviewed state and its RequestReviewed event together, once: a retry (or a later note) finds it recorded.
      await deps.knex.transaction(async (trx) => {
        const row = await entryOf(tenant(i), i.orderId, 'email', trx).forUpdate().first('id', 'status', 'name', 'lineItems');
        await entryOf(tenant(i), i.orderId, 'email', trx).update({ status, ...extra, updatedAt: new Date() });
        // the ReviewCreated handler recorded the review's arrival first (db/funnel.ts); a reviewed
        // signal from before it did keeps the moment the status is recorded
        await entryOf(tenant(i), i.orderId, 'email', trx).whereNull('reviewedAt').update({ reviewedAt: new Date() });
        if (!row || row.status === 'reviewed') return;
        const event: RequestReviewedPayload = {
          shopId: i.shopId,
          shopDomain: i.shopDomain,
          requestId: Number(row.id),
          orderId: i.orderId,
          orderName: row.name ?? null,
          productIds: productIdsOf(row.lineItems),
          status: 'reviewed',
          at: new Date().toISOString(),
        };
        await deps.events.emit(RequestReviewed, event, { key: row.id, shopDomain: i.shopDomain, trx });
      });
    },

    /** The open pixel was fetched: the first open is kept; a sent request reads "opened". */
    async recordOpened(i: RequestRef) {
      await entry(i).whereNull('openedAt').update({ openedAt: new Date(), updatedAt: new Date() });
      await entry(i).where({ status: 'success' }).update({ status: 'opened' });
    },

    /** The send instant: trigger time + the delay for the shipping country, in the shop's timezone. */
    async planSend(i: RequestRef, triggerAt: string, country: string | null): Promise<string> {
      const settings = await settingsOf.get(i.shopId);
      if (settings.sendMethod !== 'purchase')
        await entry(i).update(settings.sendMethod === 'delivery' ? { deliveredAt: triggerAt } : { fulfilledDate: triggerAt });
      return sendTime(new Date(triggerAt), delayFor(settings, country), await shopZone(i.shopId)).toISOString();
    },

    async deliveryFallback(i: RequestRef, fulfilledAt: string): Promise<string> {
      await entry(i).update({ fulfilledDate: fulfilledAt });
      return fallbackTime(new Date(fulfilledAt), await settingsOf.get(i.shopId), await shopZone(i.shopId)).toISOString();
    },

    reminderTime,

    /**
     * Until when the workflow awaits a text message's final receipt (issue 32): RECEIPT_HOURS past the
     * send (Twilio keeps an undeliverable message queued 10 hours at most, its ValidityPeriod's default),
     * and never past the first reminder's time, which reaches the customer by email anyway.
     */
    async receiptDeadline(i: RequestRef): Promise<string> {
      const { reminders } = await settingsOf.get(i.shopId);
      const latest = Date.now() + RECEIPT_HOURS * 3_600_000;
      const reminder = reminders > 0 ? new Date(await reminderTime(i)).getTime() : Number.POSITIVE_INFINITY;
      return new Date(Math.min(latest, reminder)).toISOString();
    },

    /** Until when a request over the monthly quota is held: the month's turn in the shop's timezone (or the recheck). */
    async quotaHold(i: RequestRef): Promise<{ resetsAt: string }> {
      const now = new Date();
      const monthTurn = monthStartInZone(now, await shopZone(i.shopId), 1);
      const recheck = (await settingsOf.get(i.shopId)).quotaRecheck;
      const soon = recheck ? addInZone(now, recheck.amount, recheck.unit, 'UTC') : monthTurn;
      return { resetsAt: new Date(Math.min(monthTurn.getTime(), soon.getTime())).toISOString() };
    },

    /** A template's test email or a sender verification link (workflow settingsMail). */
    sendSettingsMail: (input: SettingsMailInput) => sendSettingsMail(deps, input),
    startOldOrderPage: (input: { shopId: number; shopDomain: string }, cursor: string | null, remaining: number) =>
      startOldOrderPage(deps, input, cursor, remaining),
    sendOrderRequestNow: (input: { shopId: number; shopDomain: string }, orderId: string) => sendOrderRequestNow(deps, input, orderId),
    ...createPushActivities(deps),
    /** The photo reminder after a review without photos: whether and when, then the send. */
    photoReminderWindow: (i: RequestRef) => photoReminderWindow(deps, i),
    planPhotoReminder: (i: RequestRef, reviewId: number) => planPhotoReminder(deps, i, reviewId),
    sendPhotoReminder: (i: RequestRef, reviewId: number) => sendPhotoReminder(deps, i, reviewId),

    /** The request (reminder 0) or a reminder; "send anyway" passes the monthly quota. */
    async sendRequest(i: RequestRef, reminder: number, options: Pick<SendOptions, 'ignoreQuota' | 'customerChannel' | 'undelivered'> = {}) {
      return sendRequest(deps, i, reminder, options);
    },
    /** "Not arrived yet?" (issue 32): records the postponement; answers until when the request waits at most for the delivery. */
    postponeRequest: (i: RequestRef, at: string) => postponeRequest(deps, i, at),
    /** The postponed request once more, after the delivery (or the wait). */
    async sendPostponed(i: RequestRef) {
      return sendRequest(deps, i, 0, { again: true });
    },
  };
}
