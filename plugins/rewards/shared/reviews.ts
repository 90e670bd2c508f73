// What this plugin relies on of the reviews plugin: its own, consumer-defined interfaces.
import type { Tenant } from '@plaudit/kernel';

/** `reviews.rewards` */
export interface ReviewRewards {
  rewardFacts(tenant: Tenant, reviewId: number): Promise<
    | { status: string; source: string; kind: 'product' | 'store'; contentLength: number; mediaCount: number; email: string | null; customerId: string | null; verified: boolean; firstName: string | null; lastName: string | null; productTitle: string | null; locale: string | null }
    | undefined
  >;
  markIncentivized(tenant: Tenant, reviewId: number): Promise<void>;
}

/** The `review.created` event, as far as rewards read it. */
export interface ReviewCreated {
  shopId: number;
  shopDomain: string;
  reviewId: number;
}

/** The `review.media-added` event. */
export interface ReviewMediaAdded extends ReviewCreated {
  mediaCount: number;
}
