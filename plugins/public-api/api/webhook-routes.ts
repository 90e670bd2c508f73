// The merchant's webhook subscriptions (the webhooks panel of /settings/managingKey), behind the
// admin's own authentication; the integrator's side of it is WEBHOOKS.md.
//   GET    /api/webhooks                          { items, topics (those this server offers), access: { allowed, tier } }
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
import { z } from 'zod';
import { requiredTier, requireFeature, type ApiServices, type AppContext, type AppState } from '@plaudit/kernel';
import { deliveryById, insertDelivery, openSecret, presentDelivery, presentSubscription, sealSecret, subscriptions } from '../db/webhooks';
import { startDelivery } from '../db/delivery-start';
import { newWebhookSecret } from '../shared/signature';
import { PING_TOPIC, subscriptionInput, subscriptionPatch } from '../shared/webhooks';
import type { DeliveryOutcome } from '../workflows/messages';
import { webhookActions } from './webhook-actions';

const FEATURE = 'publicApi';
const PING_WAIT_MS = 15_000;
const invalid = 'The value is invalid';
const idParam = z.object({ id: z.coerce.number({ error: invalid }).int(invalid).positive(invalid) });
const deliveryParam = idParam.extend({ deliveryId: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, invalid) });
const pageQuery = z.object({ cursor: z.string().max(200).optional(), limit: z.coerce.number({ error: invalid }).int(invalid).min(1).max(100).default(25) });

export function webhookRoutes(services: ApiServices) {
  const router = new Router<AppState>({ prefix: '/webhooks' });
  const gate = requireFeature(FEATURE);
  const actions = webhookActions(services);
  const findSubscription = (ctx: AppContext) => actions.find(ctx.state.tenant, idParam.parse(ctx.params).id);

  router.get('/', async (ctx) => {
    const shop = await services.shops.get(ctx.state.auth.shopId);
    const rows = await actions.list(ctx.state.tenant);
    ctx.body = {
      items: rows.map(presentSubscription),
      topics: actions.topics(),
      access: { allowed: !!shop && services.shops.allows(shop, FEATURE), tier: requiredTier(FEATURE) },
    };
  });

  router.post('/', gate, async (ctx) => {
    const { row, secret } = await actions.create(ctx.state.tenant, subscriptionInput.parse(ctx.request.body ?? {}));
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
    ctx.body = presentSubscription(await actions.update(ctx.state.tenant, await findSubscription(ctx), patch));
  });

  router.delete('/:id', async (ctx) => {
    const row = await findSubscription(ctx);
    await actions.remove(ctx.state.tenant, row);
    ctx.body = { success: true, id: Number(row.id) };
  });

  router.get('/:id/secret', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { secret: openSecret(services.config, (await findSubscription(ctx)).secret) };
  });

  router.post('/:id/secret/roll', gate, async (ctx) => {
    const row = await findSubscription(ctx);
    const secret = newWebhookSecret();
    await subscriptions(ctx.state.tenant)
      .where({ id: row.id })
      .update({ secret: sealSecret(services.config, secret), updatedAt: new Date() });
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
      services.temporal.client.workflow
        .getHandle(workflowId)
        .result()
        .then(
          (r: DeliveryOutcome) => r,
          () => undefined,
        ),
      sleep(PING_WAIT_MS, undefined, { ref: false }),
    ]).catch(() => undefined);
    const delivery = await deliveryById(tenant, id);
    ctx.status = outcome ? 200 : 202;
    ctx.body = presentDelivery(delivery!);
  });

  router.get('/:id/deliveries', async (ctx) => {
    const row = await findSubscription(ctx);
    const page = await actions.deliveries(ctx.state.tenant, row, pageQuery.parse(ctx.query));
    ctx.body = { items: page.rows.map(presentDelivery), pageInfo: { nextCursor: page.nextCursor, hasNextPage: page.nextCursor !== null } };
  });

  const findDelivery = (ctx: AppContext) => {
    const { id, deliveryId } = deliveryParam.parse(ctx.params);
    return actions.findDelivery(ctx.state.tenant, id, deliveryId);
  };

  router.get('/:id/deliveries/:deliveryId', async (ctx) => {
    ctx.body = presentDelivery(await findDelivery(ctx));
  });

  router.post('/:id/deliveries/:deliveryId/redeliver', gate, async (ctx) => {
    const updated = await actions.redeliver(ctx.state.tenant, await findDelivery(ctx));
    ctx.status = 202;
    ctx.body = presentDelivery(updated);
  });

  return router;
}
