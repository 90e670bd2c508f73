// The public-api plugin's routes: the admin's key, webhook and headless-origin screens behind the app's own
// authentication (under /api), and the public API at /api/public/v1 behind API keys.
import Router from '@koa/router';
import { defineApiPlugin, ensureSchedule, type AppState } from '@plaudit/kernel';
import { keyRoutes } from './key-routes';
import { settingsRoutes } from './settings-routes';
import { webhookRoutes } from './webhook-routes';
import { publicV1 } from './v1/router';
import { WebhooksPurgeDeliveries } from '../shared/workflows';

export default defineApiPlugin({
  id: 'public-api',
  routes: (services) => {
    const router = new Router<AppState>();
    router.use(keyRoutes(services).routes());
    router.use(webhookRoutes(services).routes());
    router.use(settingsRoutes(services).routes());
    return router;
  },
  publicRoutes: (services) => publicV1(services),
  // the webhook delivery log's retention (activities/retention.ts)
  onStart: (services) => ensureSchedule(services, { scheduleId: 'public-api-webhook-retention', every: '1 hour', workflow: WebhooksPurgeDeliveries }),
});
