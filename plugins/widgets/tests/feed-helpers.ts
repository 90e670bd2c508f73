// Shared by the storefront read tests: shops, reviews written straight to the table (the feed's
// trigger still fires), summaries recomputed as the reviews plugin does, and proxy signing.
import { appProxySignature } from '../../../api/platform/app-proxy';
import { client, createShop, type TestApi } from '../../../tests/support/api';
import { recomputeSummaries } from '../../reviews/api/summaries';

export const SECRET = 'storefront-test-secret';
export const productGid = (n: number | string) => `gid://shopify/Product/${n}`;

export async function shopWithClient(api: TestApi, fields: Record<string, unknown> = {}) {
  const s = await createShop(api, { plan: 'pro', ...fields });
  return { ...s, domain: s.shop.shopifyDomain as string, http: client(api.url, s.token), direct: client(`${api.url}/storefront/shops/${s.shop.shopifyDomain}`) };
}

let seq = 0;
export function reviewRow(shopId: number, fields: Record<string, unknown> = {}) {
  seq++;
  return {
    shopId, kind: 'product', productId: productGid(1), productTitle: 'Wool Hat', productHandle: 'wool-hat', rating: 5, content: `review ${seq}`,
    firstName: 'Ann', lastName: 'Lee', email: `ann${seq}@example.com`, source: 'customer', status: 'published', ...fields,
  };
}

/** Inserts rows and brings the shop's summaries up to date, as the reviews API would. */
export async function insertReviews(api: TestApi, rows: Record<string, unknown>[]): Promise<any[]> {
  const out: any[] = [];
  for (let i = 0; i < rows.length; i += 1000) out.push(...(await api.knex('reviews').insert(rows.slice(i, i + 1000)).returning('*')));
  const byShop = new Map<number, Set<string>>();
  for (const r of out) {
    if (!byShop.has(r.shopId)) byShop.set(r.shopId, new Set());
    byShop.get(r.shopId)!.add(r.productKey);
  }
  await api.knex.transaction(async (trx) => {
    for (const [shopId, keys] of byShop) await recomputeSummaries(trx, shopId, keys);
  });
  return out;
}

/** A query string signed the way Shopify's app proxy signs it. */
export function signedQuery(shop: string, params: Record<string, string> = {}, opts: { customerId?: string; secret?: string; timestamp?: number } = {}) {
  const query: Record<string, string> = {
    ...params, shop, logged_in_customer_id: opts.customerId ?? '', path_prefix: '/apps/plaudit',
    timestamp: String(opts.timestamp ?? Math.floor(Date.now() / 1000)),
  };
  query.signature = appProxySignature(query, opts.secret ?? SECRET);
  return new URLSearchParams(query).toString();
}

/** Deterministic pseudo-random numbers, so a failure can be replayed. */
export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
