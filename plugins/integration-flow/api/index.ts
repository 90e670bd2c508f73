// The Flow plugin's API: turning Flow on and off for the shop (`/api/integrations/flow`: no
// credentials, Flow is part of Shopify), each trigger's use as Flow reported it, and Flow's action
// and lifecycle endpoints (public, verified by Flow's HMAC: api/actions.ts, api/lifecycle.ts).
import Router from '@koa/router';
import { z } from 'zod';
import { defineApiPlugin, integrationRoutes, type ApiServices, type AppState } from '@plaudit/kernel';
import { flowActionRoutes } from './actions';
import { lifecycleRoutes, usageRoutes } from './lifecycle';

function routes(services: ApiServices) {
  const router = new Router<AppState>();
  router.use(integrationRoutes(services, { app: 'flow', label: 'Shopify Flow', credentials: z.object({}).strict(), verify: async () => {} }).routes());
  router.use(usageRoutes().routes());
  return router;
}

function publicRoutes(services: ApiServices) {
  const router = flowActionRoutes(services);
  router.use(lifecycleRoutes(services).routes());
  return router;
}

export default defineApiPlugin({ id: 'integration-flow', routes, publicRoutes });
