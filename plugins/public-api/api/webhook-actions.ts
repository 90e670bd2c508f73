// What can be done with a shop's webhook subscriptions, once for both doors: the admin's webhooks
// panel (api/webhook-routes.ts, app authentication, tier-gated per action) and the public API's
// `webhooks` scope (api/v1/webhooks.ts, a key of an enterprise shop). Ids of another shop are 404.
import createHttpError from 'http-errors';
import type { ApiServices, Tenant } from '@plaudit/kernel';
import { deliveries, deliveryById, deliveryPage, sealSecret, subscriptionById, subscriptions, type DeliveryRow, type SubscriptionRow } from '../db/webhooks';
import { startDelivery } from '../db/delivery-start';
import { checkWebhookUrl, type UrlProblem } from '../activities/webhook-target';
import { newWebhookSecret } from '../shared/signature';
import { MAX_SUBSCRIPTIONS, type SubscriptionInput, type SubscriptionPatch } from '../shared/webhooks';
import { offeredTopics } from '../shared/webhook-topics';

const URL_MESSAGES: Record<UrlProblem, string> = {
  invalid: 'Enter a valid URL',
  https: 'The URL must start with https://',
  credentials: 'The URL must not contain a user name or password',
  private: 'The URL must point to a public address',
  unresolved: 'The URL host does not resolve',
};

const pendingDelivery = () => createHttpError(409, 'The delivery is still being tried', { code: 'DELIVERY_PENDING' });

export function webhookActions(services: ApiServices) {
  const production = services.config.env === 'production';

  async function assertUrl(url: string) {
    const problem = await checkWebhookUrl(url, production);
    if (problem) throw createHttpError(400, URL_MESSAGES[problem], { code: `WEBHOOK_URL_${problem.toUpperCase()}` });
  }

  /** a topic of a plugin this server lacks (question.* without questions) is refused like an unknown one */
  function assertTopics(topics: string[] | undefined) {
    const offered: string[] = offeredTopics((ref) => services.capabilities.has(ref));
    const errors = Object.fromEntries((topics ?? []).flatMap((t, i) => (offered.includes(t) ? [] : [[`topics.${i}`, 'Unknown topic']])));
    if (Object.keys(errors).length) throw createHttpError(400, 'Validation failed', { errors });
  }

  return {
    /** what a subscription may ask for on this server */
    topics: () => offeredTopics((ref) => services.capabilities.has(ref)),

    list: (tenant: Tenant): Promise<SubscriptionRow[]> => subscriptions(tenant).orderBy('id'),

    async find(tenant: Tenant, id: number): Promise<SubscriptionRow> {
      const row = await subscriptionById(tenant, id);
      if (!row) throw createHttpError(404, 'No such webhook subscription', { code: 'NOT_FOUND' });
      return row;
    },

    /** A new subscription and its signing secret (shown here in the clear, sealed at rest). */
    async create(tenant: Tenant, input: SubscriptionInput): Promise<{ row: SubscriptionRow; secret: string }> {
      assertTopics(input.topics);
      await assertUrl(input.url);
      const [{ count }] = await subscriptions(tenant).count({ count: '*' });
      if (Number(count) >= MAX_SUBSCRIPTIONS)
        throw createHttpError(409, `A shop has at most ${MAX_SUBSCRIPTIONS} webhook subscriptions`, { code: 'WEBHOOK_LIMIT' });
      const secret = newWebhookSecret();
      const [row]: SubscriptionRow[] = await tenant
        .insertInto('webhook_subscriptions', { url: input.url, topics: input.topics, secret: sealSecret(services.config, secret) })
        .returning('*');
      return { row, secret };
    },

    async update(tenant: Tenant, row: SubscriptionRow, patch: SubscriptionPatch): Promise<SubscriptionRow> {
      assertTopics(patch.topics);
      if (patch.url !== undefined) await assertUrl(patch.url);
      const now = new Date();
      const changes: Record<string, unknown> = { updatedAt: now };
      if (patch.url !== undefined) changes.url = patch.url;
      if (patch.topics !== undefined) changes.topics = patch.topics;
      if (patch.enabled === false && row.enabled) Object.assign(changes, { enabled: false, disabledReason: 'merchant', disabledAt: now });
      // back on: the failure history starts afresh
      if (patch.enabled && !row.enabled)
        Object.assign(changes, { enabled: true, disabledReason: null, disabledAt: null, disabledMailedAt: null, consecutiveFailures: 0, failingSince: null });
      const [updated]: SubscriptionRow[] = await subscriptions(tenant).where({ id: row.id }).update(changes).returning('*');
      return updated;
    },

    /**
     * Its deliveries go with it, deleted first: an attempt being written locks its delivery row, then
     * the subscription's, and a cascade from the subscription would take them the other way round
     * (a deadlock Postgres breaks by failing one of the two).
     */
    remove: (tenant: Tenant, row: SubscriptionRow) =>
      services.knex.transaction(async (trx) => {
        await deliveries(tenant, trx).where({ subscriptionId: row.id }).del();
        await subscriptions(tenant, trx).where({ id: row.id }).del();
      }),

    async deliveries(tenant: Tenant, row: SubscriptionRow, page: { cursor?: string; limit: number }) {
      return deliveryPage(tenant, row.id, page.limit, page.cursor);
    },

    async findDelivery(tenant: Tenant, subscriptionId: number, deliveryId: string): Promise<DeliveryRow> {
      const delivery = await deliveryById(tenant, deliveryId);
      if (!delivery || Number(delivery.subscriptionId) !== subscriptionId) throw createHttpError(404, 'No such delivery', { code: 'NOT_FOUND' });
      return delivery;
    },

    /** The same delivery (same id) once more; 409 while one is still being tried. */
    async redeliver(tenant: Tenant, delivery: DeliveryRow): Promise<DeliveryRow> {
      if (delivery.status === 'pending') throw pendingDelivery();
      return services.knex.transaction(async (trx) => {
        // the counter names the redelivery's workflow; a concurrent second click gets the next number
        const [row] = await deliveries(tenant, trx)
          .where({ id: delivery.id })
          .whereNot({ status: 'pending' })
          // tenancy: an expression on the tenant's own delivery row
          .update({ status: 'pending', redeliveries: services.knex.raw('redeliveries + 1'), nextAttemptAt: null, updatedAt: new Date() })
          .returning('*');
        if (!row) throw pendingDelivery();
        await startDelivery(services, tenant, delivery.id, delivery.topic, { once: true, redelivery: row.redeliveries, trx });
        return row;
      });
    },
  };
}
