// POST /webhooks: HMAC over the raw body (401 and nothing stored on mismatch or missing headers),
// then taken in durably (webhook-intake.ts) and answered at once: 200 only once the delivery and
// its `processWebhook` start are committed, 503 (Shopify retries) when the database cannot take it,
// 400 for a body that can never be processed, 200 and nothing stored for an unknown shop.
import Router from '@koa/router';
import createHttpError from 'http-errors';
import type { IncomingMessage } from 'node:http';
import type { AppState } from '../http/types';
import { SHOP_DOMAIN } from '../http/security';
import type { ApiServices } from '../plugins/types';
import type { Shopify } from './shopify';
import { takeIn, type IncomingDelivery, type Intake } from './webhook-intake';

const MAX_BODY_BYTES = 5 * 1024 * 1024;

/** Topics the kernel handles itself (uninstall and the mandatory compliance topics); plugins declare theirs in plugin.ts. */
export const KERNEL_WEBHOOK_TOPICS = ['app/uninstalled', 'customers/data_request', 'customers/redact', 'shop/redact'];

export async function readRawBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw createHttpError(413, 'Payload too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const ANSWERS: Record<Exclude<Intake, 'malformed'>, Record<string, unknown>> = {
  queued: { success: true },
  redriven: { success: true, redriven: true },
  duplicate: { success: true, duplicate: true },
  dropped: { success: true, dropped: true },
};

export function webhookRoutes({ knex, outbox }: Pick<ApiServices, 'knex' | 'outbox'>, shopify: Shopify) {
  const router = new Router<AppState>();

  router.post('/webhooks', async (ctx) => {
    const rawBody = await readRawBody(ctx.req);
    const check = await shopify.webhooks.validate({ rawBody, rawRequest: ctx.req, rawResponse: ctx.res });
    if (!check.valid) throw createHttpError(401, `Webhook refused: ${check.reason}`, { code: 'INVALID_WEBHOOK' });
    const { domain: shopDomain, webhookId, apiVersion } = check as unknown as { domain: string; webhookId: string; apiVersion: string };
    if (!SHOP_DOMAIN.test(shopDomain)) throw createHttpError(401, 'Webhook refused: bad shop domain', { code: 'INVALID_WEBHOOK' });
    const triggeredAt = ctx.get('x-shopify-triggered-at');
    const delivery: IncomingDelivery = {
      shopDomain,
      webhookId,
      // The library upper-cases topics for storage; keep Shopify's own spelling ('orders/create').
      topic: ctx.get('x-shopify-topic').toLowerCase(),
      apiVersion,
      eventId: ctx.get('x-shopify-event-id') || null,
      // Headers are not signed: a value PostgreSQL would refuse is dropped, not stored.
      triggeredAt: triggeredAt && !Number.isNaN(Date.parse(triggeredAt)) ? triggeredAt : null,
      payload: rawBody,
    };
    let intake: Intake;
    try {
      intake = await takeIn(knex, outbox, delivery);
    } catch (err) {
      ctx.state.log.error({ err, shopDomain, webhookId }, 'webhook not stored');
      throw createHttpError(503, 'Could not store the webhook; please retry', { expose: true, code: 'WEBHOOK_NOT_STORED', headers: { 'Retry-After': '5' } });
    }
    // Kept for inspection, never processed: the fault is in the body, not in our availability.
    if (intake === 'malformed') throw createHttpError(400, 'The webhook body is not a JSON object', { code: 'MALFORMED_WEBHOOK' });
    ctx.body = ANSWERS[intake];
  });

  return router;
}
