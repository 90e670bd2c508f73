// The WHERE of the queue list: every filter of the queue state (spec section 3), applied to the
// shop's email entries. A day given without a time is the whole day in the shop's timezone.
import type { Knex } from 'knex';
import { instantOf } from '../shared/zoned-time';
import { DATE_RANGES, type QueueQuery } from './queue-query';

/** The column each date range filters. */
const DATE_COLUMNS: Record<(typeof DATE_RANGES)[number][0], string> = {
  fromDate: 'fulfilledDate',
  scheduledFromDate: 'scheduledAt',
  executedFromDate: 'sentAt',
  createdOrderFromDate: 'createdOrderAt',
};

const isDay = (v: string) => v.length === 10;

/** The first instant of the day (YYYY-MM-DD) `offset` days later, in the zone. */
function dayStart(day: string, timeZone: string, offset = 0): Date {
  const [year, month, date] = day.split('-').map(Number);
  const civil = new Date(Date.UTC(year, month - 1, date + offset));
  return instantOf(
    { year: civil.getUTCFullYear(), month: civil.getUTCMonth() + 1, day: civil.getUTCDate(), hour: 0, minute: 0, second: 0, millisecond: 0 },
    timeZone,
  );
}

const escapeLike = (s: string) => s.replace(/[%_\\]/g, (c) => `\\${c}`);

export function applyFilters(base: Knex.QueryBuilder, q: QueueQuery, timeZone: string): Knex.QueryBuilder {
  // The tab, section 7's status and the status multi-select each narrow the list.
  for (const set of [q.statusFilter, q.status, q.statusList]) if (set.length) base.whereIn('status', set);
  if (q.searchText) {
    const like = `%${escapeLike(q.searchText)}%`;
    base.where((w) => w.whereILike('name', like).orWhereILike('customerEmail', like).orWhereILike('customerName', like));
  }
  for (const [from, to] of DATE_RANGES) {
    const column = DATE_COLUMNS[from];
    const start = q[from];
    const end = q[to];
    if (start) base.where(column, '>=', isDay(start) ? dayStart(start, timeZone) : new Date(start));
    if (end) base.where(column, isDay(end) ? '<' : '<=', isDay(end) ? dayStart(end, timeZone, 1) : new Date(end));
  }
  // Any of the request's products is one of those chosen (jsonb containment per product; gids, as stored).
  if (q.productIdsFilter.length) {
    base.where((w) => {
      for (const id of q.productIdsFilter) w.orWhereRaw('line_items @> ?::jsonb', [JSON.stringify([{ productId: id }])]);
    });
  }
  // Buyer names as the customer search shows them: the customer's name, or the email of one without a name.
  if (q.buyerNames.length) {
    const names = q.buyerNames.map((n) => n.toLowerCase());
    base.where((w) => w.whereRaw('lower(customer_name) = any(?)', [names]).orWhereRaw('customer_email = any(?)', [names]));
  }
  // Written as the order-number sort's indexed key (the range starts at 1, so unnumbered rows stay out).
  if (q.orderRangeFilter) base.whereRaw('coalesce(order_number, 0) between ? and ?', [String(q.orderRangeFilter.from), String(q.orderRangeFilter.to)]);
  return base;
}
