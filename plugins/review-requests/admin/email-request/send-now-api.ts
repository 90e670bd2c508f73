import { apiJson } from '@plaudit/kernel/admin';

export interface SendNowProgress {
  total: number;
  done: number;
  results: { orderId: string; ok: boolean; message: string }[];
  finished: boolean;
}

export const sendNowApi = {
  start: (orderIds: string[]) =>
    apiJson<{ data: { id: string } }>('/email-request', { method: 'POST', body: JSON.stringify({ orderIds }) }).then((r) => r.data.id),
  progress: (id: string) => apiJson<{ data: SendNowProgress | null }>(`/email-request/${encodeURIComponent(id)}`).then((r) => r.data),
};

/** orderId and orderIds from the query string (orderIds repeated, as orderIds[], or comma-joined). */
export function orderIdsFrom(params: URLSearchParams): string[] {
  const raw = [params.get('orderId'), ...params.getAll('orderIds'), ...params.getAll('orderIds[]')].filter((v): v is string => !!v);
  return [
    ...new Set(
      raw
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
}
