// What this plugin relies on of `reviews.guest` (the reviews plugin's storefront review path): its
// own, consumer-defined interface; the provider implements it structurally.
import type { AppContext } from '@plaudit/kernel';

export interface GuestReviews {
  submit(ctx: AppContext, input: { shopDomain: string; ip: string; productId: string; received?: (fields: Record<string, string>) => void }): Promise<{ id: number; status: 'published' | 'pending' }>;
}
