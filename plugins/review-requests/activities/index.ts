// Activities of the review-request workflow: the email_queue projection is written only here.
import type { ActivityDeps } from '../../../workflows/plugin';
import { addInZone } from '../shared/zoned-time';
import { delayFor, fallbackTime, sendTime } from '../shared/send-time';
import type { ReviewRequestInput } from '../workflows';
import type { OrderFacts, QueueStatus } from '../workflows/messages';
import type { SettingsMailInput } from '../workflows/settings-mail';
import { loadSettings } from './settings';
import { sendRequest } from './send';
import { startOldOrderPage } from './old-orders';
import { sendSettingsMail } from './settings-mail';
import { createPushActivities } from './push';
import { sendOrderRequestNow } from './send-now';
import { photoReminderWindow, planPhotoReminder, sendPhotoReminder } from './photo-reminder';

export { createPlatformHooks } from './hooks';

export function createActivities(deps: ActivityDeps) {
  const { knex } = deps;
  // tenancy: ids come from the workflow input, which a verified webhook of that shop started
  const queueRow = (i: ReviewRequestInput) => knex('email_queue').where({ shopId: i.shopId, orderId: i.orderId, queueType: 'email' });
  // tenancy: the shop row itself
  const shopZone = async (shopId: number) => (await knex('shops').where({ id: shopId }).first('ianaTimezone'))?.ianaTimezone ?? 'UTC';

  return {
    /** Creates (or refreshes) the queue entry; returns the trigger and reminder count in force. */
    async openRequest(i: ReviewRequestInput, facts: OrderFacts, workflowId: string) {
      const settings = await loadSettings(knex, i.shopId);
      // tenancy: the shop id comes from the verified webhook that started this workflow
      await knex('email_queue')
        .insert({
          shopId: i.shopId, orderId: i.orderId, queueType: 'email', status: 'waitingCondition', workflowId,
          name: facts.name, customerEmail: facts.email?.toLowerCase() ?? null, customerName: facts.customerName, shopifyCustomerId: facts.customerId,
          shippingCountry: facts.shippingCountry, lineItems: JSON.stringify(facts.lineItems), createdOrderAt: facts.createdAt,
        })
        .onConflict(['shop_id', 'order_id', 'queue_type'])
        .merge(['name', 'customerEmail', 'customerName', 'shopifyCustomerId', 'shippingCountry', 'lineItems', 'createdOrderAt']);
      return { trigger: settings.sendMethod, reminders: settings.reminders };
    },

    async recordStatus(i: ReviewRequestInput, status: QueueStatus, extra: Record<string, unknown>) {
      await queueRow(i).update({ status, ...extra, updatedAt: new Date() });
    },

    /** The send instant: trigger time + the delay for the shipping country, in the shop's timezone. */
    async planSend(i: ReviewRequestInput, triggerAt: string, country: string | null): Promise<string> {
      const settings = await loadSettings(knex, i.shopId);
      if (settings.sendMethod !== 'purchase') await queueRow(i).update(settings.sendMethod === 'delivery' ? { deliveredAt: triggerAt } : { fulfilledDate: triggerAt });
      return sendTime(new Date(triggerAt), delayFor(settings, country), await shopZone(i.shopId)).toISOString();
    },

    async deliveryFallback(i: ReviewRequestInput, fulfilledAt: string): Promise<string> {
      await queueRow(i).update({ fulfilledDate: fulfilledAt });
      return fallbackTime(new Date(fulfilledAt), await loadSettings(knex, i.shopId), await shopZone(i.shopId)).toISOString();
    },

    async reminderTime(i: ReviewRequestInput): Promise<string> {
      const settings = await loadSettings(knex, i.shopId);
      const row = await queueRow(i).first('sentAt', 'reminderCount');
      const base = new Date(row.sentAt);
      const { amount, unit } = settings.reminderAfter;
      return addInZone(base, amount * (row.reminderCount + 1), unit, await shopZone(i.shopId)).toISOString();
    },

    /** A template's test email or a sender verification link (workflow settingsMail). */
    sendSettingsMail: (input: SettingsMailInput) => sendSettingsMail(deps, input),
    startOldOrderPage: (input: { shopId: number; shopDomain: string }, cursor: string | null, remaining: number) => startOldOrderPage(deps, input, cursor, remaining),
    sendOrderRequestNow: (input: { shopId: number; shopDomain: string }, orderId: string) => sendOrderRequestNow(deps, input, orderId),
    ...createPushActivities(deps),
    /** The photo reminder after a review without photos: whether and when, then the send. */
    photoReminderWindow: (i: ReviewRequestInput) => photoReminderWindow(deps, i),
    planPhotoReminder: (i: ReviewRequestInput, reviewId: number) => planPhotoReminder(deps, i, reviewId),
    sendPhotoReminder: (i: ReviewRequestInput, reviewId: number) => sendPhotoReminder(deps, i, reviewId),

    async sendRequest(i: ReviewRequestInput, reminder: number) {
      const row = await queueRow(i).first('id');
      return sendRequest(deps, row.id, reminder);
    },
  };
}
