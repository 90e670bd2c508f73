import { apiJson } from '@plaudit/kernel/admin';
import type { ApiKeyList, ApiKeyView, CreatedKey, KeyInput } from '../shared/keys';

export const loadKeys = () => apiJson<ApiKeyList>('/api-keys');
export const createKey = (input: KeyInput) => apiJson<CreatedKey>('/api-keys', { method: 'POST', body: JSON.stringify(input) });
export const rotateKey = (id: number) => apiJson<CreatedKey>(`/api-keys/${id}/rotate`, { method: 'POST' });
export const revokeKey = (id: number) => apiJson<ApiKeyView>(`/api-keys/${id}`, { method: 'DELETE' });
