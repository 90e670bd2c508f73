// The reviews plugin's API side (capabilities: plugin.ts): moderation routes, and
// the hourly maintenance schedule (auto-publish of held reviews, recycle-bin purge), and collection
// from the signed links in request emails and the storefront submit form, and the reviewer's answer
// to an edit request.
import { defineApiPlugin } from '@plaudit/kernel';
import { collectRoutes } from './collect/collect-routes';
import { reviewRoutes } from './routes';
import { seedDemoShopReviews } from './demo-shop';
import { ensureMaintenanceSchedule } from './schedule';

export default defineApiPlugin({
  id: 'reviews',
  routes: (services) => reviewRoutes(services),
  publicRoutes: (services) => collectRoutes(services),
  onStart: async (services) => {
    await ensureMaintenanceSchedule(services);
    await seedDemoShopReviews(services);
  },
  // transitional, until widgets reads the ReviewFeed capability (issue 11): the lead removes it
});
