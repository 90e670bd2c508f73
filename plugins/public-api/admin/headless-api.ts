// The headless storefronts card's calls (api/settings-routes.ts: GET|PUT /api/public-api/settings).
import { apiJson } from '@plaudit/kernel/admin';
import type { PublicApiSettings } from '../shared/settings';

export const loadPublicApiSettings = () => apiJson<PublicApiSettings>('/public-api/settings');
export const savePublicApiSettings = (settings: PublicApiSettings) =>
  apiJson<PublicApiSettings>('/public-api/settings', { method: 'PUT', body: JSON.stringify(settings) });
