// The billing plugin's calls (spec section 7): GET /api/subscription, GET
// /api/subscription/shopify/subscribe/{planId}, a coupon check, and the public return from
// Shopify's confirmation page.
import Router from '@koa/router';
import createHttpError from 'http-errors';
import { z } from 'zod';
import { defineApiPlugin, SHOP_DOMAIN, type ApiServices, type AppContext, type AppState } from '@plaudit/kernel';
import { subscribeQuery } from '../shared/plans';
import { usableCoupon } from '../db/coupons';
import { subscriptionInfo } from '../db/info';
import { subscribe } from '../db/subscribe';
import { syncPlan } from '../db/sync';

async function currentShop(services: ApiServices, ctx: AppContext) {
  const shop = await services.shops.get(ctx.state.auth.shopId);
  if (!shop) throw createHttpError(404, 'Shop not found');
  return shop;
}

function routes(services: ApiServices) {
  const router = new Router<AppState>({ prefix: '/subscription' });

  router.get('/', async (ctx) => {
    ctx.body = { success: true, data: await subscriptionInfo(services, await currentShop(services, ctx)) };
  });

  router.get('/shopify/subscribe/:planId', async (ctx) => {
    const answer = await subscribe(services, await currentShop(services, ctx), ctx.params.planId, subscribeQuery.parse(ctx.query));
    ctx.body = { success: true, ...answer };
  });

  // The coupon field checks a code before the merchant picks a plan.
  router.get('/coupons/:code', async (ctx) => {
    const code = z.string().trim().min(1).max(64).parse(ctx.params.code);
    const coupon = await usableCoupon(services.knex, ctx.state.tenant, code);
    if (!coupon) throw createHttpError(400, 'Invalid coupon code', { errors: { coupon: 'Invalid coupon code' } });
    ctx.body = { success: true, data: { code: coupon.code, kind: coupon.kind, value: coupon.value, durationIntervals: coupon.durationIntervals } };
  });

  return router;
}

const returnQuery = z.object({ shop: z.string().regex(SHOP_DOMAIN), charge_id: z.string().regex(/^\d{1,20}$/) }).passthrough();

function publicRoutes(services: ApiServices) {
  const router = new Router<AppState>();

  // Shopify sends the merchant back here after approving or declining. Nothing in the query is
  // trusted: the plan is read from Shopify itself (syncPlan), so a replayed or forged return
  // changes nothing. Then on to the subscription page, inside the admin.
  router.get('/billing/return', async (ctx) => {
    const q = returnQuery.safeParse(ctx.query);
    if (!q.success) throw createHttpError(400, 'Bad billing return');
    const shop = await services.shops.byDomain(q.data.shop);
    if (!shop) throw createHttpError(404, 'Shop not found');
    const account = await syncPlan(services, shop);
    const approved = account.subscriptionId === `gid://shopify/AppSubscription/${q.data.charge_id}`;
    const page = `subscription?charge=${approved ? 'approved' : 'declined'}`;
    const { apiKey, emulatorUrl } = services.config.shopify;
    // The emulator has no admin frame: the app's own (standalone) admin takes the merchant back.
    ctx.redirect(emulatorUrl ? `${services.config.appUrl}/${page}` : `https://${shop.domain}/admin/apps/${apiKey}/${page}`);
  });

  return router;
}

export default defineApiPlugin({ id: 'billing', routes, publicRoutes });
