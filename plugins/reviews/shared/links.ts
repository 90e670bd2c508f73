// The signed-link purposes this plugin issues and verifies (declared in plugin.ts `links`, named
// 'reviews.<purpose>'): readable fields, checked by the kernel on sign and on verify.
import { z } from 'zod';

/** A review of one product of an order, from a review-request email. */
export const writeLink = z.object({
  /** the review-requests queue entry the email was sent for */
  queueEntryId: z.number().int().nonnegative(),
  /** the numeric Shopify order id */
  orderId: z.string().regex(/^\d{1,20}$/),
  /** the product to review; without one, the first product of the order not reviewed yet */
  productId: z.string().max(255).optional(),
  /** the customer's locale from the order, for the page's language */
  locale: z.string().max(16).optional(),
  /** the stars the form opens with: one of the request email's stars (issue 32) */
  rating: z.number().int().min(1).max(5).optional(),
});
export type WriteLink = z.infer<typeof writeLink>;

/** Adding photos to one's own review (the photo reminder; single use, used_review_links). */
export const photoLink = z.object({ reviewId: z.number().int().positive() });
export type PhotoLink = z.infer<typeof photoLink>;

/** The reviewer's answer to one edit request: a newer request (another requestedAt) voids it. */
export const editLink = z.object({ reviewId: z.number().int().positive(), requestedAt: z.number().int().nonnegative() });
export type EditLink = z.infer<typeof editLink>;

/** "Your reviews" (issue 33): every review of the shop written with this email address, the reviewer's to edit, delete or download. */
export const mineLink = z.object({ email: z.string().trim().toLowerCase().email().max(320) });
export type MineLink = z.infer<typeof mineLink>;

export const PURPOSE = { write: 'reviews.write', photo: 'reviews.photo', edit: 'reviews.edit', mine: 'reviews.mine' } as const;

export const DAY_SECONDS = 86_400;
