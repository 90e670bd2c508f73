// One attempt of a delivery, and giving up on it. Every attempt is written on the delivery row (its
// answer, at most 2 KB of it) and on the subscription (consecutive failures, since when failing).
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { ActivityDeps } from '@plaudit/kernel';
import { deliveries, deliveryById, openSecret, subscriptionById, subscriptions } from '../db/webhooks';
import { signPayload } from '../shared/signature';
import type { WebhookTiming } from '../shared/webhooks';
import type { DeliveryOutcome, WebhookDeliveryInput } from '../workflows/messages';
import { postWebhook } from './webhook-target';

/** When Temporal will try again after failed attempt number `attempt` (1-based), or null past the window. */
function nextAttemptAt(timing: WebhookTiming, attempt: number, firstAttemptAt: Date): Date | null {
  const delay = Math.min(timing.retryMaxMs, timing.retryInitialMs * 2 ** (attempt - 1));
  const at = new Date(Date.now() + delay);
  return at.getTime() - firstAttemptAt.getTime() < timing.retryWindowMs ? at : null;
}

/** The body every delivery sends (WEBHOOKS.md): the same bytes for every attempt of the delivery. */
export const deliveryBody = (d: { id: string; topic: string; createdAt: Date; payload: unknown }, shopDomain: string) =>
  JSON.stringify({ id: d.id, topic: d.topic, createdAt: new Date(d.createdAt).toISOString(), shopDomain, data: d.payload });

export async function attemptDelivery(deps: ActivityDeps, input: WebhookDeliveryInput): Promise<Exclude<DeliveryOutcome, 'failed'>> {
  const tenant = deps.tenant(input.shopId, input.shopDomain);
  const delivery = await deliveryById(tenant, input.deliveryId);
  const subscription = delivery && (await subscriptionById(tenant, delivery.subscriptionId));
  // deleted with its subscription, or already delivered by an earlier try of this activity
  if (!delivery || !subscription) return 'skipped';
  if (delivery.status === 'delivered' && !input.once) return 'delivered';
  if (!subscription.enabled && !input.once) {
    await deliveries(tenant)
      .where({ id: delivery.id, status: 'pending' })
      .update({ status: 'failed', lastError: 'The subscription is disabled', nextAttemptAt: null, updatedAt: new Date() });
    return 'skipped';
  }

  const body = deliveryBody(delivery, input.shopDomain);
  const result = await postWebhook(
    subscription.url,
    body,
    {
      'plaudit-signature': signPayload(openSecret(deps.config, subscription.secret), body),
      'plaudit-webhook-id': delivery.id,
      'plaudit-topic': delivery.topic,
      'plaudit-shop-domain': input.shopDomain,
    },
    deps.config.env === 'production',
  );
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const info = Context.current().info;
  const now = new Date();
  await deps.knex.transaction(async (trx) => {
    await deliveries(tenant, trx)
      .where({ id: delivery.id })
      .update({
        status: ok ? 'delivered' : 'pending',
        attempts: delivery.attempts + 1,
        lastStatusCode: result.statusCode,
        lastResponse: result.response,
        lastError: result.error,
        lastAttemptAt: now,
        nextAttemptAt: ok || input.once ? null : nextAttemptAt(input.timing, info.attempt, new Date(info.scheduledTimestampMs)),
        updatedAt: now,
      });
    const counted = ok
      ? { consecutiveFailures: 0, failingSince: null, lastSuccessAt: now, updatedAt: now }
      : // tenancy: expressions on the tenant's own subscription row (counted where concurrent deliveries fail at once)
        { consecutiveFailures: deps.knex.raw('consecutive_failures + 1'), failingSince: deps.knex.raw('coalesce(failing_since, ?)', [now]), updatedAt: now };
    await subscriptions(tenant, trx).where({ id: subscription.id }).update(counted);
  });
  if (ok) return 'delivered';
  const reason = result.statusCode !== null ? `HTTP ${result.statusCode}` : (result.error ?? 'no answer');
  // Temporal retries on its schedule; a single attempt (ping, redelivery) is not retried
  throw input.once ? ApplicationFailure.nonRetryable(reason, 'WebhookRefused') : ApplicationFailure.retryable(reason, 'WebhookRefused');
}

/**
 * The delivery is failed for good. An event's delivery (not a ping or redelivery) whose endpoint
 * accepted nothing since the delivery was made switches the subscription off. Answers whether the
 * subscription is off for failing and its merchant not mailed yet.
 */
export async function giveUp(deps: ActivityDeps, input: WebhookDeliveryInput): Promise<boolean> {
  const tenant = deps.tenant(input.shopId, input.shopDomain);
  return deps.knex.transaction(async (trx) => {
    const delivery = await deliveryById(tenant, input.deliveryId, trx);
    if (!delivery) return false;
    await deliveries(tenant, trx).where({ id: delivery.id, status: 'pending' }).update({ status: 'failed', nextAttemptAt: null, updatedAt: new Date() });
    if (input.once) return false;
    await subscriptions(tenant, trx)
      .where({ id: delivery.subscriptionId, enabled: true })
      .where((q) => q.whereNull('lastSuccessAt').orWhere('lastSuccessAt', '<', delivery.createdAt))
      .update({ enabled: false, disabledReason: 'failing', disabledAt: new Date(), disabledMailedAt: null, updatedAt: new Date() });
    const subscription = await subscriptionById(tenant, delivery.subscriptionId, trx);
    return !!subscription && !subscription.enabled && subscription.disabledReason === 'failing' && !subscription.disabledMailedAt;
  });
}
