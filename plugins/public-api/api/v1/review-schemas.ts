// The reviews resource's schemas: what the router validates and the OpenAPI document shows
// (api/v1/reviews.ts). Response schemas are plain objects without transforms, so the document can
// describe them exactly; request schemas may transform (the document shows their input).
import { z } from 'zod';
import { boolQuery, csv, cursor, INVALID, isoInstant, limit, pageInfo, productId } from './common';

const REQUIRED = 'This field is required';
export const REVIEW_STATUSES = ['published', 'unpublished', 'pending', 'trash'] as const;
/** imported sources (the import path); 'admin' is the merchant's own review */
export const IMPORT_SOURCES = ['imported', 'amazon', 'cjdropshipping', 'aliexpress', 'shopee'] as const;
// 'linked-store': a copy of a review of the merchant's linked store (plugins/store-links), never created here
export const REVIEW_SOURCES = [...IMPORT_SOURCES, 'customer', 'guest', 'admin', 'linked-store'] as const;

const instant = z.iso.datetime();
const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

const mediaVariant = z.object({ url: z.string(), width: z.number().int() });
export const mediaSchema = z.object({
  url: z.string().meta({ description: 'https URL, or a path on this app for an uploaded photo (/media/...)' }),
  type: z.enum(['image', 'video']),
  variants: z.array(mediaVariant).optional().meta({ description: "an uploaded photo's renditions by width (srcset), smallest first" }),
});

export const ratingSummarySchema = z
  .object({
    productId: z.string().meta({ example: 'gid://shopify/Product/7982301' }),
    count: z.number().int().meta({ description: 'published reviews', example: 12 }),
    average: z.number().meta({ description: 'average rating, two decimals; 0 without reviews', example: 4.58 }),
    stars: z
      .object({ 1: z.number().int(), 2: z.number().int(), 3: z.number().int(), 4: z.number().int(), 5: z.number().int() })
      .meta({ description: 'published reviews by rating', example: { 1: 0, 2: 0, 3: 1, 4: 3, 5: 8 } }),
    mediaCount: z.number().int().meta({ description: 'published reviews with photos or videos', example: 4 }),
  })
  .meta({ id: 'ProductSummary', description: "A product's published reviews counted; a product without reviews has zeros" });

/** One answer to a custom question (plugins/review-questions), as given with the review: never changed. */
export const reviewAnswerSchema = z
  .object({
    questionId: z.number().int(),
    question: z.string().meta({ description: "the question's label as the merchant words it now" }),
    values: z.array(z.string()).meta({ description: "what was chosen: option keys, 'yes'/'no', or the scale point ('1'..)" }),
    labels: z.array(z.string()).meta({ description: 'the same, as the form showed them' }),
  })
  .meta({ id: 'ReviewAnswer' });

export const reviewSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(['product', 'store']).meta({ description: "'store': a review of the shop itself, without a product" }),
    productId: z.string().nullable().meta({ description: 'Shopify product gid; null for store reviews' }),
    productTitle: z.string().nullable(),
    productHandle: z.string().nullable(),
    rating: z.number().int().min(1).max(5),
    title: z.string().nullable(),
    content: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    locale: z.string().nullable(),
    country: z.string().nullable().meta({ description: 'ISO 3166-1 alpha-2' }),
    orderId: z.string().nullable().meta({ description: "Shopify's numeric order id, when the review came through a review request" }),
    variants: z.array(z.string()),
    media: z.array(mediaSchema),
    source: z.enum(REVIEW_SOURCES).meta({
      description: "'customer' and 'guest' are shoppers' own; 'admin' the merchant's; 'linked-store' a copy of a linked store's review; the others imports",
    }),
    status: z.enum(REVIEW_STATUSES).meta({ description: "'pending' awaits moderation; 'trash' is in the recycle bin, purged after the shop's retention days" }),
    imported: z.boolean(),
    verified: z.boolean().meta({ description: 'a verified buyer (never for imported reviews)' }),
    featured: z.boolean(),
    pinned: z.boolean(),
    incentivized: z.boolean().meta({ description: 'written for a reward: storefronts show a disclosure' }),
    reply: z.object({ content: z.string(), repliedAt: instant }).nullable().meta({ description: "the merchant's public reply" }),
    createdAt: instant,
    updatedAt: instant,
    publishedAt: instant.nullable(),
    answers: z
      .array(reviewAnswerSchema)
      .optional()
      .meta({ description: "the reviewer's answers to the shop's custom questions; absent when the shop asks none" }),
  })
  .meta({
    id: 'Review',
    example: {
      id: 1042,
      kind: 'product',
      productId: 'gid://shopify/Product/7982301',
      productTitle: 'Linen shirt',
      productHandle: 'linen-shirt',
      rating: 5,
      title: 'Lovely fabric',
      content: 'Lovely fabric, runs a little large.',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      locale: 'en',
      country: 'GB',
      orderId: '5512003321',
      variants: ['M / Sand'],
      media: [],
      source: 'customer',
      status: 'published',
      imported: false,
      verified: true,
      featured: false,
      pinned: false,
      incentivized: false,
      reply: { content: 'Thank you, Ada!', repliedAt: '2026-11-21T09:12:00.000Z' },
      createdAt: '2026-11-20T17:03:11.000Z',
      updatedAt: '2026-11-21T09:12:00.000Z',
      publishedAt: '2026-11-20T17:03:11.000Z',
    },
  });

export const reviewPageSchema = z.object({ items: z.array(reviewSchema), pageInfo }).meta({ id: 'ReviewPage' });

export const reviewListQuery = z.object({
  cursor,
  limit: limit(20),
  sort: z.enum(['newest', 'oldest'], { error: 'One of newest, oldest' }).default('newest').meta({ description: 'by creation time' }),
  status: z
    .enum(REVIEW_STATUSES, { error: `One of ${REVIEW_STATUSES.join(', ')}` })
    .optional()
    .meta({ description: "default: every status but 'trash'" }),
  rating: csv(z.coerce.number({ error: INVALID }).int(INVALID).min(1, 'From 1 to 5').max(5, 'From 1 to 5'), 5)
    .optional()
    .meta({ description: 'comma-separated ratings', example: '4,5' }),
  productId: csv(productId, 50).optional().meta({ description: 'comma-separated product ids (gids or digits), at most 50', example: '7982301,7982302' }),
  kind: z.enum(['product', 'store'], { error: 'One of product, store' }).optional(),
  source: csv(z.enum(REVIEW_SOURCES, { error: `One of ${REVIEW_SOURCES.join(', ')}` }), REVIEW_SOURCES.length)
    .optional()
    .meta({ description: 'comma-separated sources', example: 'customer,guest' }),
  verified: boolQuery.optional(),
  hasMedia: boolQuery.optional().meta({ description: 'with photos or videos' }),
  since: isoInstant.optional().meta({ description: 'created at or after', example: '2026-11-01T00:00:00Z' }),
  updatedSince: isoInstant
    .optional()
    .meta({ description: 'changed at or after (moderation, replies, edits): for incremental syncs', example: '2026-11-26T00:00:00Z' }),
});

export const reviewCreateBody = z
  .object({
    source: z
      .enum(['admin', ...IMPORT_SOURCES], { error: `One of admin, ${IMPORT_SOURCES.join(', ')}` })
      .optional()
      .meta({
        description:
          "Default 'admin': the merchant's own review (published unless the shop holds new reviews; a review.created webhook follows). An imported source: a review from elsewhere, published by default, never verified, `createdAt` and `reply` kept, no review.created webhook.",
      }),
    kind: z
      .enum(['product', 'store'], { error: 'One of product, store' })
      .optional()
      .meta({ description: "default 'product'; 'store': a review of the shop itself" }),
    productId: productId.nullish().meta({ description: 'required for product reviews', example: 'gid://shopify/Product/7982301' }),
    productTitle: text(512).nullish(),
    productHandle: text(255).nullish(),
    rating: z
      .number({ error: 'A whole number from 1 to 5' })
      .int('A whole number from 1 to 5')
      .min(1, 'A whole number from 1 to 5')
      .max(5, 'A whole number from 1 to 5'),
    title: text(255).nullish(),
    content: text(10_000).optional().meta({ description: "required for 'admin'; imports may be star-only" }),
    firstName: text(255).nullish(),
    lastName: text(255).nullish(),
    email: z.email('Invalid email').max(320).nullish(),
    locale: text(16).nullish(),
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/, INVALID)
      .nullish()
      .meta({ description: 'ISO 3166-1 alpha-2', example: 'GB' }),
    variants: z.array(text(255)).max(20, 'At most 20 values').optional(),
    media: z
      .array(z.object({ url: z.string().trim().max(2048), type: z.enum(['image', 'video']).optional().meta({ description: "default 'image'" }) }).strict())
      .max(5, 'You have reached the file upload limit')
      .optional()
      .meta({ description: 'http(s) URLs of photos or videos, at most 5' }),
    status: z.enum(['published', 'unpublished'], { error: 'One of published, unpublished' }).optional(),
    verified: z.boolean({ error: 'Must be true or false' }).optional().meta({ description: "a verified buyer: 'admin' only" }),
    incentivized: z.boolean({ error: 'Must be true or false' }).optional().meta({ description: 'imports only: the review was written for a reward' }),
    createdAt: isoInstant.optional().meta({ description: 'the original date (imports: not in the future)' }),
    reply: z
      .object({ content: text(5000).min(1, REQUIRED), at: isoInstant.optional() })
      .strict()
      .nullish()
      .meta({ description: "imports only: the merchant's reply as it was" }),
  })
  .strict()
  .meta({
    id: 'ReviewCreate',
    example: {
      source: 'imported',
      productId: 'gid://shopify/Product/7982301',
      rating: 4,
      title: 'Good value',
      content: 'Does the job.',
      firstName: 'Grace',
      lastName: 'Hopper',
      createdAt: '2025-06-01T10:00:00Z',
    },
  });

export const reviewUpdateBody = z
  .object({
    status: z.enum(['published', 'unpublished'], { error: 'One of published, unpublished' }).meta({ description: "the admin's publish or unpublish action" }),
  })
  .strict()
  .meta({ id: 'ReviewUpdate', example: { status: 'published' } });

export const replyBody = z
  .object({
    content: z
      .string({ error: REQUIRED })
      .trim()
      .min(1, REQUIRED)
      .max(5000, 'At most 5000 characters')
      .meta({ example: 'Thank you, Ada! Our size guide now says so.' }),
  })
  .strict()
  .meta({ id: 'ReplyInput' });

export const deletedSchema = z
  .object({
    id: z.number().int(),
    purged: z
      .boolean()
      .meta({ description: "false: moved to the recycle bin (status 'trash', restorable in the admin until the retention ends); true: deleted for good" }),
  })
  .meta({ id: 'ReviewDeleted', example: { id: 1042, purged: false } });

export const summariesQuery = z.object({
  productIds: csv(productId, 100)
    .refine((ids) => ids.length > 0, REQUIRED)
    .meta({ description: 'comma-separated product ids (gids or digits), at most 100', example: '7982301,gid://shopify/Product/7982302' }),
});

export const summariesSchema = z
  .object({ items: z.array(ratingSummarySchema).meta({ description: 'one per requested product, in the order asked' }) })
  .meta({ id: 'ProductSummaries' });
