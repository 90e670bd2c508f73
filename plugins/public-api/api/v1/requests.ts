// /requests: a shop's review requests for integrators, through RequestsPublic (the queue
// screen's list and cancel, and the per-order start the old-orders send uses). The queue's stored
// statuses get plain names here (STATUS_NAMES), both in answers and in the status filter.
import { z } from 'zod';
import type { ApiServices } from '@plaudit/kernel';
import { RequestsPublic, type ApiRequest, type StoredRequestStatus } from '@plaudit/contracts/review-requests';
import { capability, csv, cursor, idParams, limit, notFound, pageInfo } from './common';
import { defineOperation } from './operation';

const TAG = 'Review requests';

/** The API's name of each stored status. */
const STATUS_NAMES = {
  waitingCondition: 'awaitingTrigger',
  waiting: 'scheduled',
  success: 'sent',
  opened: 'opened',
  reviewed: 'reviewed',
  failed: 'failed',
  cancel: 'cancelled',
  pause: 'paused',
} as const satisfies Record<StoredRequestStatus, string>;
type StatusName = (typeof STATUS_NAMES)[StoredRequestStatus];
const NAMES = Object.values(STATUS_NAMES) as [StatusName, ...StatusName[]];
const STORED = Object.fromEntries(Object.entries(STATUS_NAMES).map(([stored, name]) => [name, stored])) as Record<StatusName, StoredRequestStatus>;

const STATUS_TEXT =
  "awaitingTrigger: waits for the shop's trigger (purchase, fulfillment or delivery); scheduled: its send time is set; sent; opened; reviewed: the customer wrote a review; " +
  'failed: the email could not be sent; cancelled: skipped (by the merchant, a blocked customer, no email); paused: held over the monthly quota';

const instant = z.iso.datetime();
const orderId = z
  .string({ error: 'This field is required' })
  .trim()
  .regex(/^(gid:\/\/shopify\/Order\/)?\d{1,20}$/, 'A Shopify order id: digits or gid://shopify/Order/<digits>')
  .transform((s) => s.split('/').pop()!);

export const requestSchema = z
  .object({
    id: z.number().int(),
    orderId: z.string().meta({ description: "Shopify's numeric order id" }),
    orderName: z.string().nullable(),
    status: z.enum(NAMES).meta({ description: STATUS_TEXT }),
    skipReason: z.string().nullable().meta({ description: 'why a cancelled request was skipped' }),
    customerEmail: z.string().nullable(),
    customerName: z.string().nullable(),
    shippingCountry: z.string().nullable(),
    products: z.array(z.object({ productId: z.string().nullable(), title: z.string(), quantity: z.number().int() })),
    orderCreatedAt: instant.nullable(),
    fulfilledAt: instant.nullable(),
    deliveredAt: instant.nullable(),
    scheduledAt: instant.nullable().meta({ description: 'when the email goes out' }),
    sentAt: instant.nullable(),
    openedAt: instant.nullable(),
    reviewedAt: instant.nullable(),
    reminderCount: z.number().int().meta({ description: 'reminders sent after the request' }),
    errorMessage: z.string().nullable(),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({
    id: 'ReviewRequest',
    example: {
      id: 311,
      orderId: '5512003321',
      orderName: '#1001',
      status: 'scheduled',
      skipReason: null,
      customerEmail: 'ada@example.com',
      customerName: 'Ada Lovelace',
      shippingCountry: 'GB',
      products: [{ productId: 'gid://shopify/Product/7982301', title: 'Linen shirt', quantity: 1 }],
      orderCreatedAt: '2026-11-20T10:00:00.000Z',
      fulfilledAt: '2026-11-21T08:00:00.000Z',
      deliveredAt: null,
      scheduledAt: '2026-11-28T09:00:00.000Z',
      sentAt: null,
      openedAt: null,
      reviewedAt: null,
      reminderCount: 0,
      errorMessage: null,
      createdAt: '2026-11-20T10:00:02.000Z',
      updatedAt: '2026-11-21T08:00:01.000Z',
    },
  });

const requestPageSchema = z.object({ items: z.array(requestSchema), pageInfo }).meta({ id: 'ReviewRequestPage' });

const pendingSchema = z
  .object({
    orderId: z.string(),
    orderName: z.string(),
    request: z.null().meta({ description: 'not recorded yet: list with `orderId` in a few seconds' }),
  })
  .meta({ id: 'ReviewRequestStarting' });

const listQuery = z.object({
  cursor,
  limit: limit(20),
  sort: z.enum(['newest', 'oldest'], { error: 'One of newest, oldest' }).default('newest').meta({ description: 'by creation time' }),
  status: csv(z.enum(NAMES, { error: `One of ${NAMES.join(', ')}` }), NAMES.length)
    .optional()
    .meta({ description: 'comma-separated statuses', example: 'scheduled,sent' }),
  orderId: orderId.optional().meta({ description: "one order's request (digits or gid)", example: '5512003321' }),
});

const createBody = z
  .object({ orderId: orderId.meta({ description: 'the order (digits or gid) in the shop', example: '5512003321' }) })
  .strict()
  .meta({ id: 'ReviewRequestCreate' });

const requests = (services: ApiServices) => capability(services, RequestsPublic);
const requestId = idParams('review request');

export function toRequest(r: ApiRequest): z.output<typeof requestSchema> {
  return { ...r, status: STATUS_NAMES[r.status] };
}

export const requestOperations = [
  defineOperation({
    method: 'get',
    path: '/requests',
    operationId: 'listReviewRequests',
    summary: 'List review requests',
    description: 'The review-request queue, newest first unless `sort=oldest`, a page at a time: follow `pageInfo.nextCursor`.',
    tags: [TAG],
    scope: 'requests:read',
    query: listQuery,
    responses: { 200: { description: 'A page of review requests', schema: requestPageSchema } },
    async handler(ctx, { query }, services) {
      const { cursor: after, status, ...rest } = query;
      const page = await requests(services).list(ctx.state.tenant, { ...rest, status: status?.map((s) => STORED[s]), after });
      return { body: { items: page.items.map(toRequest), pageInfo: { nextCursor: page.nextCursor, hasNextPage: page.nextCursor !== null } } };
    },
  }),

  defineOperation({
    method: 'get',
    path: '/requests/:id',
    operationId: 'getReviewRequest',
    summary: 'Get a review request',
    tags: [TAG],
    scope: 'requests:read',
    params: requestId,
    responses: { 200: { description: 'The review request', schema: requestSchema }, 404: { description: 'No request of this shop has this id' } },
    async handler(ctx, { params }, services) {
      const found = await requests(services).get(ctx.state.tenant, params.id);
      if (!found) throw notFound('Review request');
      return { body: toRequest(found) };
    },
  }),

  defineOperation({
    method: 'post',
    path: '/requests',
    operationId: 'createReviewRequest',
    summary: 'Create a review request for an order',
    description:
      "Reads the order from the store and starts its review request as the admin's old-orders send does: it is scheduled by the shop's request settings (trigger, delay, reminders). " +
      'An order that has a request already answers it (200) instead of starting another. Send an `Idempotency-Key` header to make retries safe.',
    tags: [TAG],
    scope: 'requests:write',
    body: createBody,
    idempotent: true,
    responses: {
      201: { description: 'The new request', schema: requestSchema },
      200: { description: 'The order has a request already: that one', schema: requestSchema },
      202: { description: 'Started; the request is not recorded yet', schema: pendingSchema },
      404: { description: 'The store has no such order' },
    },
    async handler(ctx, { body }, services) {
      const result = await requests(services).create(ctx.state.tenant, { orderId: body.orderId });
      if (!result.request) return { status: 202, body: { orderId: result.orderId, orderName: result.orderName, request: null } };
      return { status: result.created ? 201 : 200, body: toRequest(result.request) };
    },
  }),

  defineOperation({
    method: 'post',
    path: '/requests/:id/cancel',
    operationId: 'cancelReviewRequest',
    summary: 'Cancel a review request',
    description: "The queue's cancel: only a request that has not been sent (awaitingTrigger, scheduled); otherwise 409 WRONG_STATUS.",
    tags: [TAG],
    scope: 'requests:write',
    params: requestId,
    responses: {
      200: { description: 'The request as it is now', schema: requestSchema },
      404: { description: 'No request of this shop has this id' },
      409: { description: 'The request was sent or finished already' },
    },
    async handler(ctx, { params }, services) {
      const found = await requests(services).cancel(ctx.state.tenant, params.id);
      if (!found) throw notFound('Review request');
      return { body: toRequest(found) };
    },
  }),
];
