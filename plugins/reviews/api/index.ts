// The reviews plugin's API side: moderation routes, rating summaries for the catalogue calls, and
// the hourly maintenance schedule (auto-publish of held reviews, recycle-bin purge).
import { defineApiPlugin } from '../../../api/plugins/types';
import { Review, ReviewSummary } from './review.model';
import { reviewRoutes } from './routes';
import { ensureMaintenanceSchedule } from './schedule';
import { ReviewSettingsRow } from './settings';
import { productSummaries } from './summaries';

export default defineApiPlugin({
  id: 'reviews',
  models: [Review, ReviewSummary, ReviewSettingsRow],
  routes: (services) => reviewRoutes(services),
  onStart: (services) => ensureMaintenanceSchedule(services),
  productSummaries,
});
