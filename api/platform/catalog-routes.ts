// GET /api/shopify/searchProducts, /api/shopify/productsSummary, /api/shopify/searchCustomers
// (spec section 7). Star counts come from the `CatalogRatings` capability (contracts/catalog.ts: the
// kernel's own extension point, provided by the reviews plugin).
import Router from '@koa/router';
import { z } from 'zod';
import type { AppState } from '../http/types';
import type { Capabilities } from '../kernel/capabilities';
import { CatalogRatings, type ProductRating } from '../../contracts/catalog';
import type { Platform } from './index';
import { productIdSchema } from './product-ids';

const searchProducts = z.object({
  search: z.string().trim().max(255).optional(),
  status: z.enum(['active', 'draft', 'archived', 'ACTIVE', 'DRAFT', 'ARCHIVED']).optional(),
  published_status: z.enum(['published', 'unpublished', 'any']).optional(),
  withReviewsCount: z.enum(['true', 'false']).optional(),
  includeSummary: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  after: z.string().max(512).optional(),
  // sent by the original client; the shop always comes from the credential
  shopId: z.string().optional(),
  token: z.string().optional(),
});

// numbers and gids alike (the same product either way); anything else is a 400
const productsSummary = z.object({
  productIdsString: z
    .string()
    .max(20_000)
    .transform((s) =>
      s
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .pipe(z.array(productIdSchema)),
  shopId: z.string().optional(),
});
const searchCustomers = z.object({ search: z.string().trim().max(255).default(''), limit: z.coerce.number().int().min(1).max(50).default(10) });

/** Shopify search syntax: quote the merchant's words so they cannot add clauses. */
function phrase(text: string): string {
  return `"${text.replace(/["\\]/g, ' ')}"`;
}

const EMPTY_SUMMARY = (productId: string): ProductRating => ({ productId, count: 0, average: 0, stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });

export function catalogRoutes(platform: Platform, capabilities: Capabilities) {
  const router = new Router<AppState>({ prefix: '/shopify' });

  async function summaries(ctx: { state: AppState }, ids: string[]): Promise<ProductRating[]> {
    const ratings = capabilities.get(CatalogRatings);
    const found = ratings ? await ratings.productSummaries(ctx.state.tenant, ids) : {};
    return ids.map((id) => found[id] ?? EMPTY_SUMMARY(id));
  }

  router.get('/searchProducts', async (ctx) => {
    const q = searchProducts.parse(ctx.query);
    const clauses = [
      q.search ? `title:*${q.search.replace(/[^\p{L}\p{N} _-]/gu, '')}*` : '',
      q.status ? `status:${q.status.toLowerCase()}` : '',
      q.published_status && q.published_status !== 'any' ? `published_status:${q.published_status}` : '',
    ];
    const page = await platform
      .adminApi(ctx.state.auth.shopDomain)
      .products({ first: q.limit, after: q.after, query: clauses.filter(Boolean).join(' AND ') || undefined, sortKey: 'TITLE' });
    const withCounts = q.withReviewsCount === 'true' || q.includeSummary === 'true';
    const stats = withCounts
      ? await summaries(
          ctx,
          page.nodes.map((p) => p.id),
        )
      : [];
    ctx.body = {
      success: true,
      products: page.nodes.map((p, i) => ({
        id: p.id,
        title: p.title,
        handle: p.handle,
        status: p.status,
        image: p.featuredMedia?.preview?.image?.url ?? null,
        ...(withCounts ? { allStarCount: stats[i].count, summary: stats[i] } : {}),
      })),
      pageInfo: page.pageInfo,
    };
  });

  router.get('/productsSummary', async (ctx) => {
    const { productIdsString } = productsSummary.parse(ctx.query);
    const ids = [...new Set(productIdsString)].slice(0, 250);
    ctx.body = { success: true, data: await summaries(ctx, ids) };
  });

  router.get('/searchCustomers', async (ctx) => {
    const { search, limit } = searchCustomers.parse(ctx.query);
    const nodes = await platform.adminApi(ctx.state.auth.shopDomain).customers({ first: limit, query: search ? phrase(search) : undefined });
    ctx.body = {
      success: true,
      data: nodes.map((c) => ({ id: c.id, displayName: c.displayName, email: c.defaultEmailAddress?.emailAddress ?? null })),
    };
  });

  return router;
}
