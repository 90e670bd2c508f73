// The query of GET /api/email-queue: spec section 3's "queue filter and sort state" and section 7's
// parameters, validated with the messages of section 5 (400 with one message per field).
import { z } from 'zod';
import { productIdSchema } from '@plaudit/kernel';

export const STATUSES = ['waiting', 'waitingCondition', 'success', 'opened', 'reviewed', 'failed', 'cancel', 'pause'] as const;
export type Status = (typeof STATUSES)[number];

// The names the screen shows (spec section 4's filters) mean these stored statuses.
const STATUS_ALIASES: Record<string, Status[]> = {
  scheduled: ['waiting'],
  sent: ['success'],
  customerReviewed: ['reviewed'],
  skipped: ['cancel'],
  paused: ['pause'],
};

const REQUIRED = 'This field is required';
const DIGITS = 'Must be digits';
const MIN_ONE = 'Number needs to be greater than or equal to 1';
const INVALID = 'The value is invalid';
const INVALID_DATE = 'Invalid date value';
const INVALID_RANGE = 'Invalid date value range';

/** Sort keys of the list (`<key>_<asc|desc>`); createdAt is when the request was created (the default). */
export const SORT_KEYS = ['createdAt', 'scheduledAt', 'createdOrderAt', 'fulfilledDate', 'executedAt', 'orderNumber'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
const SORTS = SORT_KEYS.flatMap((k) => [`${k}_desc`, `${k}_asc`] as const);

const MAX_ORDER_NUMBER = 10n ** 18n - 1n;

const list = (s: string | undefined) => [
  ...new Set(
    (s ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  ),
];

/** 'all' and the screen's names are accepted; the result is the stored statuses, empty for all. */
const statusSet = z
  .string()
  .max(500)
  .optional()
  .transform((s, ctx) => {
    const out = new Set<Status>();
    for (const v of list(s)) {
      if (v === 'all') continue;
      const found = (STATUSES as readonly string[]).includes(v) ? [v as Status] : STATUS_ALIASES[v];
      if (!found) {
        ctx.addIssue({ code: 'custom', message: INVALID });
        return z.NEVER;
      }
      found.forEach((x) => out.add(x));
    }
    return [...out];
  });

/** A day (YYYY-MM-DD, the whole day in the shop's timezone) or an instant with its offset. */
const dateValue = z
  .string()
  .optional()
  .refine((s) => s === undefined || s === '' || z.iso.date().safeParse(s).success || z.iso.datetime({ offset: true }).safeParse(s).success, INVALID_DATE)
  .transform((s) => s || undefined);

/** The order-number range `from_to`: both required, digits only, at least 1 (spec section 5). */
export function orderRangeErrors(value: string): Record<string, string> {
  const [from = '', to = '', ...rest] = value.split('_');
  const check = (v: string) => (v === '' ? REQUIRED : !/^\d+$/.test(v) ? DIGITS : BigInt(v) < 1n ? MIN_ONE : undefined);
  const errors: Record<string, string> = {};
  const fromError = check(from);
  const toError = rest.length ? DIGITS : check(to);
  if (fromError) errors.fromOrder = fromError;
  if (toError) errors.toOrder = toError;
  return errors;
}

const orderRange = z
  .string()
  .max(60)
  .optional()
  .transform((s, ctx) => {
    if (s === undefined || s === '') return undefined;
    const errors = orderRangeErrors(s);
    for (const [field, message] of Object.entries(errors)) ctx.addIssue({ code: 'custom', message, path: [field] });
    if (Object.keys(errors).length) return z.NEVER;
    // Order numbers are stored up to 18 digits; a longer bound matches as the largest one.
    const [from, to] = s.split('_').map((v) => (v.length > 18 ? MAX_ORDER_NUMBER : BigInt(v)));
    // A range typed backwards is the same range.
    return from <= to ? { from, to } : { from: to, to: from };
  });

/** The date filters: fulfilled (fromDate/toDate), scheduled, executed (sent), order created. */
export const DATE_RANGES = [
  ['fromDate', 'toDate'],
  ['scheduledFromDate', 'scheduledToDate'],
  ['executedFromDate', 'executedToDate'],
  ['createdOrderFromDate', 'createdOrderToDate'],
] as const;

const ids = z.string().max(5000).optional().transform(list);
const text = z
  .string()
  .max(2000)
  .optional()
  .transform((s) => list(s).slice(0, 50));

export const queueQuery = z
  .object({
    limitPerPage: z.coerce
      .number()
      .refine((n) => [10, 20, 50, 100].includes(n), INVALID)
      .default(10),
    sort: z.enum(SORTS, { message: INVALID }).default('createdAt_desc'),
    /** the tab (all, opened, success, waiting, failed, cancel, pause) */
    statusFilter: statusSet,
    /** section 7's `status` (the screen is reached with ?status=): the same as the tab */
    status: statusSet,
    /** the status multi-select */
    statusList: statusSet,
    searchText: z.string().trim().max(255).optional(),
    fromDate: dateValue,
    toDate: dateValue,
    scheduledFromDate: dateValue,
    scheduledToDate: dateValue,
    executedFromDate: dateValue,
    executedToDate: dateValue,
    createdOrderFromDate: dateValue,
    createdOrderToDate: dateValue,
    // numbers and gids alike, as the gid the line items keep; anything else is a 400
    productIdsFilter: ids.pipe(z.array(productIdSchema)),
    buyerNames: text,
    orderRangeFilter: orderRange,
    after: z.string().max(200).optional(),
    before: z.string().max(200).optional(),
    page: z.coerce.number().int(INVALID).min(1, INVALID).max(100_000, INVALID).default(1),
    // Kept for callers that still send them; the total is always in the answer now.
    includeTotal: z.enum(['true', 'false']).optional(),
    type: z.string().max(64).optional(),
    isSearch: z.string().max(10).optional(),
  })
  .superRefine((q, ctx) => {
    for (const [from, to] of DATE_RANGES) {
      const a = q[from];
      const b = q[to];
      if (a && b && Date.parse(a) > Date.parse(b)) ctx.addIssue({ code: 'custom', message: INVALID_RANGE, path: [to] });
    }
  });

export type QueueQuery = z.infer<typeof queueQuery>;
