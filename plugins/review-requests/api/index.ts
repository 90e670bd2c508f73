// Review requests: the queue, its actions, the request settings and the links in the emails.
import Router from '@koa/router';
import { z } from 'zod';
import type { AppState } from '../../../api/http/types';
import { defineApiPlugin, type ApiServices } from '../../../api/plugins/types';
import { requestSettings } from '../shared/request-settings';
import { DEFAULT_SETTINGS, loadSettings, SETTINGS_NAMESPACE } from '../activities/settings';
import { publicRoutes } from './public-routes';
import { CANCELLABLE, handle, queueEntries, RESENDABLE, requireStatus, SENDABLE, sendAnyway } from './queue-actions';
import { listQueue, queueQuery } from './queue-list';

const ids = z.object({ ids: z.array(z.number().int().positive()).min(1).max(500) });

function routes({ knex, temporal }: ApiServices) {
  const router = new Router<AppState>();

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

  router.get('/email', async (ctx) => {
    ctx.body = { success: true, data: await loadSettings(knex, ctx.state.tenant.shopId) };
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

export default defineApiPlugin({ id: 'review-requests', routes, publicRoutes });
