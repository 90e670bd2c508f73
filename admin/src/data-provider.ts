import { httpClient } from './api-client';
import { cursorDataProvider } from './cursor-provider';

/** react-admin's data provider: our cursor-paged API under /api, with the merchant's credential (docs/plugins.md, "Admin data layer"). */
export const dataProvider = cursorDataProvider('/api', httpClient);
