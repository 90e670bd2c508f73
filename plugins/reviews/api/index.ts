// The reviews plugin's API side: moderation routes, rating summaries for the catalogue calls, and
// the hourly maintenance schedule (auto-publish of held reviews, recycle-bin purge), and collection
// from the signed links in request emails and the storefront submit form, and the reviewer's answer
// to an edit request.
import { defineApiPlugin } from '../../../api/plugins/types';
import { Review, ReviewSummary } from './review.model';
import { collectRoutes } from './collect/collect-routes';
import { reviewRoutes } from './routes';
import { seedDemoShopReviews } from './demo-shop';
import { forwardNewReviews } from './notifications';
import { ensureMaintenanceSchedule } from './schedule';
import { ReviewSettingsRow } from './settings';
import { productSummaries } from './summaries';
import { reviewFeed } from './feed';

export default defineApiPlugin({
  id: 'reviews',
  models: [Review, ReviewSummary, ReviewSettingsRow],
  routes: (services) => reviewRoutes(services),
  publicRoutes: (services) => collectRoutes(services),
  onStart: async (services) => {
    forwardNewReviews(services);
    await ensureMaintenanceSchedule(services);
    await seedDemoShopReviews(services);
  },
  productSummaries,
  reviewFeed,
});
