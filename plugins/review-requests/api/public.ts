// RequestsPublic (@plaudit/contracts/review-requests): the public API's review requests, through the queue
// screen's list and cancel action and the old-orders send's per-order start. Only the shape of the
// answers is this file's own.
import createHttpError from 'http-errors';
import type { KernelServices, Tenant } from '@plaudit/kernel';
import { entriesById, entryOf } from '../db/queue';
import { startOrderRequest } from '../activities/old-orders';
import type { ApiRequest, RequestsPublicApi } from '@plaudit/contracts/review-requests';
import { cancelRequest } from './queue-actions';
import { LIST_COLUMNS } from './queue-items';
import { listQueue, queueQuery } from './queue-list';
import { listContext, RECORD_WAIT_MS } from './queue-refresh';

const iso = (d: unknown) => (d ? new Date(d as string).toISOString() : null);

type Row = Record<string, unknown> & { lineItems?: { productId: string | null; title: string; quantity?: number }[] | null };

export function toApiRequest(r: Row): ApiRequest {
  return {
    id: Number(r.id),
    orderId: String(r.orderId),
    orderName: (r.name as string | null) ?? null,
    status: r.status as ApiRequest['status'],
    skipReason: (r.skipReason as string | null) ?? null,
    customerEmail: (r.customerEmail as string | null) ?? null,
    customerName: (r.customerName as string | null) ?? null,
    shippingCountry: (r.shippingCountry as string | null) ?? null,
    products: (r.lineItems ?? []).map((li) => ({ productId: li.productId ?? null, title: li.title, quantity: li.quantity ?? 1 })),
    orderCreatedAt: iso(r.createdOrderAt),
    fulfilledAt: iso(r.fulfilledDate),
    deliveredAt: iso(r.deliveredAt),
    scheduledAt: iso(r.scheduledAt),
    sentAt: iso(r.sentAt),
    openedAt: iso(r.openedAt),
    reviewedAt: iso(r.reviewedAt),
    reminderCount: Number(r.reminderCount ?? 0),
    errorMessage: (r.errorMessage as string | null) ?? null,
    createdAt: iso(r.createdAt)!,
    updatedAt: iso(r.updatedAt)!,
  };
}

const byId = async (tenant: Tenant, id: number): Promise<Row | undefined> => entriesById(tenant, [id]).first(LIST_COLUMNS);

/** The order's entry once its workflow recorded it (the first activity), or null after the wait. */
async function recorded(tenant: Tenant, orderId: string): Promise<Row | null> {
  const deadline = Date.now() + RECORD_WAIT_MS;
  for (;;) {
    const row: Row | undefined = await entryOf(tenant, orderId).first(LIST_COLUMNS);
    if (row || Date.now() >= deadline) return row ?? null;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function requestsPublic(services: KernelServices): RequestsPublicApi {
  const { temporal, config, shops } = services;
  return {
    async list(tenant, q) {
      const query = {
        ...queueQuery.parse({}),
        limitPerPage: q.limit,
        sort: q.sort === 'oldest' ? 'createdAt_asc' : 'createdAt_desc',
        statusList: q.status ?? [],
        after: q.after,
      } as const;
      const page = await listQueue(tenant, query, await listContext(shops, tenant), (qb) => {
        if (q.orderId) qb.where('orderId', q.orderId);
      });
      return { items: page.data.map((r) => toApiRequest(r as Row)), nextCursor: page.pageInfo.nextCursor };
    },

    async get(tenant, id) {
      const row = await byId(tenant, id);
      return row && toApiRequest(row);
    },

    async create(tenant, { orderId }) {
      const existing: Row | undefined = await entryOf(tenant, orderId).first(LIST_COLUMNS);
      if (existing) return { created: false, orderId, orderName: String(existing.name ?? ''), request: toApiRequest(existing) };
      if (!services.platform) throw createHttpError(503, 'No store platform is configured', { code: 'NO_PLATFORM' });
      const order = await services.platform.adminApi(tenant.shopDomain).order(`gid://shopify/Order/${orderId}`);
      if (!order) throw createHttpError(404, 'Order not found');
      const target = { temporal: temporal.client, taskQueue: config.temporal.taskQueue, appUrl: config.appUrl };
      await temporal.call(() => startOrderRequest(target, { shopId: tenant.shopId, shopDomain: tenant.shopDomain }, order, 'public-api'));
      const row = await recorded(tenant, orderId);
      return { created: true, orderId, orderName: order.name, request: row && toApiRequest(row) };
    },

    async cancel(tenant, id) {
      if (!(await byId(tenant, id))) return undefined;
      return toApiRequest((await cancelRequest(services, tenant, id)) as Row);
    },
  };
}
