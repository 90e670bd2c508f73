// POST /flow/actions/:handle: Shopify Flow running one of Plaudit's actions (extensions/flow-*
// `runtime_url`). The request is Flow's JSON { shop_id, shopify_domain, action_run_id, handle,
// properties } signed with the app's API secret (x-shopify-hmac-sha256: base64 HMAC-SHA256 of the
// raw body): 401 without a valid signature, nothing done. Each action_run_id acts once per shop: the
// run is claimed in flow_action_runs before acting and its outcome stored, so Flow's retry of the
// same run answers 200 with the first outcome; a retry arriving while the first still runs gets 202
// (Flow sends it again later). Outcomes are 200 { ok, ... } (Flow marks other 4xx failed for good, 5xx
// it retries). https://shopify.dev/docs/apps/build/flow/actions/endpoints
import { createHmac, timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import createHttpError, { isHttpError } from 'http-errors';
import { z } from 'zod';
import { SHOP_DOMAIN, type ApiServices, type AppState, type Tenant } from '@plaudit/kernel';
import { RequestsPublic } from '@plaudit/contracts/review-requests';
import { ReviewAdmin } from '@plaudit/contracts/reviews';
import { ACTIONS, numericId, type ActionHandle } from '../shared/flow';

const runBody = z.object({
  shop_id: z.union([z.string(), z.number()]).optional(),
  shopify_domain: z.string().regex(SHOP_DOMAIN),
  action_run_id: z.string().trim().min(1).max(200),
  action_definition_id: z.string().optional(),
  handle: z.string().optional(),
  properties: z.record(z.string(), z.unknown()).default({}),
});

/** A claim older than this is taken to be of a process that died while acting: the run may act again. */
const STALE_CLAIM_MS = 60_000;

export type ActionOutcome = ({ ok: true } & Record<string, unknown>) | { ok: false; reason: string; code?: string };

/** Whether `header` is Flow's signature of `raw` with `secret`, compared in constant time. */
export function validFlowSignature(secret: string | undefined, raw: string, header: string | undefined): boolean {
  if (!secret || !header) return false;
  const expected = createHmac('sha256', secret).update(raw, 'utf8').digest();
  const given = Buffer.from(header, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Flow's requests (actions, lifecycle callbacks) carry its signature of the raw body: 401 without a valid one. */
export function assertFlowSignature(services: ApiServices, ctx: { request: unknown; get(name: string): string }) {
  const raw = (ctx.request as { rawBody?: string }).rawBody ?? '';
  if (!validFlowSignature(services.config.shopify.apiSecret, raw, ctx.get('x-shopify-hmac-sha256') || undefined)) {
    throw createHttpError(401, 'Invalid Flow signature', { code: 'INVALID_SIGNATURE' });
  }
}

const reviewIdOf = (v: unknown) => {
  const id = numericId(typeof v === 'number' ? String(v) : typeof v === 'string' ? v : undefined);
  if (!id || Number(id) > Number.MAX_SAFE_INTEGER) throw createHttpError(400, 'properties.review_id must be a Plaudit review id');
  return Number(id);
};

/** The action itself; a refusal it can name is an outcome, anything else throws (a 5xx: Flow retries). */
async function act(services: ApiServices, tenant: Tenant, handle: ActionHandle, properties: Record<string, unknown>): Promise<ActionOutcome> {
  const refusal = (err: unknown): ActionOutcome => {
    if (isHttpError(err) && err.status < 500) return { ok: false, reason: err.message, ...(err.code ? { code: String(err.code) } : {}) };
    if (err instanceof z.ZodError) return { ok: false, reason: err.issues.map((i) => i.message).join('; ') };
    throw err;
  };
  if (handle === 'send-review-request') {
    const requests = services.capabilities.get(RequestsPublic);
    if (!requests) return { ok: false, reason: 'Review requests are not installed' };
    const orderId = numericId(properties.order_id as string | number | undefined);
    if (!orderId) throw createHttpError(400, 'properties.order_id must be an order id');
    try {
      const r = await requests.create(tenant, { orderId });
      return {
        ok: true,
        created: r.created,
        orderId: r.orderId,
        orderName: r.orderName,
        requestId: r.request?.id ?? null,
        requestStatus: r.request?.status ?? null,
      };
    } catch (err) {
      return refusal(err);
    }
  }
  const reviews = services.capabilities.get(ReviewAdmin);
  if (!reviews) return { ok: false, reason: 'Reviews are not installed' };
  const reviewId = reviewIdOf(properties.review_id);
  try {
    if (handle === 'publish-review') {
      const r = await reviews.setStatus(tenant, reviewId, 'published');
      return r ? { ok: true, reviewId, status: r.status } : { ok: false, reason: 'Review not found', code: 'NOT_FOUND' };
    }
    const reply = typeof properties.reply === 'string' ? properties.reply.trim() : '';
    if (!reply) throw createHttpError(400, 'properties.reply is required');
    const r = await reviews.reply(tenant, reviewId, reply);
    return r ? { ok: true, reviewId, replied: true } : { ok: false, reason: 'Review not found', code: 'NOT_FOUND' };
  } catch (err) {
    if (isHttpError(err) && err.status === 400) throw err;
    return refusal(err);
  }
}

export function flowActionRoutes(services: ApiServices) {
  const router = new Router<AppState>();

  router.post('/flow/actions/:handle', async (ctx) => {
    assertFlowSignature(services, ctx);
    const handle = ctx.params.handle as ActionHandle;
    if (!ACTIONS.includes(handle)) throw createHttpError(404, 'Unknown Flow action');
    const body = runBody.parse(ctx.request.body ?? {});
    if (body.handle && body.handle !== handle) throw createHttpError(400, 'The body names another action');
    const shop = await services.shops.byDomain(body.shopify_domain);
    if (!shop) throw createHttpError(404, 'Shop not found');
    const tenant = services.tenant(shop.id, shop.domain);
    const runs = () => tenant.table('flow_action_runs');

    // claim the run; a run already claimed answers its outcome (or 202 while it is still acting)
    const claimed = await tenant
      .insertInto('flow_action_runs', { actionRunId: body.action_run_id, handle })
      .onConflict(['shop_id', 'action_run_id'])
      .ignore()
      .returning('id');
    if (!claimed.length) {
      const row = await runs().where({ actionRunId: body.action_run_id }).first();
      if (row?.state === 'done') return void (ctx.body = row.outcome);
      const retaken = await runs()
        .where({ actionRunId: body.action_run_id, state: 'running' })
        .where('updated_at', '<', new Date(Date.now() - STALE_CLAIM_MS))
        .update({ updatedAt: new Date() });
      if (!retaken) return void ((ctx.status = 202), (ctx.body = { ok: false, reason: 'This action run is being processed' }));
    }
    let outcome: ActionOutcome;
    try {
      outcome = await act(services, tenant, handle, body.properties);
    } catch (err) {
      // not acted (bad properties, or a failure Flow should retry): the run may come again
      await runs().where({ actionRunId: body.action_run_id }).delete();
      throw err;
    }
    await runs()
      .where({ actionRunId: body.action_run_id })
      .update({ state: 'done', outcome: JSON.stringify(outcome), updatedAt: new Date() });
    ctx.body = outcome;
  });

  return router;
}
