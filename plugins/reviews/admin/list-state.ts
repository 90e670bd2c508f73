// The moderation list's view lives in the query string (tab, search, filters, sort, page size,
// cursor), so a reload or a shared link shows the same reviews; any filter change goes back to
// the first page.
import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PAGE_SIZES, SORTS, SOURCES, TABS } from '../shared/review';
import { isLabelRef, MAX_LABEL_FILTERS, MENTION_TONES } from '../shared/labels';

type YesNo = '' | 'true' | 'false';

export interface ListState {
  tab: (typeof TABS)[number];
  search: string;
  rating: number[];
  source: string;
  sort: (typeof SORTS)[number];
  hasMedia: YesNo;
  verified: YesNo;
  replied: YesNo;
  /** product GID; the title only labels the picker after a reload */
  productId: string;
  productTitle: string;
  /** YYYY-MM-DD, the merchant's local days, both inclusive */
  from: string;
  to: string;
  /** other plugins' labels, `group:key` (a topic, a "needs a look" reason) */
  label: string[];
  /** mentions of this tone only ('positive' | 'negative') */
  tone: '' | (typeof MENTION_TONES)[number];
  /** the "Needs a look" quick filter */
  needsLook: '' | 'true';
  limit: number;
  after: string;
  before: string;
}

export type FilterState = Omit<ListState, 'tab' | 'limit' | 'after' | 'before'>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(list: readonly T[], v: string | null, fallback: T): T => (list.includes(v as T) ? (v as T) : fallback);
const yesNo = (v: string | null): YesNo => (v === 'true' || v === 'false' ? v : '');

export function readState(p: URLSearchParams): ListState {
  return {
    tab: oneOf(TABS, p.get('tab'), 'all'),
    search: p.get('search') ?? '',
    rating: (p.get('rating') ?? '')
      .split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n >= 1 && n <= 5),
    source: oneOf(['', ...SOURCES], p.get('source'), ''),
    sort: oneOf(SORTS, p.get('sort'), 'newest'),
    hasMedia: yesNo(p.get('hasMedia')),
    verified: yesNo(p.get('verified')),
    replied: yesNo(p.get('replied')),
    productId: p.get('productId') ?? '',
    productTitle: p.get('productTitle') ?? '',
    from: DAY.test(p.get('from') ?? '') ? p.get('from')! : '',
    to: DAY.test(p.get('to') ?? '') ? p.get('to')! : '',
    label: [...new Set((p.get('label') ?? '').split(',').filter(isLabelRef))].slice(0, MAX_LABEL_FILTERS),
    tone: oneOf(['', ...MENTION_TONES], p.get('tone'), ''),
    needsLook: p.get('needsLook') === 'true' ? 'true' : '',
    limit: PAGE_SIZES.includes(Number(p.get('limit'))) ? Number(p.get('limit')) : 10,
    after: p.get('after') ?? '',
    before: p.get('before') ?? '',
  };
}

const DEFAULTS = readState(new URLSearchParams());
/** the query parameters of paging, which a saved view leaves out */
export const PAGING_PARAMS = ['after', 'before'] as const;
/** the applied saved view's id (the kernel's <SavedViews>), kept while the merchant changes the list */
const VIEW = 'view';

export function writeState(s: ListState): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(s)) {
    const text = Array.isArray(v) ? v.join(',') : String(v);
    const fallback = DEFAULTS[k as keyof ListState];
    if (text !== (Array.isArray(fallback) ? fallback.join(',') : String(fallback))) out.set(k, text);
  }
  return out;
}

/** 'range' when from is after to; the API then gets neither bound. */
export function dateRangeError(s: Pick<ListState, 'from' | 'to'>): 'range' | undefined {
  return s.from && s.to && s.from > s.to ? 'range' : undefined;
}

/** The query /api/reviews reads; days become instants at the merchant's local midnight. */
export function apiParams(s: ListState): Record<string, string | undefined> {
  const validRange = !dateRangeError(s);
  return {
    tab: s.tab,
    limit: String(s.limit),
    search: s.search.trim() || undefined,
    rating: s.rating.join(',') || undefined,
    source: s.source || undefined,
    sort: s.sort,
    hasMedia: s.hasMedia || undefined,
    verified: s.verified || undefined,
    replied: s.replied || undefined,
    productId: s.productId || undefined,
    from: validRange && s.from ? new Date(`${s.from}T00:00:00`).toISOString() : undefined,
    to: validRange && s.to ? new Date(`${s.to}T23:59:59.999`).toISOString() : undefined,
    label: s.label.join(',') || undefined,
    tone: s.tone || undefined,
    needsLook: s.needsLook || undefined,
    after: s.after || undefined,
    before: s.before || undefined,
  };
}

/** The label facets' query: the list's tab and filters, without paging, sort and the label filters themselves. */
export function facetParams(s: ListState): Record<string, string | undefined> {
  const { after: _a, before: _b, limit: _l, sort: _s, label: _label, tone: _t, needsLook: _n, ...rest } = apiParams(s);
  return rest;
}

export function useListState(): [ListState, (patch: Partial<ListState>) => void] {
  const [params, setParams] = useSearchParams();
  // The router hands an update the URL of the last render, so two quick changes (from, then to)
  // would lose the first. Each change is composed on the latest one made here instead; a new URL
  // from outside (back button, a link) takes over once it is rendered.
  const latest = useRef(params);
  const rendered = useRef(params.toString());
  if (params.toString() !== rendered.current) {
    rendered.current = params.toString();
    latest.current = params;
  }
  const update = (patch: Partial<ListState>) => {
    const next = { ...readState(latest.current), ...patch };
    if (!('after' in patch || 'before' in patch)) Object.assign(next, { after: '', before: '' });
    const view = latest.current.get(VIEW);
    latest.current = writeState(next);
    if (view) latest.current.set(VIEW, view);
    setParams(latest.current);
  };
  return [readState(params), update];
}
