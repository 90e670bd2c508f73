// Review requests: the queue, its actions, the request settings and the links in the emails.
import Router from '@koa/router';
import { z } from 'zod';
import type { AppState } from '../../../api/http/types';
import { defineApiPlugin, type ApiServices } from '../../../api/plugins/types';
import { requestSettings } from '../shared/request-settings';
import { templateTypeOf } from '../shared/templates';
import { DEFAULT_SETTINGS, loadSettings, SETTINGS_NAMESPACE } from '../activities/settings';
import { loadTemplate } from '../activities/templates';
import { bulkRoutes } from './bulk-actions';
import { emailSettingsRoutes, senderVerificationRoutes } from './email-settings';
import { oldOrderRoutes } from './old-orders';
import { pushRoutes } from './push';
import { sendNowRoutes } from './send-now';
import { publicRoutes } from './public-routes';
import { CANCELLABLE, handle, queueEntries, RESENDABLE, requireStatus, SENDABLE, sendAnyway } from './queue-actions';
import { listQueue, queueQuery } from './queue-list';
import { templateRoutes } from './templates';

const ids = z.object({ ids: z.array(z.number().int().positive()).min(1).max(500) });

function routes(services: ApiServices) {
  const { knex, temporal, config } = services;
  const router = new Router<AppState>();
  router.use(oldOrderRoutes(services).routes());
  // Email settings (sender, reply-to, custom SMTP) and the email templates with preview and tests.
  router.use(emailSettingsRoutes(services).routes(), templateRoutes(services).routes());
  // The push integration, bulk resend/skip and admin links, and the sending screen's background send.
  router.use(pushRoutes(services).routes(), bulkRoutes(services).routes(), sendNowRoutes(services).routes());

  router.get('/email-queue', async (ctx) => {
    ctx.body = await listQueue(knex, ctx.state.tenant, queueQuery.parse(ctx.query));
  });

  router.get('/email-queue/:id', async (ctx) => {
    const [row] = await queueEntries(knex, ctx.state.tenant, [z.coerce.number().int().positive().parse(ctx.params.id)]);
    // tenancy: the row was found through the tenant above
    const full = await knex('email_queue').where({ id: row.id }).first('id', 'subject', 'status', 'htmlContent', 'skipReason', 'errorMessage');
    ctx.body = full;
  });

  router.put('/email-queue/:id/cancel', async (ctx) => {
    const rows = await queueEntries(knex, ctx.state.tenant, [z.coerce.number().int().positive().parse(ctx.params.id)]);
    requireStatus(rows, CANCELLABLE, 'cancel');
    await handle(temporal.client, ctx.state.tenant, rows[0].orderId).signal('cancel');
    ctx.body = { success: true, message: 'Request cancelled' };
  });

  router.post('/email-queue/:id/resend', async (ctx) => {
    const rows = await queueEntries(knex, ctx.state.tenant, [z.coerce.number().int().positive().parse(ctx.params.id)]);
    requireStatus(rows, RESENDABLE, 'resend');
    ctx.body = { success: true, message: await sendAnyway(temporal.client, ctx.state.tenant, rows[0]) };
  });

  router.post('/email-queue/bulk-send-anyway', async (ctx) => {
    const rows = await queueEntries(knex, ctx.state.tenant, ids.parse(ctx.request.body).ids);
    requireStatus(rows, SENDABLE, 'send anyway');
    const results = await Promise.all(rows.map(async (r) => ({ id: r.id, result: await sendAnyway(temporal.client, ctx.state.tenant, r) })));
    ctx.body = { success: true, message: 'Sent', data: results };
  });

  // Bulk skip: cancel every selected request; only waiting ones may be skipped (spec section 4).
  router.post('/email-update-status', async (ctx) => {
    const body = ids.extend({ status: z.literal('cancel') }).parse(ctx.request.body);
    const rows = await queueEntries(knex, ctx.state.tenant, body.ids);
    requireStatus(rows, CANCELLABLE, 'skip');
    await Promise.all(rows.map((r) => handle(temporal.client, ctx.state.tenant, r.orderId).signal('cancel')));
    // tenancy: the tenant's own sent requests this month, for the remaining-count display
    const [{ n }] = await knex('email_queue').where({ shopId: ctx.state.tenant.shopId, queueType: 'email' }).whereNotNull('sentAt').count({ n: '*' });
    ctx.body = { success: true, message: 'Skipped', data: { skipped: rows.length, sentRequestCount: Number(n) } };
  });

  // Block sends queue ids (their customers); unblock sends customer emails (spec section 7).
  router.post('/unsub-email-queue', async (ctx) => {
    // Queue ids when blocking; customer ids (Shopify's, as text) or emails when unblocking.
    const body = z.object({ ids: z.array(z.union([z.number().int().positive(), z.string().min(1).max(320)])).min(1).max(500), status: z.boolean() }).parse(ctx.request.body);
    const shopId = ctx.state.tenant.shopId;
    if (body.status) {
      const rows = await queueEntries(knex, ctx.state.tenant, body.ids.map(Number));
      const customers = [...new Map(rows.filter((r) => r.customerEmail).map((r) => [r.customerEmail, r])).values()];
      // tenancy: keyed by the tenant's shop id
      if (customers.length) await knex('blocked_customers').insert(customers.map((r) => ({ shopId, email: r.customerEmail, shopifyCustomerId: r.shopifyCustomerId, reason: 'blocked' }))).onConflict(['shop_id', 'email']).ignore();
      ctx.body = { success: true, message: 'Blocked', data: { blocked: customers.length } };
    } else {
      const values = body.ids.map((v) => String(v).toLowerCase());
      // tenancy: keyed by the tenant's shop id
      const removed = await knex('blocked_customers').where({ shopId }).where((w) => w.whereIn('email', values).orWhereIn('shopifyCustomerId', values)).del();
      ctx.body = { success: true, message: 'Unblocked', data: { unblocked: removed } };
    }
  });

  // GET /email?type=… (spec section 7, 'template/settings'): a template type in kebab-case
  // (review-reminder, confirm-edit, …) answers with the shop's template, defaults filled; the review
  // reminder also carries the request settings that time it. The request types and no type answer
  // with the request settings alone.
  router.get('/email', async (ctx) => {
    const { type } = z.object({ type: z.string().max(100).optional() }).parse(ctx.query);
    const shopId = ctx.state.tenant.shopId;
    const templateType = type ? templateTypeOf(type) : undefined;
    if (!templateType) {
      ctx.body = { success: true, data: await loadSettings(knex, shopId) };
      return;
    }
    const template = await loadTemplate(knex, shopId, templateType);
    ctx.body = { success: true, data: templateType === 'reviewReminder' ? { ...(await loadSettings(knex, shopId)), template } : { template } };
  });

  router.post('/emails', async (ctx) => {
    const body = ctx.request.body as Record<string, unknown>;
    const { isRequestSetting: _flag, ...settings } = body ?? {};
    const parsed = requestSettings.parse(settings);
    const value = { ...DEFAULT_SETTINGS, ...(await loadSettings(knex, ctx.state.tenant.shopId)), ...parsed };
    // tenancy: the row is keyed by the tenant's shop id
    await knex('settings').insert({ shopId: ctx.state.tenant.shopId, namespace: SETTINGS_NAMESPACE, value: JSON.stringify(value) }).onConflict(['shop_id', 'namespace']).merge(['value', 'updatedAt']);
    ctx.body = { success: true, message: 'Saved successfully' };
  });

  return router;
}

// The links in emails; the sender-verification link joins them under /r.
function allPublicRoutes(services: ApiServices) {
  const router = publicRoutes(services);
  router.use(senderVerificationRoutes(services).routes());
  return router;
}

export default defineApiPlugin({ id: 'review-requests', routes, publicRoutes: allPublicRoutes });
