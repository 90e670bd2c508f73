// The general tab's calls: GET and PUT /api/reviews/settings (the reviews plugin's namespace).
import { HttpError } from 'react-admin';
import { apiJson } from '@plaudit/kernel/admin';
import type { ReviewSettings } from '../../shared/review';

/** What the plan allows: deletes go to the recycle bin only from `recycleBinTier` on. */
export interface SettingsPlan {
  recycleBin: boolean;
  recycleBinTier: string;
}

export const settingsApi = {
  get: () => apiJson<{ data: ReviewSettings; plan: SettingsPlan }>('/reviews/settings'),
  save: (settings: ReviewSettings) =>
    apiJson<{ data: ReviewSettings }>('/reviews/settings', { method: 'PUT', body: JSON.stringify(settings) }).then((r) => r.data),
};

/** The API's per-field messages of a 400, or none. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  return error instanceof HttpError ? ((error.body as { errors?: Record<string, string> })?.errors ?? {}) : {};
}
