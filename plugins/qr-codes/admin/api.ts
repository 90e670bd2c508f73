// The plugin's calls, typed by the shared shapes.
import { apiJson } from '@plaudit/kernel/admin';
import type { CardSettings } from '../shared/card';
import type { GeneratedCode, QrProductPage, QrProductRow } from '../shared/products';

export function listProducts(params: URLSearchParams) {
  return apiJson<QrProductPage>(`/manual-import?${params}`);
}

export function generate(row: QrProductRow) {
  return apiJson<GeneratedCode>('/qrcodes', { method: 'POST', body: JSON.stringify(row) });
}

export function loadCardSettings() {
  return apiJson<{ data: CardSettings; fonts: string[] }>('/qrcodes-settings');
}

export function saveCardSettings(settings: CardSettings) {
  return apiJson<{ data: CardSettings }>('/qrcodes-settings', { method: 'PUT', body: JSON.stringify(settings) });
}
