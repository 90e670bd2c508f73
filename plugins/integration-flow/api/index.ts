// The Flow plugin's API: turning Flow on and off for the shop (`/api/integrations/flow`: no
// credentials, Flow is part of Shopify; triggers fire only while it is on) and Flow's action endpoint
// (public, verified by Flow's HMAC, api/actions.ts).
import { z } from 'zod';
import { defineApiPlugin, integrationRoutes } from '@plaudit/kernel';
import { flowActionRoutes } from './actions';

export default defineApiPlugin({
  id: 'integration-flow',
  routes: (services) => integrationRoutes(services, { app: 'flow', label: 'Shopify Flow', credentials: z.object({}).strict(), verify: async () => {} }),
  publicRoutes: (services) => flowActionRoutes(services),
});
