// `reviews.facts`: one review's facts for plugins that hand reviews to other apps (the integrations:
// Klaviyo, Omnisend, Smile.io ...). The provider's side; consumers write their own interface.
import type { Tenant } from '@plaudit/kernel';

export interface ReviewFacts {
  reviewId: number;
  kind: 'product' | 'store';
  status: string;
  source: string;
  rating: number;
  title: string | null;
  content: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  /** the Shopify customer's gid when the review is tied to one */
  customerId: string | null;
  locale: string | null;
  productId: string | null;
  productTitle: string | null;
  productHandle: string | null;
  orderId: string | null;
  mediaCount: number;
  verified: boolean;
  replyContent: string | null;
  repliedAt: string | null;
  createdAt: string;
}

export interface ReviewFactsProvider {
  /** undefined when the shop has no such review (another shop's, or deleted for good) */
  reviewFacts(tenant: Tenant, reviewId: number): Promise<ReviewFacts | undefined>;
  /** how many reviews the shop has by this email, in any state but the recycle bin (case-insensitive) */
  reviewCount(tenant: Tenant, email: string): Promise<number>;
}
