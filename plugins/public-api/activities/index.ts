// The public API's worker side: outgoing webhooks. Every listened event (shared/webhook-topics.ts)
// becomes one delivery per enabled subscription of the shop to its topic and per item it carries
// (a review change of 500 reviews: 500 deliveries), each recorded and its `deliverWebhook` workflow
// start put in the outbox in one transaction.
import { eventHandlers, handleEvent, type ActivityDeps } from '@plaudit/kernel';
import { eventDeliveryId, insertDelivery, subscribersOf } from '../db/webhooks';
import { startDelivery } from '../db/delivery-start';
import { WEBHOOK_EVENTS, type ForwardedEvent } from '../shared/webhook-topics';
import type { WebhookDeliveryInput } from '../workflows/messages';
import { attemptDelivery, giveUp } from './deliver';
import { mailDisabled } from './disabled-mail';
import { purgeDeliveries } from './retention';
import { webhookData } from './question-data';

export function createActivities(deps: ActivityDeps) {
  return {
    /** One POST of a delivery (retried by Temporal on the input's timing). */
    webhooksAttempt: (input: WebhookDeliveryInput) => attemptDelivery(deps, input),
    /** Marks the delivery failed; may switch its subscription off. True: the merchant is to be told. */
    webhooksGiveUp: (input: WebhookDeliveryInput) => giveUp(deps, input),
    /** The "endpoint switched off" mail, once per switch-off. */
    webhooksMailDisabled: (input: WebhookDeliveryInput) => mailDisabled(deps, input),
    /** Deletes finished deliveries past the log's retention; returns how many. */
    webhooksPurgeOld: () => purgeDeliveries(deps),
  };
}

/**
 * The webhook `data` items of an event: one per review of a review change, else the event without its
 * shop fields (question events are completed by question-data.ts).
 */
export function webhookItems(event: ForwardedEvent): Record<string, unknown>[] {
  const { shopId: _shopId, shopDomain: _shopDomain, reviews, ...rest } = event;
  return Array.isArray(reviews) ? reviews.map((review) => ({ ...review, ...rest })) : [rest];
}

export function createEventHandlers(deps: ActivityDeps) {
  async function forward(topic: string, event: ForwardedEvent) {
    const tenant = deps.tenant(event.shopId, event.shopDomain);
    const subscribers = await subscribersOf(tenant, topic);
    if (!subscribers.length) return;
    // webhooks are part of the plan's API feature: a shop below it (or gone) gets none
    const shop = await deps.shops.get(event.shopId);
    if (!shop || shop.uninstalled || !deps.shops.allows(shop, 'publicApi')) return;
    const items = webhookItems(event);
    // read before the transaction; the delivery id stays the digest of the event's own item
    const payloads = await Promise.all(items.map((item) => webhookData(deps, tenant, topic, item)));
    await deps.knex.transaction(async (trx) => {
      for (const subscription of subscribers) {
        for (const [i, item] of items.entries()) {
          const id = eventDeliveryId(subscription.id, topic, item);
          // a retried handler finds its deliveries made, their starts already in the outbox
          if (await insertDelivery(tenant, { id, subscriptionId: subscription.id, topic, payload: payloads[i] }, trx))
            await startDelivery(deps, tenant, id, topic, { trx });
        }
      }
    });
  }
  return eventHandlers(...Object.entries(WEBHOOK_EVENTS).map(([topic, event]) => handleEvent(event, (e) => forward(topic, e))));
}
