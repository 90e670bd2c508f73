// What this plugin relies on from the optional `review-requests.facts` capability (consumer-defined
// contract, issue 11): the order a write link was sent for, as review-requests already knows it.
import type { Tenant } from '@plaudit/kernel';

export interface OrderFacts {
  orderId: string;
  orderName: string;
  customer: { email: string | null; firstName: string | null; lastName: string | null; locale: string | null };
  /** `lineItemId` when the provider knows it: it keeps one review per line item across collection paths */
  lineItems: { productId: string; title: string; imageUrl: string | null; lineItemId?: string | null }[];
}

export interface RequestFacts {
  orderFacts(tenant: Tenant, query: { queueEntryId: number }): Promise<OrderFacts | undefined>;
}

export const REQUEST_FACTS = 'review-requests.facts';
