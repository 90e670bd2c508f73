// GET /api/shops, PUT /api/shops[?type=...] and PUT /api/dev_zone[?type=...] (spec section 7).
import Router from '@koa/router';
import createHttpError from 'http-errors';
import type { Config } from '../config';
import { ShopPlanChanged } from '../../contracts/kernel';
import type { EventBus } from '../kernel/events';
import { assertDeveloperAccount } from './developer-access';
import type { AppContext, AppState } from '../http/types';
import { Shop } from './shop.model';
import { appStatusUpdate, devZoneState, devZoneStatus, isRatedUpdate, onboardingUpdate, shopUpdate } from './shop.schemas';

async function currentShop(ctx: AppContext): Promise<Shop> {
  // Shop is the tenant row itself, found by the verified auth context's id.
  const shop = await Shop.query().findById(ctx.state.auth.shopId);
  if (!shop) throw createHttpError(404, 'Shop not found');
  return shop;
}

async function save(ctx: AppContext, patch: Partial<Shop>, message = 'Saved successfully', events?: EventBus) {
  const shop = await currentShop(ctx);
  const previousPlan = shop.plan;
  const merged: Partial<Shop> = { ...patch };
  if (patch.surveyWidget) merged.surveyWidget = { ...shop.surveyWidget, ...patch.surveyWidget };
  if (patch.quickstart) merged.quickstart = { ...shop.quickstart, ...patch.quickstart };
  const data = await shop.$query().patchAndFetch(merged);
  // A durable event: held review requests check their quota again (plugins listen in plugin.ts).
  if (events && data.plan !== previousPlan)
    await events.emit(
      ShopPlanChanged,
      { shopId: shop.id, shopDomain: shop.shopifyDomain, plan: data.plan, previousPlan },
      { key: `${shop.id}:${Date.now()}`, shopDomain: shop.shopifyDomain },
    );
  ctx.body = { success: true, message, data };
}

export function shopRoutes(config: Config, events?: EventBus) {
  const router = new Router<AppState>();

  router.get('/shops', async (ctx) => {
    ctx.body = await currentShop(ctx);
  });

  router.put('/shops', async (ctx) => {
    const body = ctx.request.body ?? {};
    switch (ctx.query.type) {
      case undefined:
        return save(ctx, shopUpdate.parse(body) as Partial<Shop>);
      case 'updateAppStatus': {
        const { appStatus } = appStatusUpdate.parse(body);
        return save(ctx, { appStatus }, appStatus ? 'App enabled' : 'App disabled');
      }
      case 'updateIsRated':
        return save(ctx, isRatedUpdate.parse(body));
      case 'updateOnboarding':
        return save(ctx, onboardingUpdate.parse(body));
      default:
        throw createHttpError(400, 'Unknown type', { errors: { type: 'The value is invalid' } });
    }
  });

  router.put('/dev_zone', async (ctx) => {
    assertDeveloperAccount(config, await currentShop(ctx));
    const body = ctx.request.body ?? {};
    switch (ctx.query.type) {
      case 'remove-branding': {
        const { status } = devZoneStatus.parse(body);
        return save(ctx, { enableRemoveBranding: status });
      }
      case 'grow-hacking-6': {
        const { status } = devZoneStatus.parse(body);
        return save(ctx, { isGrowHacking6: status });
      }
      case 'skip-update-state':
        return save(ctx, devZoneState.parse(body).dataUpdate as Partial<Shop>, undefined, events);
      default:
        throw createHttpError(400, 'Unknown type', { errors: { type: 'The value is invalid' } });
    }
  });

  return router;
}
