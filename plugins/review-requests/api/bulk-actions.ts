// Bulk resend / bulk skip (spec sections 4, 7: POST /email-queue/emails-bulk-action) and the store
// admin links of a queue entry (POST /email-queue/email-admin-link).
import Router from '@koa/router';
import createHttpError from 'http-errors';
import { z } from 'zod';
import { type ApiServices, type AppState, type Tenant, unavailableMessage } from '@plaudit/kernel';
import { cancelRequestUpdate, sendAnywayUpdate } from '../workflows/messages';
import { entryById, sentCount } from '../db/queue';
import { CANCELLABLE, handle, queueEntries, RESENDABLE, requireStatus, sendAnyway, UPDATE_DEADLINE_MS } from './queue-actions';
import { refusalText } from './refusal';

const bulkBody = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(500),
  // The spec's payload is the ids: resend is the bulk action without a call of its own; skip is the other.
  action: z.enum(['resend', 'skip']).default('resend'),
});

/** Which workflow update answers each bulk action, and the statuses every selected row must have. */
const BULK = {
  resend: { update: sendAnywayUpdate, allowed: RESENDABLE, done: 'Sent', failed: 'Failed to send' },
  skip: { update: cancelRequestUpdate, allowed: CANCELLABLE, done: 'Skipped', failed: 'Failed to skip emails' },
} as const;

const PARALLEL = 10;

/** One selected row's outcome; `unavailable` keeps the error when Temporal could not be reached for it. */
interface RowResult {
  id: number;
  ok: boolean;
  result: string;
  unavailable?: unknown;
}

/** Runs `fn` over `items`, at most PARALLEL at a time, keeping the order. */
async function inBatches<T, R>(items: T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += PARALLEL) out.push(...(await Promise.all(items.slice(i, i + PARALLEL).map(fn))));
  return out;
}

/** Store admin pages of an entry's order, customer and products (spec section 7: external links). */
export function adminLinks(
  tenant: Tenant,
  row: { orderId: string; shopifyCustomerId: string | null; lineItems: { productId: string | null; title: string }[] },
) {
  const base = `https://admin.shopify.com/store/${tenant.shopDomain.replace(/\.myshopify\.com$/, '')}`;
  const tail = (gid: string) => gid.split('/').pop();
  return {
    orderUrl: `${base}/orders/${row.orderId}`,
    customerUrl: row.shopifyCustomerId ? `${base}/customers/${row.shopifyCustomerId}` : null,
    products: row.lineItems
      .filter((li) => li.productId)
      .map((li) => ({ productId: li.productId!, title: li.title, url: `${base}/products/${tail(li.productId!)}` })),
  };
}

export function bulkRoutes(services: ApiServices) {
  const { temporal } = services;
  const router = new Router<AppState>();

  router.post('/email-queue/emails-bulk-action', async (ctx) => {
    const body = bulkBody.parse(ctx.request.body ?? {});
    const bulk = BULK[body.action];
    const position = new Map(body.ids.map((id, i) => [Number(id), i]));
    // results come back in the order the merchant's selection named them
    const rows = (await queueEntries(ctx.state.tenant, body.ids)).sort((a, b) => position.get(Number(a.id))! - position.get(Number(b.id))!);
    // Section 4's precondition holds for the whole selection, or nothing is done.
    requireStatus(rows, [...bulk.allowed], body.action);
    const results = await inBatches(rows, async (r): Promise<RowResult> => {
      try {
        // a resend starts a new attempt where no run waits for it (queue-actions.ts)
        const verdict =
          body.action === 'resend'
            ? await sendAnyway(services, ctx.state.tenant, r)
            : await temporal.call(() => handle(temporal.client, ctx.state.tenant, r.orderId).executeUpdate(bulk.update), UPDATE_DEADLINE_MS);
        return { id: r.id, ok: true, result: verdict };
      } catch (err) {
        // Temporal out of reach (or past the deadline on a busy cluster) for this row: the others done
        // are kept and reported, and the merchant selects what is left again.
        const unavailable = unavailableMessage(err);
        if (unavailable) return { id: r.id, ok: false, result: unavailable, unavailable: err };
        // The workflow's own refusal (its state moved on since the list was read).
        return { id: r.id, ok: false, result: createHttpError.isHttpError(err) ? err.message : refusalText(err) };
      }
    });
    // nothing went through: the whole request is a 503 with Retry-After, as any call to a dependency down
    if (results.every((r) => r.unavailable)) throw results[0].unavailable;
    const refused = results.filter((r) => !r.ok);
    const data: Record<string, unknown> = {
      results: results.map(({ id, ok, result }) => ({ id, ok, result })),
      done: results.length - refused.length,
      refused: refused.length,
    };
    if (body.action === 'skip') data.sentRequestCount = await sentCount(ctx.state.tenant);
    const names = new Map(rows.map((r) => [r.id, r.name]));
    ctx.body = {
      success: refused.length === 0,
      message: refused.length === 0 ? bulk.done : `${bulk.failed}: ${refused.map((r) => `${names.get(r.id)} (${r.result})`).join(', ')}`,
      data,
    };
  });

  router.post('/email-queue/email-admin-link', async (ctx) => {
    const { id } = z.object({ id: z.coerce.number().int().positive() }).parse(ctx.request.body ?? {});
    const [row] = await queueEntries(ctx.state.tenant, [id]);
    const full = await entryById(ctx.state.tenant, row.id).first('lineItems');
    ctx.body = { success: true, data: { id: row.id, ...adminLinks(ctx.state.tenant, { ...row, lineItems: full.lineItems }) } };
  });

  return router;
}
