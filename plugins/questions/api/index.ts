// The questions plugin's API side: the merchant's moderation calls under /api (admin-routes.ts),
// the storefront block through the app proxy (storefront-routes.ts) and the invited buyers' answer
// page (answer-page.ts, "ask the community").
import Router from '@koa/router';
import { type AppRouter, type AppState, defineApiPlugin } from '@plaudit/kernel';
import { adminRoutes } from './admin-routes';
import { answerPageRoutes } from './answer-page';
import { storefrontRoutes } from './storefront-routes';

export default defineApiPlugin({
  id: 'questions',
  routes: (services) => adminRoutes(services),
  publicRoutes: (services) => {
    const router = new Router<AppState>();
    router.use(storefrontRoutes(services).routes(), answerPageRoutes(services).routes());
    return router as unknown as AppRouter;
  },
});
