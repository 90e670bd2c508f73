import type { SurveyWidgetState } from './types';

export const SURVEY_MAX_CLOSES = 3;
const DAY_MS = 24 * 3600 * 1000;

/**
 * The survey widget shows on the home route only when setup is done, it was not submitted, it was
 * closed fewer than 3 times, and not within the last day (spec section 2).
 */
export function shouldShowSurvey(o: { onHome: boolean; setupDone: boolean; survey: SurveyWidgetState; now?: number }): boolean {
  const now = o.now ?? Date.now();
  if (!o.onHome || !o.setupDone || o.survey.isSubmitted) return false;
  if ((o.survey.closeCount ?? 0) >= SURVEY_MAX_CLOSES) return false;
  if (o.survey.closedAt && now - new Date(o.survey.closedAt).getTime() < DAY_MS) return false;
  return true;
}
