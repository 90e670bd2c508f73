// /storefront: the storefront's read API (the widgets' public JSON) documented for headless and
// Hydrogen storefronts: a product's published reviews and rating summaries, named by `?shop=`, no
// API key (shoppers' browsers call it). Read through ReviewFeed, so it shows exactly what the
// shop's widgets show: published reviews, the reviewer as "Ada L.", no emails.
import createHttpError, { isHttpError } from 'http-errors';
import { z } from 'zod';
import { SHOP_DOMAIN, type ApiServices } from '@plaudit/kernel';
import { ReviewFeed, type PublicReview } from '@plaudit/contracts/reviews';
import { capability, csv, cursor, INVALID, limit, pageInfo, productId } from './common';
import { defineOperation } from './operation';
import { mediaSchema, ratingSummarySchema, summariesSchema } from './review-schemas';
import { emptySummary } from './reviews';

const TAG = 'Storefront';
const SORTS = ['featured', 'newest', 'highest', 'lowest', 'media'] as const;

const shop = z
  .string({ error: 'This field is required' })
  .trim()
  .toLowerCase()
  .regex(SHOP_DOMAIN, "The shop's myshopify domain, e.g. example.myshopify.com")
  .meta({ description: "The shop's myshopify domain", example: 'example.myshopify.com' });

const instant = z.iso.datetime();

export const storefrontReviewSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(['product', 'store']),
    productId: z.string().nullable(),
    productTitle: z.string().nullable(),
    productHandle: z.string().nullable(),
    rating: z.number().int().min(1).max(5),
    title: z.string().nullable(),
    content: z.string(),
    author: z.string().meta({ description: 'first name and last initial', example: 'Ada L.' }),
    country: z.string().nullable(),
    locale: z.string().nullable(),
    variants: z.array(z.string()),
    media: z.array(mediaSchema).meta({ description: 'absolute URLs' }),
    verified: z.boolean(),
    incentivized: z.boolean().meta({ description: 'written for a reward: show a disclosure next to it' }),
    featured: z.boolean(),
    pinned: z.boolean(),
    reply: z.object({ content: z.string(), repliedAt: instant }).nullable(),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({
    id: 'StorefrontReview',
    description: 'A published review as shoppers may see it',
    example: {
      id: 1042,
      kind: 'product',
      productId: 'gid://shopify/Product/7982301',
      productTitle: 'Linen shirt',
      productHandle: 'linen-shirt',
      rating: 5,
      title: 'Lovely fabric',
      content: 'Lovely fabric, runs a little large.',
      author: 'Ada L.',
      country: 'GB',
      locale: 'en',
      variants: ['M / Sand'],
      media: [],
      verified: true,
      incentivized: false,
      featured: false,
      pinned: false,
      reply: null,
      createdAt: '2026-11-20T17:03:11.000Z',
      updatedAt: '2026-11-20T17:03:11.000Z',
    },
  });

const storefrontPageSchema = z.object({ items: z.array(storefrontReviewSchema), pageInfo }).meta({ id: 'StorefrontReviewPage' });

const productReviewsQuery = z.object({
  shop,
  cursor,
  limit: limit(10).pipe(z.number().max(50, 'At most 50')).meta({ description: 'Items per page (1 to 50, default 10)', example: 10 }),
  sort: z
    .enum(SORTS, { error: `One of ${SORTS.join(', ')}` })
    .default('featured')
    .meta({ description: "'featured': pinned, then featured, then newest" }),
  stars: csv(z.coerce.number({ error: INVALID }).int(INVALID).min(1, 'From 1 to 5').max(5, 'From 1 to 5'), 5)
    .optional()
    .meta({ description: 'comma-separated ratings', example: '4,5' }),
  media: z.enum(['true', 'false'], { error: 'Must be true or false' }).optional().meta({ description: 'only reviews with photos or videos' }),
});

const summariesQuery = z.object({
  shop,
  productIds: csv(productId, 100)
    .refine((ids) => ids.length > 0, 'This field is required')
    .meta({ description: 'comma-separated product ids (gids or digits), at most 100', example: '7982301,7982302' }),
});

/** The shop a storefront call names: installed shops only, like the widgets' routes. */
async function tenantOf(services: ApiServices, domain: string) {
  const found = await services.shops.byDomain(domain);
  if (!found) throw createHttpError(404, 'Shop not found', { code: 'NOT_FOUND' });
  return services.tenant(found.id, found.domain);
}

/** Media we store are paths on this app: shoppers' browsers reach them by its URL. */
const absolute = (url: string, appUrl: string) => (url.startsWith('/') && !url.startsWith('//') ? `${appUrl}${url}` : url);

function forShoppers(r: PublicReview, appUrl: string): z.output<typeof storefrontReviewSchema> {
  return {
    id: r.id,
    kind: r.kind,
    productId: r.productId,
    productTitle: r.productTitle,
    productHandle: r.productHandle,
    rating: r.rating,
    title: r.title,
    content: r.content,
    author: r.author,
    country: r.country,
    locale: r.locale,
    variants: r.variants,
    media: r.media.map((m) => ({
      url: absolute(m.url, appUrl),
      type: m.type,
      ...(m.variants ? { variants: m.variants.map((v) => ({ url: absolute(v.url, appUrl), width: v.width })) } : {}),
    })),
    verified: r.verified,
    incentivized: r.incentivized,
    featured: r.featured,
    pinned: r.pinned,
    reply: r.reply ? { content: r.reply.content, repliedAt: new Date(r.reply.at).toISOString() } : null,
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}

/** The feed names a bad cursor `after`; this API calls it `cursor`. */
async function withCursorField<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (isHttpError(err) && err.status === 400 && err.errors?.after) throw createHttpError(400, err.message, { errors: { cursor: err.errors.after } });
    throw err;
  }
}

const productParams = z.object({ productId: productId.meta({ description: 'Shopify product id: digits or gid', example: '7982301' }) });

export const storefrontOperations = [
  defineOperation({
    method: 'get',
    path: '/storefront/products/:productId/reviews',
    operationId: 'listStorefrontProductReviews',
    summary: "A product's published reviews (storefront)",
    description: "For headless storefronts: no API key, the shop named by `shop`. The same reviews the shop's widgets show.",
    tags: [TAG],
    params: productParams,
    query: productReviewsQuery,
    responses: { 200: { description: 'A page of published reviews', schema: storefrontPageSchema }, 404: { description: 'No installed shop has this domain' } },
    async handler(_ctx, { params, query }, services) {
      const feed = capability(services, ReviewFeed);
      const tenant = await tenantOf(services, query.shop);
      // a headless storefront's read: from the replica when there is one (services.reads)
      const page = await withCursorField(() =>
        services.reads.read(tenant, (onReplica) =>
          feed.reviews(onReplica, {
            productId: params.productId,
            sort: query.sort,
            stars: query.stars,
            withMedia: query.media === 'true' || undefined,
            limit: query.limit,
            after: query.cursor,
          }),
        ),
      );
      const items = page.items.map((r) => forShoppers(r, services.config.appUrl));
      return { body: { items, pageInfo: { nextCursor: page.nextCursor, hasNextPage: page.nextCursor !== null } } };
    },
  }),

  defineOperation({
    method: 'get',
    path: '/storefront/summaries',
    operationId: 'getStorefrontSummaries',
    summary: 'Rating summaries of many products (storefront)',
    description: 'For headless storefronts: star ratings for product cards and pages, no API key. A product without reviews has zeros.',
    tags: [TAG],
    query: summariesQuery,
    responses: {
      200: { description: 'One summary per product, in the order asked', schema: summariesSchema },
      404: { description: 'No installed shop has this domain' },
    },
    async handler(_ctx, { query }, services) {
      const feed = capability(services, ReviewFeed);
      const found = await services.reads.read(await tenantOf(services, query.shop), (onReplica) => feed.summaries(onReplica, query.productIds));
      const items: z.output<typeof ratingSummarySchema>[] = query.productIds.map((id) => {
        const s = found[id];
        return s ? { productId: id, count: s.count, average: s.average, stars: s.stars, mediaCount: s.mediaCount ?? 0 } : emptySummary(id);
      });
      return { body: { items } };
    },
  }),
];
