// The queue's filters (spec section 2): each kind's editor, its chip and what removing it clears.
import type { ReactNode } from 'react';
import { DATE_RANGES, NO_FILTERS, type QueueFilters, type QueueState } from '../queue-state';
import type { QueueRow } from '../queue-api';
import { BuyerEditor } from './BuyerEditor';
import { DateRangeEditor } from './DateRangeEditor';
import { OrderRangeEditor } from './OrderRangeEditor';
import { ProductEditor } from './ProductEditor';
import { productTitle, shortTitle } from './product-titles';
import { StatusEditor } from './StatusEditor';

type Translate = (key: string, options?: Record<string, unknown>) => string;
/** The editor reports its draft as a patch, or null while there is nothing valid to apply. */
type Draft = (patch: Partial<QueueFilters> | null) => void;

export interface FilterKind {
  key: string;
  active: (s: QueueState) => boolean;
  editor: (s: QueueState, onDraft: Draft, rows: QueueRow[]) => ReactNode;
  /** the chips, each with what removing it clears (buyer names may need more than one chip) */
  chips: (s: QueueState, t: Translate, rows: QueueRow[]) => Chip[];
}

export interface Chip {
  label: string;
  clear: Partial<QueueFilters>;
}

/** Up to 3 buyer names in one chip (spec section 2). */
const BUYERS_PER_CHIP = 3;
const chunks = <T,>(xs: T[], n: number) => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));
const day = (d: string) => new Date(`${d}T00:00:00`).toLocaleDateString();

const dateKinds: FilterKind[] = DATE_RANGES.map((r) => ({
  key: r.key,
  active: (s) => !!(s[r.from] || s[r.to]),
  editor: (s, onDraft) => <DateRangeEditor value={{ from: s[r.from], to: s[r.to] }} onDraft={(v) => onDraft(v && { [r.from]: v.from, [r.to]: v.to })} />,
  chips: (s, t) => {
    const label = t(`review-requests:queue.filters.kind.${r.key}`);
    const clear = { [r.from]: '', [r.to]: '' };
    if (s[r.from] && s[r.to]) return [{ label: t('review-requests:queue.chip.between', { label, from: day(s[r.from]), to: day(s[r.to]) }), clear }];
    if (s[r.from]) return [{ label: t('review-requests:queue.chip.since', { label, from: day(s[r.from]) }), clear }];
    return [{ label: t('review-requests:queue.chip.until', { label, to: day(s[r.to]) }), clear }];
  },
}));

export const FILTER_KINDS: FilterKind[] = [
  {
    key: 'orderRange',
    active: (s) => !!s.orderRangeFilter,
    editor: (s, onDraft) => <OrderRangeEditor value={s.orderRangeFilter} onDraft={(v) => onDraft(v ? { orderRangeFilter: v } : null)} />,
    chips: (s, t) => {
      const [from, to] = s.orderRangeFilter.split('_');
      return [{ label: t('review-requests:queue.chip.orderRange', { from, to }), clear: { orderRangeFilter: '' } }];
    },
  },
  {
    key: 'product',
    active: (s) => s.productIdsFilter.length > 0,
    editor: (s, onDraft, rows) => (
      <ProductEditor
        value={s.productIdsFilter.map((id) => ({ id, title: productTitle(id, rows) }))}
        onDraft={(ids) => onDraft(ids && { productIdsFilter: ids })}
      />
    ),
    chips: (s, t, rows) => [
      {
        label: t('review-requests:queue.chip.product', { products: s.productIdsFilter.map((id) => shortTitle(productTitle(id, rows))).join(', ') }),
        clear: { productIdsFilter: [] },
      },
    ],
  },
  ...dateKinds,
  {
    key: 'status',
    active: (s) => s.statusList.length > 0,
    editor: (s, onDraft) => <StatusEditor value={s.statusList} onDraft={(v) => onDraft(v && { statusList: v })} />,
    chips: (s, t) => [
      {
        label: t('review-requests:queue.chip.status', { statuses: s.statusList.map((x) => t(`review-requests:status.${x}`)).join(', ') }),
        clear: { statusList: [] },
      },
    ],
  },
  {
    key: 'buyer',
    active: (s) => s.buyerNames.length > 0,
    editor: (s, onDraft) => <BuyerEditor value={s.buyerNames} onDraft={(v) => onDraft(v && { buyerNames: v })} />,
    chips: (s, t) =>
      chunks(s.buyerNames, BUYERS_PER_CHIP).map((names) => ({
        label: t('review-requests:queue.chip.buyer', { names: names.join(', ') }),
        clear: { buyerNames: s.buyerNames.filter((n) => !names.includes(n)) },
      })),
  },
];

/** Clear-all: every filter back to none. */
export const CLEAR_ALL: Partial<QueueState> = { ...NO_FILTERS, searchText: '' };
