// GET/PUT /api/public-api/settings (behind the app's authentication): the shop's headless
// storefront origins, which may call the storefront operations of the public API from a browser.
import Router from '@koa/router';
import { requireFeature, type ApiServices, type AppState } from '@plaudit/kernel';
import { publicApiSettings } from './v1/cors';

export function settingsRoutes(services: ApiServices) {
  const settings = publicApiSettings(services);
  const router = new Router<AppState>({ prefix: '/public-api/settings' });
  router.get('/', async (ctx) => {
    ctx.body = await settings.get(ctx.state.auth.shopId);
  });
  // headless storefronts belong to the public API's tier
  router.put('/', requireFeature('publicApi'), async (ctx) => {
    ctx.body = await settings.update(ctx.state.auth.shopId, ctx.request.body as object);
  });
  return router;
}
