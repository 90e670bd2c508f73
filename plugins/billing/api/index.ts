// The billing plugin's calls (spec section 7): GET /api/subscription, GET
// /api/subscription/shopify/subscribe/{planId}, a coupon check, and the public return from
// Shopify's confirmation page (return-route.ts, throttled: docs/reliability.md, issue 30.4).
import Router from '@koa/router';
import createHttpError from 'http-errors';
import { z } from 'zod';
import { defineApiPlugin, type ApiServices, type AppContext, type AppState } from '@plaudit/kernel';
import { subscribeQuery } from '../shared/plans';
import { usableCoupon } from '../db/coupons';
import { subscriptionInfo } from '../db/info';
import { subscribe } from '../db/subscribe';
import { couponGuard } from './coupon-guard';
import { billingReturnRoutes } from './return-route';

async function currentShop(services: ApiServices, ctx: AppContext) {
  const shop = await services.shops.get(ctx.state.auth.shopId);
  if (!shop) throw createHttpError(404, 'Shop not found');
  return shop;
}

function routes(services: ApiServices) {
  const router = new Router<AppState>({ prefix: '/subscription' });
  const guessing = couponGuard(services.knex, services.config.env);

  router.get('/', async (ctx) => {
    ctx.body = { success: true, data: await subscriptionInfo(services, await currentShop(services, ctx)) };
  });

  router.get('/shopify/subscribe/:planId', async (ctx) => {
    const q = subscribeQuery.parse(ctx.query);
    // a coupon here is a guess like the coupon check's: counted the same way (subscribe reads it again)
    if (q.coupon && q.offer !== 'leave')
      await guessing({ shopId: ctx.state.auth.shopId, ip: ctx.ip }, () => usableCoupon(services.knex, ctx.state.tenant, q.coupon!));
    const answer = await subscribe(services, await currentShop(services, ctx), ctx.params.planId, q);
    ctx.body = { success: true, ...answer };
  });

  // The coupon field checks a code before the merchant picks a plan.
  router.get('/coupons/:code', async (ctx) => {
    const code = z.string().trim().min(1).max(64).parse(ctx.params.code);
    const coupon = await guessing({ shopId: ctx.state.auth.shopId, ip: ctx.ip }, () => usableCoupon(services.knex, ctx.state.tenant, code));
    if (!coupon) throw createHttpError(400, 'Invalid coupon code', { errors: { coupon: 'Invalid coupon code' } });
    ctx.body = { success: true, data: { code: coupon.code, kind: coupon.kind, value: coupon.value, durationIntervals: coupon.durationIntervals } };
  });

  return router;
}

export default defineApiPlugin({ id: 'billing', routes, publicRoutes: billingReturnRoutes });
