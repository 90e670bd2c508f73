// The queue screen's state lives in the query string (spec section 2), so a reload or a shared
// link restores the view; any filter change goes back to page 1 (spec section 4). Filters use the
// API's own parameter names (spec section 3, "Queue filter and sort state") in the URL too.
import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

export const PAGE_SIZES = [10, 20, 50, 100];
/** The list's sort keys (`<key>_<asc|desc>`); createdAt, when the request was made, is the default. */
export const SORT_KEYS = ['createdAt', 'orderNumber', 'scheduledAt', 'fulfilledDate', 'executedAt', 'createdOrderAt'] as const;
export const SORTS = SORT_KEYS.flatMap((k) => [`${k}_desc`, `${k}_asc`] as const);
export type Sort = (typeof SORTS)[number];
/** The statuses the status multi-select offers (spec section 4's email queue statuses). */
export const STATUSES = ['waiting', 'waitingCondition', 'success', 'opened', 'reviewed', 'failed', 'cancel', 'pause'];
export const TABS = [
  { key: 'all', statuses: [] as string[] },
  { key: 'scheduled', statuses: ['waiting'] },
  { key: 'waiting', statuses: ['waitingCondition'] },
  { key: 'sent', statuses: ['success'] },
  { key: 'opened', statuses: ['opened'] },
  { key: 'reviewed', statuses: ['reviewed'] },
  { key: 'failed', statuses: ['failed'] },
];

/** The four date ranges, each a pair of API parameters (fulfilled uses the bare fromDate/toDate). */
export const DATE_RANGES = [
  { key: 'fulfilled', from: 'fromDate', to: 'toDate' },
  { key: 'scheduled', from: 'scheduledFromDate', to: 'scheduledToDate' },
  { key: 'executed', from: 'executedFromDate', to: 'executedToDate' },
  { key: 'createdOrder', from: 'createdOrderFromDate', to: 'createdOrderToDate' },
] as const;
export type DateRange = (typeof DATE_RANGES)[number];
export type DateField = DateRange['from'] | DateRange['to'];
const DATE_FIELDS = DATE_RANGES.flatMap((r) => [r.from, r.to]);

export interface QueueFilters extends Record<DateField, string> {
  statusList: string[];
  productIdsFilter: string[];
  buyerNames: string[];
  /** `from_to`, both order numbers */
  orderRangeFilter: string;
}

export interface QueueState extends QueueFilters {
  tab: string;
  searchText: string;
  sort: Sort;
  limit: number;
  page: number;
  cursor: string | null;
  step: 'after' | 'before' | null;
}

export const NO_FILTERS: QueueFilters = {
  statusList: [],
  productIdsFilter: [],
  buyerNames: [],
  orderRangeFilter: '',
  ...(Object.fromEntries(DATE_FIELDS.map((f) => [f, ''])) as Record<DateField, string>),
};
const LISTS = ['statusList', 'productIdsFilter', 'buyerNames'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const list = (v: string | null) =>
  v
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

function readState(params: URLSearchParams): QueueState {
  const sort = params.get('sort') as Sort;
  // The home screen links here with `status` (spec section 2): it preselects that status.
  const fromHome = list(params.get('status')).filter((s) => STATUSES.includes(s));
  const range = params.get('orderRangeFilter') ?? '';
  return {
    tab: TABS.some((t) => t.key === params.get('statusFilter')) ? params.get('statusFilter')! : 'all',
    searchText: params.get('searchText') ?? '',
    sort: SORTS.includes(sort) ? sort : 'createdAt_desc',
    limit: PAGE_SIZES.includes(Number(params.get('limit'))) ? Number(params.get('limit')) : 10,
    page: Math.max(1, Number(params.get('page')) || 1),
    cursor: params.get('cursor'),
    step: params.get('step') === 'before' ? 'before' : params.get('step') === 'after' ? 'after' : null,
    statusList: params.has('statusList') ? list(params.get('statusList')).filter((s) => STATUSES.includes(s)) : fromHome,
    productIdsFilter: list(params.get('productIdsFilter')),
    buyerNames: list(params.get('buyerNames')),
    orderRangeFilter: /^\d+_\d+$/.test(range) ? range : '',
    ...(Object.fromEntries(DATE_FIELDS.map((f) => [f, DAY.test(params.get(f) ?? '') ? params.get(f) : ''])) as Record<DateField, string>),
  };
}

/** the applied saved view's id (the kernel's <SavedViews>), kept while the merchant changes the list */
const VIEW = 'view';

function writeState(next: QueueState, kept: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  // `date` and `status` say the merchant came from home: kept for the back link (status is read once).
  if (kept.has('date')) out.set('date', kept.get('date')!);
  if (kept.has(VIEW)) out.set(VIEW, kept.get(VIEW)!);
  if (next.tab !== 'all') out.set('statusFilter', next.tab);
  if (next.searchText) out.set('searchText', next.searchText);
  if (next.sort !== 'createdAt_desc') out.set('sort', next.sort);
  if (next.limit !== 10) out.set('limit', String(next.limit));
  if (next.page > 1) out.set('page', String(next.page));
  if (next.cursor && next.step) {
    out.set('cursor', next.cursor);
    out.set('step', next.step);
  }
  for (const key of LISTS) if (next[key].length) out.set(key, next[key].join(','));
  if (kept.has('status')) out.set('statusList', next.statusList.join(','));
  if (next.orderRangeFilter) out.set('orderRangeFilter', next.orderRangeFilter);
  for (const f of DATE_FIELDS) if (next[f]) out.set(f, next[f]);
  return out;
}

/** Query parameters a saved view leaves out: paging, and the marks of a visit from home. */
export const NOT_VIEW_STATE = ['page', 'cursor', 'step', 'date', 'status'] as const;
/** Whether the screen was reached from home (with `status` or `date`), which decides the back link. */
export const cameFromHome = (params: URLSearchParams) => params.has('status') || params.has('date');

export function useQueueState(): [QueueState, (patch: Partial<QueueState>) => void, boolean] {
  const [params, setParams] = useSearchParams();
  // React Router's setter changes with the URL; the latest one is kept so `update` stays the same
  // function and memoised parts of the screen (tabs, rows, toolbar) are not rendered again for it.
  const latest = useRef(setParams);
  latest.current = setParams;
  const update = useCallback(
    (patch: Partial<QueueState>) =>
      // Composed on the browser's current URL, not the router's: a navigation still rendering in a
      // transition has already moved the URL, so quick successive changes (a tab, then a search) all stay.
      latest.current(() => {
        const current = new URLSearchParams(window.location.search);
        const next = { ...readState(current), ...patch };
        if (!('page' in patch || 'cursor' in patch)) Object.assign(next, { page: 1, cursor: null, step: null });
        return writeState(next, current);
      }),
    [],
  );
  return [readState(params), update, cameFromHome(params)];
}

export function apiQuery(s: QueueState): string {
  const q = new URLSearchParams({ limitPerPage: String(s.limit), includeTotal: 'true', sort: s.sort });
  const statuses = TABS.find((t) => t.key === s.tab)!.statuses;
  if (statuses.length) q.set('statusFilter', statuses.join(','));
  if (s.searchText) q.set('searchText', s.searchText);
  for (const key of LISTS) if (s[key].length) q.set(key, s[key].join(','));
  if (s.orderRangeFilter) q.set('orderRangeFilter', s.orderRangeFilter);
  // Days as days: the API reads each as the whole day in the shop's timezone, a "to" day included.
  for (const f of DATE_FIELDS) if (s[f]) q.set(f, s[f]);
  if (s.cursor && s.step) q.set(s.step, s.cursor);
  if (s.page > 1) q.set('page', String(s.page));
  return q.toString();
}

/** Whether any filter (the chips' filters or the search) is set. */
export const hasFilters = (s: QueueState) => !!s.searchText || JSON.stringify(pickFilters(s)) !== JSON.stringify(NO_FILTERS);
export const pickFilters = (s: QueueState): QueueFilters =>
  Object.fromEntries(Object.keys(NO_FILTERS).map((k) => [k, s[k as keyof QueueFilters]])) as unknown as QueueFilters;
