// The plugin's schedules, created idempotently at every API start: hourly maintenance, and the
// minute-by-minute push of changed ratings to Shopify's product metafields.
import { type ApiServices, ensureSchedule } from '@plaudit/kernel';
import { ReviewsMaintenance, ReviewsRatingSync } from '../shared/workflows';

export const MAINTENANCE_SCHEDULE_ID = 'reviews-maintenance';

export const RATING_SYNC_SCHEDULE_ID = 'reviews-rating-sync';

export async function ensureMaintenanceSchedule(services: ApiServices) {
  await ensureSchedule(services, { scheduleId: MAINTENANCE_SCHEDULE_ID, every: '1 hour', workflow: ReviewsMaintenance, args: [{}] });
  await ensureSchedule(services, { scheduleId: RATING_SYNC_SCHEDULE_ID, every: '1 minute', workflow: ReviewsRatingSync });
}
