// The rewards plugin's API: the discount settings (with the reminder's days before expiry, which
// live on the reminder template) and the rewards report.
//   GET  /api/discounts/settings   { success, data: settings & { sendBefore } }
//   PUT  /api/discounts/settings   partial settings; second tier to switch rewards on
//   GET  /api/discounts/report     { success, data: { issued, used, expired, open, replaced, cancelled } }
//   GET  /api/discounts/loyalty    { success, data: { app, label, connected } | null }: may the reward be points
import Router from '@koa/router';
import createHttpError from 'http-errors';
import { z } from 'zod';
import { type ApiServices, type AppState, defineApiPlugin } from '@plaudit/kernel';
import { rewardReport } from '../db/rewards';
import { LoyaltyPoints } from '@plaudit/contracts/loyalty';
import { POINTS_NEED_LOYALTY, type LoyaltyView } from '../shared/loyalty';
import { discountFields, discountSettings, DISCOUNT_DEFAULTS, type DiscountSettings } from '../shared/settings';

const REMINDER = 'rewards.discountReminder';
export const SEND_BEFORE_MESSAGE = 'the expiry reminder field is required and must be at most the expiry days';
const patchSchema = discountFields
  .partial()
  .extend({ sendBefore: z.coerce.number().int(SEND_BEFORE_MESSAGE).min(1, SEND_BEFORE_MESSAGE).optional() })
  .strict();

function routes(services: ApiServices) {
  const settings = services.settings.namespace('rewards', discountSettings, DISCOUNT_DEFAULTS);
  const router = new Router<AppState>({ prefix: '/discounts' });

  async function read(shopId: number) {
    const shop = await services.shops.get(shopId);
    const reminder = await services.mail.templates.get(shopId, REMINDER, shop?.locale ?? 'en');
    return { ...(await settings.get(shopId)), sendBefore: reminder.sendBefore ?? 3 };
  }

  async function loyalty(shopId: number): Promise<LoyaltyView | null> {
    const app = services.capabilities.get(LoyaltyPoints);
    return app ? { app: app.app, label: app.label, connected: await app.connected(shopId) } : null;
  }

  router.get('/loyalty', async (ctx) => {
    ctx.body = { success: true, data: await loyalty(ctx.state.auth.shopId) };
  });

  router.get('/settings', async (ctx) => {
    ctx.body = { success: true, data: await read(ctx.state.auth.shopId) };
  });

  router.put('/settings', async (ctx) => {
    const { shopId } = ctx.state.auth;
    const { sendBefore, ...patch } = patchSchema.parse(ctx.request.body ?? {});
    const shop = (await services.shops.get(shopId))!;
    if (patch.enableDiscount && !services.shops.allows(shop, 'discount')) {
      throw createHttpError(403, 'This feature needs the second tier', { code: 'PLAN_TIER_TOO_LOW', tier: 'second', feature: 'discount' });
    }
    // points are the loyalty app's to give: choosing them needs one connected
    if (patch.rewardingMethod === 'points' && !(await loyalty(shopId))?.connected)
      throw createHttpError(400, 'Validation failed', { errors: { rewardingMethod: POINTS_NEED_LOYALTY } });
    const current = await read(shopId);
    const next: DiscountSettings & { sendBefore: number } = { ...current, ...patch, sendBefore: sendBefore ?? current.sendBefore };
    if (next.sendBefore > next.expireDiscount) throw createHttpError(400, 'Validation failed', { errors: { sendBefore: SEND_BEFORE_MESSAGE } });
    await settings.update(shopId, patch);
    if (sendBefore !== undefined && sendBefore !== current.sendBefore) {
      const template = await services.mail.templates.get(shopId, REMINDER, shop.locale);
      await services.mail.templates.save(shopId, REMINDER, { ...template, sendBefore }, shop.locale);
    }
    ctx.body = { success: true, data: await read(shopId) };
  });

  router.get('/report', async (ctx) => {
    ctx.body = { success: true, data: await rewardReport(ctx.state.tenant) };
  });

  return router;
}

export default defineApiPlugin({ id: 'rewards', routes });
