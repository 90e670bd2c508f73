// POST /webhooks: HMAC over the raw body (401 and nothing stored on mismatch or missing headers),
// dedupe on (shop, X-Shopify-Webhook-Id), then a Temporal workflow does the work; the answer goes
// out within a second.
import Router from '@koa/router';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { TypedSearchAttributes } from '@temporalio/common';
import { ShopDomain } from '../../workflows/search-attributes';
import createHttpError from 'http-errors';
import type { Knex } from 'knex';
import type { IncomingMessage } from 'node:http';
import type { AppState } from '../http/types';
import { SHOP_DOMAIN } from '../http/security';
import type { TemporalGateway } from '../temporal/connection';
import type { Shopify } from './shopify';

const MAX_BODY_BYTES = 5 * 1024 * 1024;

export const WEBHOOK_TOPICS = [
  'orders/create', 'orders/fulfilled', 'fulfillments/create', 'fulfillments/update', 'fulfillment_events/create',
  'app/uninstalled', 'app_subscriptions/update', 'customers/data_request', 'customers/redact', 'shop/redact',
];

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

export const webhookWorkflowId = (shop: string, webhookId: string) => `webhook:${shop}:${webhookId}`;

export function webhookRoutes(knex: Knex, shopify: Shopify, temporal: TemporalGateway) {
  const router = new Router<AppState>();

  router.post('/webhooks', async (ctx) => {
    const rawBody = await readRawBody(ctx.req);
    const check = await shopify.webhooks.validate({ rawBody, rawRequest: ctx.req, rawResponse: ctx.res });
    if (!check.valid) throw createHttpError(401, `Webhook refused: ${check.reason}`, { code: 'INVALID_WEBHOOK' });
    const { domain: shopDomain, webhookId, apiVersion } = check as unknown as { domain: string; webhookId: string; apiVersion: string };
    // The library upper-cases topics for storage; keep Shopify's own spelling ('orders/create').
    const topic = ctx.get('x-shopify-topic').toLowerCase();
    if (!SHOP_DOMAIN.test(shopDomain)) throw createHttpError(401, 'Webhook refused: bad shop domain', { code: 'INVALID_WEBHOOK' });

    const [row] = await knex('webhook_deliveries')
      .insert({
        shopDomain,
        webhookId,
        topic,
        apiVersion,
        eventId: ctx.get('x-shopify-event-id') || null,
        triggeredAt: ctx.get('x-shopify-triggered-at') || null,
        payload: rawBody,
      })
      .onConflict(['shop_domain', 'webhook_id'])
      .ignore()
      .returning('id');
    if (!row) {
      ctx.body = { success: true, duplicate: true };
      return;
    }
    try {
      await temporal.client.workflow.start('processWebhook', {
        workflowId: webhookWorkflowId(shopDomain, webhookId),
        taskQueue: temporal.config.temporal.taskQueue,
        args: [row.id],
        // Findable by shop in the Temporal UI, and readable there at a glance.
        typedSearchAttributes: new TypedSearchAttributes([{ key: ShopDomain, value: shopDomain }]),
        staticSummary: `${topic} for ${shopDomain}`,
      });
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) {
        // Not handed over: forget it so Shopify's retry is processed, and ask for that retry.
        await knex('webhook_deliveries').where({ id: row.id }).del();
        throw createHttpError(503, 'Could not queue the webhook; please retry');
      }
    }
    ctx.body = { success: true };
  });

  return router;
}
