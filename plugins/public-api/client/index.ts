// A small typed client of the public API: openapi-fetch over the types generated from the OpenAPI
// document (schema.d.ts), so every path, parameter, body and answer is checked by TypeScript.
//   const plaudit = createPlauditClient('https://plaudit.example.com', process.env.PLAUDIT_KEY);
//   const { data, error } = await plaudit.GET('/reviews', { params: { query: { limit: 20 } } });
// Storefront operations need no key: createPlauditClient(url) without one.
import createClient, { type ClientOptions } from 'openapi-fetch';
import type { paths } from './schema';

export type { components, operations, paths } from './schema';

export const PUBLIC_API_PATH = '/api/public/v1';

/** `serverUrl`: the Plaudit server (with or without /api/public/v1); `key`: an API key of the shop. */
export function createPlauditClient(serverUrl: string, key?: string, options: Omit<ClientOptions, 'baseUrl'> = {}) {
  const trimmed = serverUrl.replace(/\/+$/, '');
  const baseUrl = trimmed.endsWith(PUBLIC_API_PATH) ? trimmed : trimmed + PUBLIC_API_PATH;
  const headers = { ...(options.headers as Record<string, string> | undefined), ...(key ? { Authorization: `Bearer ${key}` } : {}) };
  return createClient<paths>({ ...options, baseUrl, headers });
}

export type PlauditClient = ReturnType<typeof createPlauditClient>;
