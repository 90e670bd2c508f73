// POST /flow/lifecycle: Shopify Flow's trigger lifecycle callback (extensions/flow-lifecycle,
// `type = "flow_trigger_lifecycle_callback"`). Flow calls it when a merchant enables or disables a
// workflow that starts with one of Plaudit's triggers, with { flow_trigger_definition_id,
// has_enabled_flow, shop_id, shopify_domain, timestamp }, signed like the actions (x-shopify-hmac-sha256
// of the raw body with the API secret). Flow lets the merchant enable the workflow only after a 2xx,
// so a report about a trigger Plaudit no longer has is answered 200 and not kept.
// https://shopify.dev/docs/apps/build/flow/track-lifecycle-events
import Router from '@koa/router';
import createHttpError from 'http-errors';
import { z } from 'zod';
import { SHOP_DOMAIN, type ApiServices, type AppState } from '@plaudit/kernel';
import { recordUsage, usageOf } from '../db/usage';
import { triggerOfDefinition, type TriggerUsageView } from '../shared/flow';
import { assertFlowSignature } from './actions';

const lifecycleBody = z.object({
  flow_trigger_definition_id: z.string().trim().min(1).max(200),
  has_enabled_flow: z.boolean(),
  shop_id: z.union([z.string(), z.number()]).optional(),
  shopify_domain: z.string().regex(SHOP_DOMAIN),
  timestamp: z.iso.datetime({ offset: true }),
});

export function lifecycleRoutes(services: ApiServices) {
  const router = new Router<AppState>();
  router.post('/flow/lifecycle', async (ctx) => {
    assertFlowSignature(services, ctx);
    const body = lifecycleBody.parse(ctx.request.body ?? {});
    const shop = await services.shops.byDomain(body.shopify_domain);
    if (!shop) throw createHttpError(404, 'Shop not found');
    const trigger = triggerOfDefinition(body.flow_trigger_definition_id);
    if (!trigger) return void (ctx.body = { ok: true, kept: false, reason: 'Not a trigger of this app' });
    const kept = await recordUsage(services.tenant(shop.id, shop.domain), {
      trigger,
      hasEnabledFlow: body.has_enabled_flow,
      reportedAt: new Date(body.timestamp),
    });
    ctx.body = { ok: true, kept };
  });
  return router;
}

/** GET /api/flow/trigger-usage: each trigger's reported use, for the Flow page. */
export function usageRoutes() {
  const router = new Router<AppState>();
  router.get('/flow/trigger-usage', async (ctx) => {
    const data: Record<string, TriggerUsageView> = {};
    for (const u of await usageOf(ctx.state.tenant)) data[u.trigger] = { hasEnabledFlow: u.hasEnabledFlow, reportedAt: new Date(u.reportedAt).toISOString() };
    ctx.body = { success: true, data };
  });
  return router;
}
