// Types and validation both sides of the reviews plugin use.
import { z } from 'zod';
import type { ReviewMedia } from '@plaudit/contracts/reviews';
import { labelRef, MAX_LABEL_FILTERS, MENTION_TONES, type ShownLabel } from './labels';

// 'linked-store' is LINKED_STORE_SOURCE (contracts/reviews/write.ts): a copy of a linked shop's review
export const SOURCES = ['imported', 'amazon', 'cjdropshipping', 'aliexpress', 'shopee', 'customer', 'guest', 'admin', 'linked-store'] as const;
export const IMPORTED_SOURCES: readonly string[] = ['imported', 'amazon', 'cjdropshipping', 'aliexpress', 'shopee', 'linked-store'];
export const STATUSES = ['published', 'unpublished', 'pending', 'trash'] as const;
export const TABS = ['all', 'published', 'unpublished', 'trash'] as const;
export const SORTS = ['newest', 'oldest', 'highest', 'lowest'] as const;
export const PAGE_SIZES = [10, 20, 50, 100];
export const EXPORT_MAX = 10_000;
/** renditions an uploaded photo may have (the collect routes store three) */
const WIDTH_VARIANTS = 4;
export const ACTIONS = [
  'publish',
  'unpublish',
  'delete',
  'restore',
  'verify',
  'unverify',
  'feature',
  'unfeature',
  'pin',
  'unpin',
  'add-testimonial',
  'remove-testimonial',
] as const;
export type Action = (typeof ACTIONS)[number];
export type ReviewStatus = (typeof STATUSES)[number];

/** A photo or video as stored (the contract's: other plugins read the same shape). */
export type MediaItem = ReviewMedia;

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
  /** the detected language of the review's words ('es'), null until detected */
  language?: string | null;
  /** what other plugins labelled it with (topics, "needs a look"): the list's chips */
  labels?: ShownLabel[];
}

export interface PageInfo {
  hasNext: boolean;
  hasPre: boolean;
  nextCursor: string | null;
  previousCursor: string | null;
}

const required = 'This field is required';
const text = (max: number) => z.string().trim().max(max);
export const shopifyId = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^[\w:/.-]{1,255}$/, 'The value is invalid'));

// Media URLs are http(s) on any host, or a photo uploaded to us (/media/<file>): never javascript:,
// data: or anything else a browser would run or a widget could not load.
const MEDIA_URL = 'Media URLs must start with http:// or https://';
const httpUrl = z.url({ protocol: /^https?$/, hostname: z.regexes.hostname });
const isMediaUrl = (v: string) => !/[\s\u0000-\u001f\u007f\\]/.test(v) && (/^\/media\/(video\/)?[\w.-]{1,200}$/.test(v) || httpUrl.safeParse(v).success);
const mediaUrl = z.string().trim().max(2048).refine(isMediaUrl, MEDIA_URL);
const mediaItem = z.object({
  url: mediaUrl,
  type: z.enum(['image', 'video']).default('image'),
  variants: z
    .array(z.object({ url: mediaUrl, width: z.number().int().min(1).max(10_000) }))
    .max(WIDTH_VARIANTS)
    .optional(),
  // a transcoded video's companions, kept as they are when a merchant edits the review
  poster: mediaUrl.optional(),
  captions: mediaUrl.optional(),
  caption: z.string().max(500).optional(),
  seconds: z.number().min(0).max(3600).optional(),
  width: z.number().int().min(1).max(10_000).optional(),
  height: z.number().int().min(1).max(10_000).optional(),
});

/** The fields a merchant can edit. */
export const reviewEdit = z.object({
  rating: z.coerce.number().int().min(1).max(5),
  content: z.string({ error: required }).trim().min(1, required).max(10_000),
  title: text(255).nullish(),
  firstName: text(255).nullish(),
  lastName: text(255).nullish(),
  email: z
    .email('Invalid email')
    .max(320)
    .nullish()
    .or(z.literal('').transform(() => null)),
  locale: text(16).nullish(),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'The value is invalid')
    .transform((c) => c.toUpperCase())
    .nullish(),
  variants: z.array(text(255)).max(20).optional(),
  media: z.array(mediaItem).max(5, 'You have reached the file upload limit').optional(),
  createdAt: z.coerce.date().optional(),
});

/** A review created by the merchant (source admin). */
export const reviewCreate = reviewEdit
  .extend({
    kind: z.enum(['product', 'store']).default('product'),
    productId: shopifyId.nullish(),
    productTitle: text(512).nullish(),
    productHandle: text(255).nullish(),
    status: z.enum(['published', 'unpublished']).optional(),
  })
  .refine((r) => r.kind === 'store' || !!r.productId, { path: ['productId'], message: required });

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
const bool = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

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
  // other plugins' labels (shared/labels.ts): `group:key` pairs, any key of a group and every group;
  // a mention tone narrows them; needsLook: a label flagged for the merchant's look
  label: csv(labelRef).refine((v) => (v?.length ?? 0) <= MAX_LABEL_FILTERS, `At most ${MAX_LABEL_FILTERS} labels`),
  tone: z.enum(MENTION_TONES).optional(),
  needsLook: bool,
  after: z.string().max(512).optional(),
  before: z.string().max(512).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

/** General settings (the plugin's settings namespace `reviews`, shared/settings.ts). The messages are
 * spec section 5's catalogue: the API answers them in a 400 and the general tab shows them translated. */
export const SETTINGS_MESSAGES = { invalid: 'The value is invalid', email: 'Invalid email' } as const;
export const HELD_DAYS = { min: 1, max: 365 } as const;
export const betweenEqual = (min: number, max: number) => `Number needs to be between equal ${min} and ${max}`;
const invalid = { error: SETTINGS_MESSAGES.invalid };
const flag = z.boolean(invalid);
const receiver = z.email({ error: SETTINGS_MESSAGES.email }).nullable();
const wholeBetween = (min: number, max: number) =>
  z
    .number({ error: betweenEqual(min, max) })
    .int({ error: betweenEqual(min, max) })
    .min(min, { error: betweenEqual(min, max) })
    .max(max, { error: betweenEqual(min, max) });

export const reviewSettings = z
  .object({
    // applied the same way to every rating: no suppression of negative reviews (FTC 16 CFR 465)
    autoPublish: z.enum(['all', 'hold'], invalid).default('all'),
    // held reviews are published after this many days (spec: 14); null never
    autoPublishHeldAfterDays: wholeBetween(HELD_DAYS.min, HELD_DAYS.max).nullable().default(14),
    trashRetentionDays: z.union([z.literal(15), z.literal(30)], invalid).default(30),
    customerEligibility: z.enum(['everyone', 'buyers'], invalid).default('everyone'),
    richSnippets: flag.default(true),
    ugcDisplay: flag.default(true),
    // notifications to the shop: new reviews as an hourly digest, negative ones at once
    enabledEmailNewReview: flag.default(true),
    enabledEmailNegativeReview: flag.default(true),
    receiverNewReview: receiver.default(null),
    receiverNegativeReview: receiver.default(null),
    negativeThreshold: wholeBetween(1, 5).default(4),
  })
  .strict();
export type ReviewSettings = z.infer<typeof reviewSettings>;
