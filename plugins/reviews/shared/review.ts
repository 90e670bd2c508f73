// Types and validation both sides of the reviews plugin use.
import { z } from 'zod';

export const SOURCES = ['imported', 'amazon', 'cjdropshipping', 'aliexpress', 'shopee', 'customer', 'guest', 'admin'] as const;
export const IMPORTED_SOURCES: readonly string[] = ['imported', 'amazon', 'cjdropshipping', 'aliexpress', 'shopee'];
export const STATUSES = ['published', 'unpublished', 'pending', 'trash'] as const;
export const TABS = ['all', 'published', 'unpublished', 'trash'] as const;
export const SORTS = ['newest', 'oldest', 'highest', 'lowest'] as const;
export const PAGE_SIZES = [10, 20, 50, 100];
export const EXPORT_MAX = 10_000;
export const ACTIONS = [
  'publish', 'unpublish', 'delete', 'restore', 'verify', 'unverify', 'feature', 'unfeature',
  'pin', 'unpin', 'add-testimonial', 'remove-testimonial',
] as const;
export type Action = (typeof ACTIONS)[number];
export type ReviewStatus = (typeof STATUSES)[number];

export interface MediaItem {
  url: string;
  type: 'image' | 'video';
}

export interface Review {
  id: number;
  kind: 'product' | 'store';
  productId: string | null;
  productTitle: string | null;
  productHandle: string | null;
  rating: number;
  title: string | null;
  content: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  locale: string | null;
  country: string | null;
  orderId: string | null;
  lineItemId: string | null;
  variants: string[];
  media: MediaItem[];
  source: (typeof SOURCES)[number];
  status: ReviewStatus;
  verified: boolean;
  featured: boolean;
  pinned: boolean;
  testimonial: boolean;
  replyContent: string | null;
  repliedAt: string | null;
  editRequest: 'unconfirmed' | 'confirmed' | 'denied' | null;
  imported: boolean;
  demo: boolean;
  createdAt: string;
}

export interface PageInfo {
  hasNext: boolean;
  hasPre: boolean;
  nextCursor: string | null;
  previousCursor: string | null;
}

const required = 'This field is required';
const text = (max: number) => z.string().trim().max(max);
const shopifyId = z.union([z.string(), z.number()]).transform(String).pipe(z.string().regex(/^[\w:/.-]{1,255}$/, 'The value is invalid'));

const mediaItem = z.object({ url: z.url().max(2048), type: z.enum(['image', 'video']).default('image') });

/** The fields a merchant can edit. */
export const reviewEdit = z.object({
  rating: z.coerce.number().int().min(1).max(5),
  content: z.string({ error: required }).trim().min(1, required).max(10_000),
  title: text(255).nullish(),
  firstName: text(255).nullish(),
  lastName: text(255).nullish(),
  email: z.email('Invalid email').max(320).nullish().or(z.literal('').transform(() => null)),
  locale: text(16).nullish(),
  country: z.string().regex(/^[A-Za-z]{2}$/, 'The value is invalid').transform((c) => c.toUpperCase()).nullish(),
  variants: z.array(text(255)).max(20).optional(),
  media: z.array(mediaItem).max(5, 'You have reached the file upload limit').optional(),
  createdAt: z.coerce.date().optional(),
});

/** A review created by the merchant (source admin). */
export const reviewCreate = reviewEdit.extend({
  kind: z.enum(['product', 'store']).default('product'),
  productId: shopifyId.nullish(),
  productTitle: text(512).nullish(),
  productHandle: text(255).nullish(),
  status: z.enum(['published', 'unpublished']).optional(),
}).refine((r) => r.kind === 'store' || !!r.productId, { path: ['productId'], message: required });

/** Sources whose text the customer wrote: the merchant edits it only with the customer's consent. */
export const CUSTOMER_SOURCES: readonly string[] = ['customer', 'guest'];

export type EditBlock = 'imported' | 'not_confirmed' | 'denied';

/**
 * Why the merchant may not edit a review now (undefined: they may). Imported reviews never; a
 * pending or refused edit request blocks; a customer's or guest's review needs a confirmed request.
 */
export function editBlock(r: { imported: boolean; source: string; editRequest?: string | null }): EditBlock | undefined {
  if (r.imported) return 'imported';
  if (r.editRequest === 'denied') return 'denied';
  if (r.editRequest === 'confirmed') return undefined;
  if (r.editRequest === 'unconfirmed' || CUSTOMER_SOURCES.includes(r.source)) return 'not_confirmed';
  return undefined;
}

export const replyInput = z.object({ content: z.string({ error: required }).trim().min(1, required).max(5000) });

const idList = z.array(z.coerce.number().int().positive()).min(1, required).max(10_000);
export const bulkInput = z.object({ ids: idList });

const csv = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : String(v).split(',')), z.array(item).optional());
const bool = z.enum(['true', 'false']).transform((v) => v === 'true').optional();

export const listQuery = z.object({
  tab: z.enum(TABS).default('all'),
  sort: z.enum(SORTS).default('newest'),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(255).optional(),
  rating: csv(z.coerce.number().int().min(1).max(5)),
  productId: csv(shopifyId),
  source: csv(z.enum(SOURCES)),
  kind: z.enum(['product', 'store']).optional(),
  from: z.coerce.date().optional(),
  to: z.coerce.date().optional(),
  hasMedia: bool,
  verified: bool,
  replied: bool,
  after: z.string().max(512).optional(),
  before: z.string().max(512).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

/** General settings (namespace `reviews` of the kernel settings table). */
export const reviewSettings = z.object({
  // applied the same way to every rating: no suppression of negative reviews (FTC 16 CFR 465)
  autoPublish: z.enum(['all', 'hold']).default('all'),
  // held reviews are published after this many days; null never
  autoPublishHeldAfterDays: z.number().int().min(1).max(365).nullable().default(14),
  trashRetentionDays: z.union([z.literal(15), z.literal(30)]).default(30),
  customerEligibility: z.enum(['everyone', 'buyers']).default('everyone'),
  richSnippets: z.boolean().default(true),
  ugcDisplay: z.boolean().default(true),
  // notifications to the shop: new reviews as an hourly digest, negative ones at once
  enabledEmailNewReview: z.boolean().default(true),
  enabledEmailNegativeReview: z.boolean().default(true),
  receiverNewReview: z.email({ message: 'Invalid email' }).nullable().default(null),
  receiverNegativeReview: z.email({ message: 'Invalid email' }).nullable().default(null),
  negativeThreshold: z.number().int().min(1).max(5).default(4),
}).strict();
export type ReviewSettings = z.infer<typeof reviewSettings>;
