// The web-push integration (spec sections 3, 4, 7): its state per shop, and the queue row's push
// action, answered by the order's workflow.
import Router from '@koa/router';
import createHttpError from 'http-errors';
import { z } from 'zod';
import { type ApiServices, type AppState, requireFeature, unavailableDependency } from '@plaudit/kernel';
import { PUSH_APP, PUSH_SENT_STATES } from '../shared/push';
import { sendPushUpdate } from '../workflows/messages';
import { entryById, entryOf } from '../db/queue';
import { pushOn, pushSettingsOf, pushStateOf } from '../db/settings';
import { handle, UPDATE_DEADLINE_MS } from './queue-actions';

const integrationUpdate = z.object({ integrated: z.boolean(), reviewReminderStatus: z.boolean() }).partial().strict();

export function pushRoutes({ settings, temporal, capabilities }: ApiServices) {
  const router = new Router<AppState>();
  const integration = pushSettingsOf(settings);
  // `integrated` is also true while the shop's web-push integration plugin (OneSignal) is connected
  const state = (shopId: number) => pushStateOf(settings, capabilities, shopId);

  router.get(`/integrations/${PUSH_APP}`, async (ctx) => {
    ctx.body = { success: true, ...(await state(ctx.state.tenant.shopId)) };
  });

  // Set by the web-push app's connect flow (integrated) and by the merchant (reviewReminderStatus).
  router.put(`/integrations/${PUSH_APP}`, async (ctx) => {
    await integration.update(ctx.state.tenant.shopId, integrationUpdate.parse(ctx.request.body ?? {}));
    ctx.body = { success: true, message: 'Saved successfully', ...(await state(ctx.state.tenant.shopId)) };
  });

  router.post('/email-queue/push-notification', requireFeature('pushAction'), async (ctx) => {
    const { queueId } = z.object({ queueId: z.coerce.number().int().positive() }).parse(ctx.request.body ?? {});
    const { tenant } = ctx.state;
    // the row may be the email entry or its push entry
    const row = await entryById(tenant, queueId).first('orderId');
    if (!row) throw createHttpError(404, 'Not found');
    if (!pushOn(await state(tenant.shopId))) throw createHttpError(409, 'The push integration is off', { code: 'PUSH_OFF' });
    const push = await entryOf(tenant, row.orderId, 'push').first('status');
    if (!push) throw createHttpError(409, 'This request has no push reminder', { code: 'NO_PUSH' });
    if (PUSH_SENT_STATES.includes(push.status)) throw createHttpError(409, 'The push notification was already sent', { code: 'WRONG_STATUS' });
    let verdict: { status: string; message: string };
    try {
      verdict = await temporal.call(() => handle(temporal.client, ctx.state.tenant, row.orderId).executeUpdate(sendPushUpdate), UPDATE_DEADLINE_MS);
    } catch (err) {
      if (unavailableDependency(err)) throw err; // 503, not a refusal
      throw createHttpError(409, (err as { cause?: Error }).cause?.message ?? (err as Error).message, { code: 'REFUSED' });
    }
    if (verdict.status !== 'success') throw createHttpError(409, verdict.message || 'Fail to push notification', { code: 'REFUSED' });
    ctx.body = { success: true, message: verdict.message };
  });

  return router;
}
