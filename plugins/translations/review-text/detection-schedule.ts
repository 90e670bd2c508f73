// The batch detection's schedule (workflows/index.ts translationsDetectLanguages), created
// idempotently at every API start (the API plugin's onStart).
import { type ApiServices, ensureSchedule } from '@plaudit/kernel';
import { DETECTION_SCHEDULE_ID } from '../workflows/messages';
import { TranslationsDetectLanguages } from '../shared/workflows';

export const ensureDetectionSchedule = (services: ApiServices) =>
  ensureSchedule(services, { scheduleId: DETECTION_SCHEDULE_ID, every: '5 minutes', workflow: TranslationsDetectLanguages });
