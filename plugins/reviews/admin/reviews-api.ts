// The admin's calls to /api/reviews, and the toasts of spec section 8 for each action.
import { useNotify } from 'react-admin';
import { apiJson, httpClient } from '@plaudit/kernel/admin';
import type { Action, PageInfo, Review } from '../shared/review';
import type { LabelFacets } from '../shared/labels';

export interface ReviewPage {
  data: Review[];
  pageInfo: PageInfo;
  total: number;
}

export function fetchReviews(params: Record<string, string | undefined>): Promise<ReviewPage> {
  const qs = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => !!e[1]));
  return apiJson<ReviewPage>(`/reviews?${qs}`);
}

/** The label filters' groups and counts for the list's tab and filters (GET /api/reviews/labels). */
export function fetchLabelFacets(query: string): Promise<LabelFacets> {
  return apiJson<LabelFacets>(`/reviews/labels?${query}`);
}

const post = (path: string, body?: unknown, method = 'POST') => apiJson(path, { method, body: body === undefined ? undefined : JSON.stringify(body) });

/** Refusals the admin words itself (in the merchant's language) rather than showing the server's text. */
const CODE_TOASTS: Record<string, string> = {
  EMAIL_NOT_FOUND: 'reviews:toast.email_not_found',
  IMPORTED_REVIEW: 'reviews:edit.imported',
};

/** Runs a row or bulk action; success and failure toasts; resolves true when it worked. */
export function useReviewAction() {
  const notify = useNotify();
  return async (action: Action | 'request-edit', ids: number[]): Promise<boolean> => {
    try {
      if (action === 'request-edit') await post(`/reviews/${ids[0]}/request-edit`);
      else if (ids.length === 1 && action === 'delete') await post(`/reviews/${ids[0]}`, undefined, 'DELETE');
      else await post(`/reviews/bulk/${action}`, { ids });
      notify(`reviews:toast.${action}`, { type: 'success', messageArgs: { smart_count: ids.length } });
      return true;
    } catch (err) {
      const body = (err as { body?: { message?: string; code?: string } }).body;
      notify(CODE_TOASTS[body?.code ?? ''] ?? body?.message ?? 'reviews:toast.failed', { type: 'error' });
      return false;
    }
  };
}

export async function downloadExport(format: 'csv' | 'xml') {
  const res = await httpClient(`/api/reviews/export?format=${format}`);
  const url = URL.createObjectURL(new Blob([res.body], { type: format === 'csv' ? 'text/csv' : 'application/xml' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: `reviews.${format}` });
  a.click();
  URL.revokeObjectURL(url);
}

export { post };
