// Review requests: the queue, its actions, the request settings and the links in the emails.
import Router from '@koa/router';
import { z } from 'zod';
import { type ApiServices, type AppState, defineApiPlugin } from '@plaudit/kernel';
import { cancelSignal } from '../workflows/messages';
import { blockCustomers, entryById, sentCount, unblockCustomers } from '../db/queue';
import { requestQuota } from '../db/quota';
import { requestSettingsOf } from '../db/settings';
import { bulkRoutes } from './bulk-actions';
import { emailSettingsRoutes, senderVerificationRoutes } from './email-settings';
import { oldOrderRoutes } from './old-orders';
import { pushRoutes } from './push';
import { sendNowRoutes } from './send-now';
import { publicRoutes } from './public-routes';
import { checkoutExtensionRoutes } from './checkout-extension';
import { CANCELLABLE, cancelRequest, handle, queueEntries, RESENDABLE, requireStatus, SENDABLE, sendAnyway } from './queue-actions';
import { listQueue, queueQuery } from './queue-list';
import { previewHtml } from './email-preview';
import { listContext, rowsAfterChange } from './queue-refresh';
import { templateRoutes } from './templates';
import { seedDemoRequests } from './demo-requests';
import { parseRequestSettings, senderAppRoutes } from './sender-apps';

const ids = z.object({ ids: z.array(z.number().int().positive()).min(1).max(500) });
/** GET /email's types that name the request settings rather than a template (spec section 7). */
const REQUEST_TYPES = ['request', 'review-request', 'request-setting'];

function routes(services: ApiServices) {
  const { temporal, mail, shops } = services;
  const settingsOf = requestSettingsOf(services.settings);
  const router = new Router<AppState>();
  router.use(oldOrderRoutes(services).routes());
  // Email settings (sender, reply-to, custom SMTP) and the email templates with preview and tests.
  router.use(emailSettingsRoutes(services).routes(), templateRoutes(services).routes());
  // The push integration, bulk resend/skip and admin links, and the sending screen's background send.
  router.use(pushRoutes(services).routes(), bulkRoutes(services).routes(), sendNowRoutes(services).routes());
  // The email-marketing apps that can send the requests instead of Plaudit's email.
  router.use(senderAppRoutes(services).routes());

  router.get('/email-queue', async (ctx) => {
    const tenant = ctx.state.tenant;
    ctx.body = await listQueue(tenant, queueQuery.parse(ctx.query), await listContext(shops, tenant));
  });

  // This month's requests against the plan's quota: the remaining count on the queue screen.
  router.get('/request-quota', async (ctx) => {
    const shop = await shops.get(ctx.state.auth.shopId);
    ctx.body = { success: true, data: await requestQuota(ctx.state.tenant, { plan: shop?.plan ?? 'free', timezone: shop?.timezone ?? 'UTC' }) };
  });

  // "View email": the request as sent, without its open pixel (email-preview.ts).
  router.get('/email-queue/:id', async (ctx) => {
    const [row] = await queueEntries(ctx.state.tenant, [z.coerce.number().int().positive().parse(ctx.params.id)]);
    const detail = await entryById(ctx.state.tenant, row.id).first('id', 'subject', 'status', 'htmlContent', 'skipReason', 'errorMessage');
    ctx.body = { ...detail, htmlContent: previewHtml(detail.htmlContent) };
  });

  // The answers carry the rows as recorded after the action (queue-refresh.ts), for the screen's reload.
  router.put('/email-queue/:id/cancel', async (ctx) => {
    const data = await cancelRequest(services, ctx.state.tenant, z.coerce.number().int().positive().parse(ctx.params.id));
    ctx.body = { success: true, message: 'Request cancelled', data };
  });

  router.post('/email-queue/:id/resend', async (ctx) => {
    const tenant = ctx.state.tenant;
    const rows = await queueEntries(tenant, [z.coerce.number().int().positive().parse(ctx.params.id)]);
    requireStatus(rows, RESENDABLE, 'resend');
    const message = await sendAnyway(services, tenant, rows[0]);
    const [data] = await rowsAfterChange(tenant, rows, await listContext(shops, tenant));
    ctx.body = { success: true, message, data };
  });

  router.post('/email-queue/bulk-send-anyway', async (ctx) => {
    const tenant = ctx.state.tenant;
    const rows = await queueEntries(tenant, ids.parse(ctx.request.body).ids);
    requireStatus(rows, SENDABLE, 'send anyway');
    const results = await Promise.all(rows.map(async (r) => ({ id: r.id, result: await sendAnyway(services, tenant, r) })));
    const after = new Map((await rowsAfterChange(tenant, rows, await listContext(shops, tenant))).map((r) => [Number(r.id), r]));
    ctx.body = { success: true, message: 'Sent', data: results.map((r) => ({ ...r, status: after.get(Number(r.id))?.status, row: after.get(Number(r.id)) })) };
  });

  // Bulk skip: cancel every selected request; only waiting ones may be skipped (spec section 4).
  router.post('/email-update-status', async (ctx) => {
    const body = ids.extend({ status: z.literal('cancel') }).parse(ctx.request.body);
    const rows = await queueEntries(ctx.state.tenant, body.ids);
    requireStatus(rows, CANCELLABLE, 'skip');
    await temporal.call(() => Promise.all(rows.map((r) => handle(temporal.client, ctx.state.tenant, r.orderId).signal(cancelSignal))));
    // all requests sent so far, for the remaining-count display
    ctx.body = { success: true, message: 'Skipped', data: { skipped: rows.length, sentRequestCount: await sentCount(ctx.state.tenant) } };
  });

  // Block sends queue ids (their customers); unblock sends customer ids (spec section 7).
  router.post('/unsub-email-queue', async (ctx) => {
    // Queue ids when blocking; customer ids (Shopify's, as text) or emails when unblocking.
    const body = z
      .object({
        ids: z
          .array(z.union([z.number().int().positive(), z.string().min(1).max(320)]))
          .min(1)
          .max(500),
        status: z.boolean(),
      })
      .parse(ctx.request.body);
    if (body.status) {
      const rows = await queueEntries(ctx.state.tenant, body.ids.map(Number));
      const customers = [...new Map(rows.filter((r) => r.customerEmail).map((r) => [r.customerEmail, r])).values()];
      await blockCustomers(
        ctx.state.tenant,
        customers.map((r) => ({ email: r.customerEmail!, shopifyCustomerId: r.shopifyCustomerId, reason: 'blocked' })),
      );
      ctx.body = { success: true, message: 'Blocked', data: { blocked: customers.length } };
    } else {
      // Customer ids may come as gids (gid://shopify/Customer/123); the queue keeps their numbers.
      const removed = await unblockCustomers(
        ctx.state.tenant,
        body.ids.map((v) =>
          String(v)
            .replace(/^gid:\/\/shopify\/Customer\//, '')
            .toLowerCase(),
        ),
      );
      ctx.body = { success: true, message: 'Unblocked', data: { unblocked: removed } };
    }
  });

  // GET /email?type=… (spec section 7, 'template/settings'): a template's route id in kebab-case
  // (review-reminder, confirm-edit, … every template a plugin declared) answers with the shop's
  // template, defaults filled; the review reminder also carries the request settings that time it.
  // The request types and no type answer with the request settings alone; any other type is a 400.
  router.get('/email', async (ctx) => {
    const { type } = z
      .object({
        type: z
          .string()
          .max(100)
          .refine((t) => REQUEST_TYPES.includes(t) || !!mail.templates.find(t), 'The value is invalid')
          .optional(),
      })
      .parse(ctx.query);
    const shopId = ctx.state.tenant.shopId;
    const found = type && !REQUEST_TYPES.includes(type) ? mail.templates.find(type) : undefined;
    if (!found) {
      ctx.body = { success: true, data: await settingsOf.get(shopId) };
      return;
    }
    const template = await mail.templates.get(shopId, found.id, (await shops.get(shopId))?.locale ?? 'en');
    ctx.body = { success: true, data: found.id === 'review-requests.reviewReminder' ? { ...(await settingsOf.get(shopId)), template } : { template } };
  });

  router.post('/emails', async (ctx) => {
    const { isRequestSetting: _flag, ...body } = (ctx.request.body ?? {}) as Record<string, unknown>;
    await settingsOf.update(ctx.state.tenant.shopId, await parseRequestSettings(services.capabilities, ctx.state.tenant.shopId, body));
    ctx.body = { success: true, message: 'Saved successfully' };
  });

  return router;
}

// The links in emails; the sender-verification link joins them under /r. The thank-you and
// order-status block's calls (issue 32, checkout-extension.ts) beside them.
function allPublicRoutes(services: ApiServices) {
  const links = publicRoutes(services);
  links.use(senderVerificationRoutes(services).routes());
  const router = new Router<AppState>();
  router.use(links.routes(), checkoutExtensionRoutes(services).routes());
  return router;
}

// With the store emulator, the demo shop's month of sample requests (demo-requests.ts), once.
export default defineApiPlugin({ id: 'review-requests', routes, publicRoutes: allPublicRoutes, onStart: (services) => seedDemoRequests(services) });
