// The store's products, as the QR screen and the review page need them, with star counts from the
// `CatalogRatings` capability (contracts/catalog.ts; none when the reviews plugin is absent).
import createHttpError from 'http-errors';
import type { KernelServices, Tenant } from '@plaudit/kernel';
import { CatalogRatings, type ProductRating } from '@plaudit/contracts/catalog';
import type { ProductListQuery } from '../shared/products';

export interface CatalogProduct {
  id: string;
  title: string;
  handle: string;
  updatedAt: string;
  image: string | null;
}

function platformOf(services: KernelServices) {
  if (!services.platform) throw createHttpError(503, 'The store platform is not configured');
  return services.platform;
}

/** Shopify search syntax: the merchant's words only, as a title prefix/infix match. */
function titleClause(text: string): string {
  const words = text.replace(/[^\p{L}\p{N} _-]/gu, ' ').trim();
  return words ? `title:*${words}*` : '';
}

export async function productPage(services: KernelServices, shopDomain: string, q: ProductListQuery) {
  const query = ['status:active', titleClause(q.searchText)].filter(Boolean).join(' AND ');
  const order = { query, sortKey: 'UPDATED_AT', reverse: q.sort === 'lastImportedAt_desc' };
  const api = platformOf(services).adminApi(shopDomain);
  const page = await (q.before
    ? api.products({ last: q.limitPerPage, before: q.before, ...order })
    : api.products({ first: q.limitPerPage, after: q.after, ...order })
  ).catch((err: Error) => {
    // a cursor Shopify does not know is the caller's mistake, named by its parameter; the kernel
    // answers the rest (throttling: 503 with Retry-After, a lost token: 401 to re-authorize)
    if (/invalid cursor/i.test(err.message))
      throw createHttpError(400, 'Validation failed', { errors: { [q.before ? 'before' : 'after']: 'The value is invalid' } });
    throw err;
  });
  return { products: page.nodes.map(toProduct), pageInfo: page.pageInfo };
}

/** One product by gid; undefined when the store has no such product (deleted, or another shop's). */
export async function findProduct(services: KernelServices, shopDomain: string, productId: string): Promise<CatalogProduct | undefined> {
  const numeric = productId.split('/').pop();
  const page = await platformOf(services)
    .adminApi(shopDomain)
    .products({ first: 1, query: `id:${numeric}` });
  const found = page.nodes.find((p) => p.id === productId);
  return found && toProduct(found);
}

function toProduct(p: {
  id: string;
  title: string;
  handle: string;
  updatedAt: string;
  featuredMedia: { preview: { image: { url: string } | null } | null } | null;
}): CatalogProduct {
  return { id: p.id, title: p.title, handle: p.handle, updatedAt: p.updatedAt, image: p.featuredMedia?.preview?.image?.url ?? null };
}

export async function starCounts(services: KernelServices, tenant: Tenant, productIds: string[]): Promise<Record<string, ProductRating>> {
  const ratings = services.capabilities.get(CatalogRatings);
  return ratings ? ratings.productSummaries(tenant, productIds) : {};
}
