// GET /api/email-queue: filters of spec section 3's queue state, keyset (cursor) paging on
// (created_at, id) so the cost does not grow with depth.
import createHttpError from 'http-errors';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { Tenant } from '../../../api/auth/tenant';

export const STATUSES = ['waiting', 'waitingCondition', 'success', 'opened', 'reviewed', 'failed', 'cancel', 'pause'] as const;

const date = z.iso.datetime({ message: 'Invalid date value', offset: true }).or(z.iso.date({ message: 'Invalid date value' }));

export const queueQuery = z.object({
  limitPerPage: z.coerce.number().refine((n) => [10, 20, 50, 100].includes(n), 'The value is invalid').default(10),
  sort: z.enum(['createdAt_desc', 'createdAt_asc']).default('createdAt_desc'),
  statusFilter: z.string().optional().transform((s) => (s ? s.split(',').filter(Boolean) : [])).pipe(z.array(z.enum(STATUSES, { message: 'The value is invalid' }))),
  searchText: z.string().trim().max(255).optional(),
  createdOrderFromDate: date.optional(),
  createdOrderToDate: date.optional(),
  scheduledFromDate: date.optional(),
  scheduledToDate: date.optional(),
  orderRangeFilter: z.string().regex(/^\d+_\d+$/, 'Must be digits').optional(),
  after: z.string().max(200).optional(),
  before: z.string().max(200).optional(),
  includeTotal: z.enum(['true', 'false']).optional(),
});

type Cursor = { t: string; id: number };
const encode = (row: { createdAt: Date; id: number }) => Buffer.from(JSON.stringify({ t: new Date(row.createdAt).toISOString(), id: row.id })).toString('base64url');
function decode(cursor: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (typeof c.t === 'string' && Number.isSafeInteger(c.id)) return c;
  } catch {
    /* falls through */
  }
  throw createHttpError(400, 'The value is invalid', { errors: { cursor: 'The value is invalid' } });
}

export async function listQueue(knex: Knex, tenant: Tenant, q: z.infer<typeof queueQuery>) {
  // tenancy: every list query starts from the tenant's shop id
  const base = knex('email_queue').where({ shopId: tenant.shopId, queueType: 'email' });
  if (q.statusFilter.length) base.whereIn('status', q.statusFilter);
  if (q.searchText) {
    const like = `%${q.searchText.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    base.where((w) => w.whereILike('name', like).orWhereILike('customerEmail', like).orWhereILike('customerName', like));
  }
  if (q.createdOrderFromDate) base.where('createdOrderAt', '>=', q.createdOrderFromDate);
  if (q.createdOrderToDate) base.where('createdOrderAt', '<=', q.createdOrderToDate);
  if (q.scheduledFromDate) base.where('scheduledAt', '>=', q.scheduledFromDate);
  if (q.scheduledToDate) base.where('scheduledAt', '<=', q.scheduledToDate);
  if (q.orderRangeFilter) {
    const [from, to] = q.orderRangeFilter.split('_').map(Number);
    base.whereRaw(`nullif(regexp_replace(name, '\\D', '', 'g'), '')::bigint between ? and ?`, [from, to]);
  }
  const total = q.includeTotal === 'true' ? Number((await base.clone().count({ n: '*' }))[0].n) : undefined;

  const desc = q.sort === 'createdAt_desc';
  const backward = !!q.before && !q.after;
  const cursor = q.after ? decode(q.after) : q.before ? decode(q.before) : undefined;
  const page = base.clone().select('*');
  // Rows "after" the cursor in display order; "before" walks the other way and is reversed.
  const forwardOp = desc ? '<' : '>';
  const op = backward ? (forwardOp === '<' ? '>' : '<') : forwardOp;
  if (cursor) page.whereRaw(`(created_at, id) ${op} (?, ?)`, [cursor.t, cursor.id]);
  const dir = (desc ? !backward : backward) ? 'desc' : 'asc';
  const rows = await page.orderBy([{ column: 'createdAt', order: dir }, { column: 'id', order: dir }]).limit(q.limitPerPage + 1);
  const more = rows.length > q.limitPerPage;
  const data = rows.slice(0, q.limitPerPage);
  if (backward) data.reverse();
  await attachPushEntries(knex, tenant, data);
  const first = data[0];
  const last = data.at(-1);
  const hasNext = backward ? true : more;
  const hasPre = backward ? more : !!cursor;
  return {
    data,
    pagination: { total, nextCursor: hasNext && last ? encode(last) : null },
    pageInfo: { hasPre, hasNext: hasNext && !!last, previousCursor: hasPre && first ? encode(first) : null, nextCursor: hasNext && last ? encode(last) : null },
  };
}

/** Each row's push entry (id, status) of the same order, when one is attached (spec section 3). */
async function attachPushEntries(knex: Knex, tenant: Tenant, rows: { orderId: string; pushQueue?: unknown }[]) {
  if (!rows.length) return;
  // tenancy: scoped by the tenant's shop id (the unique (shop, order, queue type) index serves it)
  const pushes = await knex('email_queue').where({ shopId: tenant.shopId, queueType: 'push' }).whereIn('orderId', rows.map((r) => r.orderId)).select('id', 'orderId', 'status');
  const byOrder = new Map(pushes.map((p) => [p.orderId, { id: p.id, status: p.status }]));
  for (const r of rows) r.pushQueue = byOrder.get(r.orderId) ?? null;
}
