// The Instagram plugin's API side: the merchant's calls (routes.ts), the OAuth callback and our
// re-hosted pictures (public-routes.ts), the storefront feed through the app proxy (storefront.ts),
// and two schedules: every shop's sync each hour, and the token refresh each hour (it refreshes
// only tokens issued more than 50 days ago).
import Router from '@koa/router';
import { defineApiPlugin, ensureSchedule, type AppState } from '@plaudit/kernel';
import { instagramPublicRoutes } from './public-routes';
import { instagramRoutes } from './routes';
import { storefrontRoutes } from './storefront';
import { InstagramSyncAll, InstagramRefreshTokens } from '../shared/workflows';

export default defineApiPlugin({
  id: 'instagram',
  routes: (services) => instagramRoutes(services),
  publicRoutes: (services) => {
    const router = new Router<AppState>();
    router.use(instagramPublicRoutes(services).routes(), storefrontRoutes(services).routes());
    return router;
  },
  async onStart(services) {
    await ensureSchedule(services, { scheduleId: 'instagram-sync', every: '1 hour', workflow: InstagramSyncAll });
    await ensureSchedule(services, { scheduleId: 'instagram-token-refresh', every: '1 hour', workflow: InstagramRefreshTokens });
  },
});
