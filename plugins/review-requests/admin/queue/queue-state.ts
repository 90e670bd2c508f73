// The queue screen's state lives in the query string (spec section 2), so a reload or a shared
// link restores the view; any filter change goes back to page 1.
import { useSearchParams } from 'react-router-dom';

export const PAGE_SIZES = [10, 20, 50, 100];
export const TABS = [
  { key: 'all', statuses: [] as string[] },
  { key: 'scheduled', statuses: ['waiting'] },
  { key: 'waiting', statuses: ['waitingCondition'] },
  { key: 'sent', statuses: ['success'] },
  { key: 'opened', statuses: ['opened'] },
  { key: 'reviewed', statuses: ['reviewed'] },
  { key: 'failed', statuses: ['failed'] },
];

export interface QueueState {
  tab: string;
  searchText: string;
  limit: number;
  page: number;
  cursor: string | null;
  step: 'after' | 'before' | null;
}

function readState(params: URLSearchParams): QueueState {
  return {
    tab: TABS.some((t) => t.key === params.get('statusFilter')) ? params.get('statusFilter')! : 'all',
    searchText: params.get('searchText') ?? '',
    limit: PAGE_SIZES.includes(Number(params.get('limit'))) ? Number(params.get('limit')) : 10,
    page: Math.max(1, Number(params.get('page')) || 1),
    cursor: params.get('cursor'),
    step: params.get('step') === 'before' ? 'before' : params.get('step') === 'after' ? 'after' : null,
  };
}

function writeState(next: QueueState): URLSearchParams {
  const out = new URLSearchParams();
  if (next.tab !== 'all') out.set('statusFilter', next.tab);
  if (next.searchText) out.set('searchText', next.searchText);
  if (next.limit !== 10) out.set('limit', String(next.limit));
  if (next.page > 1) out.set('page', String(next.page));
  if (next.cursor && next.step) {
    out.set('cursor', next.cursor);
    out.set('step', next.step);
  }
  return out;
}

export function useQueueState(): [QueueState, (patch: Partial<QueueState>) => void] {
  const [params, setParams] = useSearchParams();
  const update = (patch: Partial<QueueState>) =>
    // Composed on the browser's current URL, not the router's: a navigation still rendering in a
    // transition has already moved the URL, so quick successive changes (a tab, then a search) all stay.
    setParams(() => {
      const next = { ...readState(new URLSearchParams(window.location.search)), ...patch };
      if (!('page' in patch || 'cursor' in patch)) Object.assign(next, { page: 1, cursor: null, step: null });
      return writeState(next);
    });
  return [readState(params), update];
}

export function apiQuery(s: QueueState): string {
  const q = new URLSearchParams({ limitPerPage: String(s.limit), includeTotal: 'true', sort: 'createdAt_desc' });
  const statuses = TABS.find((t) => t.key === s.tab)!.statuses;
  if (statuses.length) q.set('statusFilter', statuses.join(','));
  if (s.searchText) q.set('searchText', s.searchText);
  if (s.cursor && s.step) q.set(s.step, s.cursor);
  return q.toString();
}
