// `review-requests.public`: what the public API (plugins/public-api) does with a shop's review
// requests, through the queue screen's own paths (the list and its cursor, the cancel action) and
// the per-order workflow start the old-orders send uses. The provider's side; users write their own.
import type { Tenant } from '@plaudit/kernel';

/** The statuses as the queue stores them (api/queue-query.ts STATUSES). */
export type StoredRequestStatus = 'waitingCondition' | 'waiting' | 'success' | 'opened' | 'reviewed' | 'failed' | 'cancel' | 'pause';

export interface ApiRequest {
  id: number;
  /** Shopify's numeric order id */
  orderId: string;
  orderName: string | null;
  status: StoredRequestStatus;
  /** why a cancelled request was skipped (blocked customer, no email, ...) */
  skipReason: string | null;
  customerEmail: string | null;
  customerName: string | null;
  shippingCountry: string | null;
  products: { productId: string | null; title: string; quantity: number }[];
  orderCreatedAt: string | null;
  fulfilledAt: string | null;
  deliveredAt: string | null;
  scheduledAt: string | null;
  sentAt: string | null;
  openedAt: string | null;
  reviewedAt: string | null;
  reminderCount: number;
  errorMessage: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ApiRequestQuery {
  status?: StoredRequestStatus[];
  /** Shopify's numeric order id */
  orderId?: string;
  sort: 'newest' | 'oldest';
  limit: number;
  /** a previous page's nextCursor */
  after?: string;
}

/** Every method acts on the tenant's shop only: another shop's id is `undefined` (a 404). */
export interface RequestsPublic {
  list(tenant: Tenant, query: ApiRequestQuery): Promise<{ items: ApiRequest[]; nextCursor: string | null }>;
  get(tenant: Tenant, id: number): Promise<ApiRequest | undefined>;
  /**
   * The order's request, started as the old-orders send starts it (the order read from the store,
   * the per-order workflow started or joined). An order with a request already answers it with
   * `created: false`; `request` is null when the workflow has not recorded it within a few seconds.
   * Throws 404 (no such order in the store) and 503 (no store platform, Temporal unreachable).
   */
  create(tenant: Tenant, input: { orderId: string }): Promise<{ created: boolean; orderId: string; orderName: string; request: ApiRequest | null }>;
  /** the queue's cancel: waiting requests only (else 409 WRONG_STATUS) */
  cancel(tenant: Tenant, id: number): Promise<ApiRequest | undefined>;
}
