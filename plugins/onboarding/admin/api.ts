// The other plugins' public API routes the steps change settings through (never their tables):
// reviews' general settings, review-requests' request settings and old orders, widgets' display
// settings; and this plugin's own profile and theme status.
import { apiJson } from '@plaudit/kernel/admin';

export const getJson = <T>(path: string) => apiJson<{ data: T }>(path).then((r) => r.data);
export const putJson = (path: string, body: unknown) => apiJson(path, { method: 'PUT', body: JSON.stringify(body) });
export const postJson = <T = unknown>(path: string, body: unknown = {}) => apiJson<T>(path, { method: 'POST', body: JSON.stringify(body) });
