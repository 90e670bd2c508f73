// The merchant's webhook subscriptions (the webhooks panel of /settings/managingKey), behind the
// admin's own authentication; the integrator's side of it is WEBHOOKS.md.
//   GET    /api/webhooks                          { items, topics, access: { allowed, tier } }
//   POST   /api/webhooks                          { url, topics } -> 201, with its `secret`
//   PATCH  /api/webhooks/:id                      { url?, topics?, enabled? } (enabling starts afresh)
//   DELETE /api/webhooks/:id                      its deliveries go with it
//   GET    /api/webhooks/:id/secret               { secret }
//   POST   /api/webhooks/:id/secret/roll          { secret }: a new one, the old one stops at once
//   POST   /api/webhooks/:id/ping                 a test delivery (topic `ping`), answered when it is done (202 while pending)
//   GET    /api/webhooks/:id/deliveries           { items, pageInfo } newest first (?cursor&limit)
//   GET    /api/webhooks/:id/deliveries/:did      one delivery, with its payload and last answer
//   POST   /api/webhooks/:id/deliveries/:did/redeliver   202: the same delivery (same id) once more; 409 while pending
// Making or widening what is sent (create, change, enable, ping, redeliver, roll) needs the public
// API's tier; reading, switching off and deleting never do. Ids of another shop answer 404.
import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import Router from '@koa/router';
import createHttpError from 'http-errors';
import { z } from 'zod';
import { requiredTier, requireFeature, type ApiServices, type AppContext, type AppState } from '@plaudit/kernel';
import {
  decodeCursor, deliveries, deliveryById, deliveryPage, insertDelivery, openSecret, presentDelivery, presentSubscription, sealSecret, subscriptionById,
  subscriptions, type SubscriptionRow,
} from '../db/webhooks';
import { startDelivery } from '../db/delivery-start';
import { checkWebhookUrl, type UrlProblem } from '../activities/webhook-target';
import { newWebhookSecret } from '../shared/signature';
import { MAX_SUBSCRIPTIONS, PING_TOPIC, subscriptionInput, subscriptionPatch } from '../shared/webhooks';
import { WEBHOOK_TOPICS } from '../shared/webhook-topics';
import type { DeliveryOutcome } from '../workflows/messages';

const FEATURE = 'publicApi';
const PING_WAIT_MS = 15_000;
const invalid = 'The value is invalid';
const idParam = z.object({ id: z.coerce.number({ error: invalid }).int(invalid).positive(invalid) });
const deliveryParam = idParam.extend({ deliveryId: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, invalid) });
const pageQuery = z.object({ cursor: z.string().max(200).optional(), limit: z.coerce.number({ error: invalid }).int(invalid).min(1).max(100).default(25) });

const URL_MESSAGES: Record<UrlProblem, string> = {
  invalid: 'Enter a valid URL',
  https: 'The URL must start with https://',
  credentials: 'The URL must not contain a user name or password',
  private: 'The URL must point to a public address',
  unresolved: 'The URL host does not resolve',
};

export function webhookRoutes(services: ApiServices) {
  const router = new Router<AppState>({ prefix: '/webhooks' });
  const production = services.config.env === 'production';
  const gate = requireFeature(FEATURE);

  async function assertUrl(url: string) {
    const problem = await checkWebhookUrl(url, production);
    if (problem) throw createHttpError(400, URL_MESSAGES[problem], { code: `WEBHOOK_URL_${problem.toUpperCase()}` });
  }

  async function findSubscription(ctx: AppContext): Promise<SubscriptionRow> {
    const { id } = idParam.parse(ctx.params);
    const row = await subscriptionById(ctx.state.tenant, id);
    if (!row) throw createHttpError(404, 'No such webhook subscription');
    return row;
  }

  router.get('/', async (ctx) => {
    const shop = await services.shops.get(ctx.state.auth.shopId);
    const rows: SubscriptionRow[] = await subscriptions(ctx.state.tenant).orderBy('id');
    ctx.body = { items: rows.map(presentSubscription), topics: WEBHOOK_TOPICS, access: { allowed: !!shop && services.shops.allows(shop, FEATURE), tier: requiredTier(FEATURE) } };
  });

  router.post('/', gate, async (ctx) => {
    const input = subscriptionInput.parse(ctx.request.body ?? {});
    await assertUrl(input.url);
    const [{ count }] = await subscriptions(ctx.state.tenant).count({ count: '*' });
    if (Number(count) >= MAX_SUBSCRIPTIONS) throw createHttpError(409, `A shop has at most ${MAX_SUBSCRIPTIONS} webhook subscriptions`, { code: 'WEBHOOK_LIMIT' });
    const secret = newWebhookSecret();
    const [row]: SubscriptionRow[] = await ctx.state.tenant.insertInto('webhook_subscriptions', { url: input.url, topics: input.topics, secret: sealSecret(services.config, secret) }).returning('*');
    ctx.status = 201;
    ctx.body = { ...presentSubscription(row), secret };
  });

  router.get('/:id', async (ctx) => {
    ctx.body = presentSubscription(await findSubscription(ctx));
  });

  router.patch('/:id', async (ctx) => {
    const patch = subscriptionPatch.parse(ctx.request.body ?? {});
    // switching off needs no plan; anything that sends more does
    if (patch.url !== undefined || patch.topics !== undefined || patch.enabled) await gate(ctx, async () => undefined);
    const row = await findSubscription(ctx);
    if (patch.url !== undefined) await assertUrl(patch.url);
    const now = new Date();
    const changes: Record<string, unknown> = { updatedAt: now };
    if (patch.url !== undefined) changes.url = patch.url;
    if (patch.topics !== undefined) changes.topics = patch.topics;
    if (patch.enabled === false && row.enabled) Object.assign(changes, { enabled: false, disabledReason: 'merchant', disabledAt: now });
    // back on: the failure history starts afresh
    if (patch.enabled && !row.enabled) Object.assign(changes, { enabled: true, disabledReason: null, disabledAt: null, disabledMailedAt: null, consecutiveFailures: 0, failingSince: null });
    const [updated]: SubscriptionRow[] = await subscriptions(ctx.state.tenant).where({ id: row.id }).update(changes).returning('*');
    ctx.body = presentSubscription(updated);
  });

  router.delete('/:id', async (ctx) => {
    const row = await findSubscription(ctx);
    await subscriptions(ctx.state.tenant).where({ id: row.id }).del();
    ctx.body = { success: true, id: Number(row.id) };
  });

  router.get('/:id/secret', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { secret: openSecret(services.config, (await findSubscription(ctx)).secret) };
  });

  router.post('/:id/secret/roll', gate, async (ctx) => {
    const row = await findSubscription(ctx);
    const secret = newWebhookSecret();
    await subscriptions(ctx.state.tenant).where({ id: row.id }).update({ secret: sealSecret(services.config, secret), updatedAt: new Date() });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { secret };
  });

  router.post('/:id/ping', gate, async (ctx) => {
    const row = await findSubscription(ctx);
    const { tenant } = ctx.state;
    const id = crypto.randomUUID();
    const data = { message: 'A test delivery from Plaudit', subscriptionId: Number(row.id) };
    await insertDelivery(tenant, { id, subscriptionId: row.id, topic: PING_TOPIC, payload: data });
    // not in a transaction: the start is handed to Temporal before the answer is awaited
    const { workflowId } = await startDelivery(services, tenant, id, PING_TOPIC, { once: true });
    // the merchant waits for the answer; a slow Temporal leaves it pending in the log
    const outcome = await Promise.race([
      services.temporal.client.workflow.getHandle(workflowId).result().then((r: DeliveryOutcome) => r, () => undefined),
      sleep(PING_WAIT_MS, undefined, { ref: false }),
    ]).catch(() => undefined);
    const delivery = await deliveryById(tenant, id);
    ctx.status = outcome ? 200 : 202;
    ctx.body = presentDelivery(delivery!);
  });

  router.get('/:id/deliveries', async (ctx) => {
    const row = await findSubscription(ctx);
    const { cursor, limit } = pageQuery.parse(ctx.query);
    if (cursor && !decodeCursor(cursor)) throw createHttpError(400, 'The cursor is invalid', { code: 'INVALID_CURSOR' });
    const page = await deliveryPage(ctx.state.tenant, row.id, limit, cursor);
    ctx.body = { items: page.rows.map(presentDelivery), pageInfo: { nextCursor: page.nextCursor, hasNextPage: page.nextCursor !== null } };
  });

  async function findDelivery(ctx: AppContext) {
    const { id, deliveryId } = deliveryParam.parse(ctx.params);
    const delivery = await deliveryById(ctx.state.tenant, deliveryId);
    if (!delivery || Number(delivery.subscriptionId) !== id) throw createHttpError(404, 'No such delivery');
    return delivery;
  }

  router.get('/:id/deliveries/:deliveryId', async (ctx) => {
    ctx.body = presentDelivery(await findDelivery(ctx));
  });

  router.post('/:id/deliveries/:deliveryId/redeliver', gate, async (ctx) => {
    const delivery = await findDelivery(ctx);
    // one workflow at a time per delivery: a pending one is still being tried
    if (delivery.status === 'pending') throw createHttpError(409, 'The delivery is still being tried', { code: 'DELIVERY_PENDING' });
    const { tenant } = ctx.state;
    const updated = await services.knex.transaction(async (trx) => {
      // the counter names the redelivery's workflow; a concurrent second click gets the next number
      const [row] = await deliveries(tenant, trx)
        .where({ id: delivery.id })
        .whereNot({ status: 'pending' })
        // tenancy: an expression on the tenant's own delivery row
        .update({ status: 'pending', redeliveries: services.knex.raw('redeliveries + 1'), nextAttemptAt: null, updatedAt: new Date() })
        .returning('*');
      if (!row) throw createHttpError(409, 'The delivery is still being tried', { code: 'DELIVERY_PENDING' });
      await startDelivery(services, tenant, delivery.id, delivery.topic, { once: true, redelivery: row.redeliveries, trx });
      return row;
    });
    ctx.status = 202;
    ctx.body = presentDelivery(updated);
  });

  return router;
}
