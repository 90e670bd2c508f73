// What the public API relies on of the review-requests plugin (`review-requests.public`): its own,
// consumer-defined interface. The provider implements it structurally.
import type { Tenant } from '@plaudit/kernel';

/** The statuses as the queue stores them; the API names them in api/v1/request-schemas.ts. */
export type QueueStatus = 'waitingCondition' | 'waiting' | 'success' | 'opened' | 'reviewed' | 'failed' | 'cancel' | 'pause';

export interface RequestRecord {
  id: number;
  orderId: string;
  orderName: string | null;
  status: QueueStatus;
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

/** `review-requests.public`: another shop's id answers undefined. */
export interface PublicRequests {
  list(tenant: Tenant, query: { status?: QueueStatus[]; orderId?: string; sort: 'newest' | 'oldest'; limit: number; after?: string }): Promise<{ items: RequestRecord[]; nextCursor: string | null }>;
  get(tenant: Tenant, id: number): Promise<RequestRecord | undefined>;
  create(tenant: Tenant, input: { orderId: string }): Promise<{ created: boolean; orderId: string; orderName: string; request: RequestRecord | null }>;
  cancel(tenant: Tenant, id: number): Promise<RequestRecord | undefined>;
}
