// The screen's calls (api/routes.ts), typed by the shared shapes.
import { apiJson } from '@plaudit/kernel/admin';
import type { AccountView, PostPatch, PostView } from '../shared/instagram';

export const loadAccount = () => apiJson<{ data: AccountView }>('/instagram').then((r) => r.data);
export const loadPosts = () => apiJson<{ data: PostView[] }>('/instagram/posts').then((r) => r.data);
export const startConnect = () => apiJson<{ data: { authorizeUrl: string } }>('/instagram/connect', { method: 'POST' }).then((r) => r.data.authorizeUrl);
export const disconnect = () => apiJson<{ data: AccountView }>('/instagram', { method: 'DELETE' }).then((r) => r.data);
export const syncNow = () => apiJson<{ data: { started: boolean } }>('/instagram/sync', { method: 'POST' });
export const savePost = (id: number, patch: PostPatch) =>
  apiJson<{ data: PostView }>(`/instagram/posts/${id}`, { method: 'PUT', body: JSON.stringify(patch) }).then((r) => r.data);
