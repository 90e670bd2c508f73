// What Google matches a reviewed product by (product review feed schema 2.4 <product_ids>): GTINs
// best, then MPN with brand, then SKU (https://developers.google.com/product-review-feeds/schema).
// From the store's catalogue: each variant's Barcode when it is a valid GTIN, its SKU, and the
// product's vendor as the brand. Shopify has no MPN field of its own, so none is written.
import type { ApiServices, Logger } from '@plaudit/kernel';

export interface ProductIds {
  handle: string;
  gtins: string[];
  skus: string[];
  brand: string | null;
}

/** Products per query: each costs 1 + 2 + 10 points (its first 10 variants), so 70 stay under Shopify's 1,000-point query limit. */
const PER_QUERY = 70;
const COST_PER_PRODUCT = 13;
const QUERY = `query FeedProductIds($first: Int!, $query: String) {
  products(first: $first, query: $query) { nodes { id handle vendor variants(first: 10) { nodes { sku barcode } } } }
}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Node {
  id: string;
  handle: string;
  vendor: string;
  variants: { nodes: { sku: string | null; barcode: string | null }[] };
}

/** GTIN-8, -12 (UPC), -13 (EAN) or -14 with a correct GS1 check digit; restricted-circulation prefixes (02, 04, 2) are not GTINs Google takes. */
export function isGtin(code: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(code)) return false;
  // GS1 prefixes 020-029, 040-049 and 200-299 are for use inside a company or a store
  const ean = code.length === 12 ? `0${code}` : code;
  if (ean.length === 13 && /^(02|04|2)/.test(ean)) return false;
  const digits = code.padStart(14, '0');
  const sum = [...digits.slice(0, 13)].reduce((n, d, i) => n + Number(d) * (i % 2 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === Number(digits[13]);
}

const distinct = (xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => !!x && /\S/.test(x)).map((x) => x.trim()))];

/** The products' identifiers by product gid; products the store no longer has are left out. */
export async function productIdsFor(
  services: Pick<ApiServices, 'platform'>,
  shopDomain: string,
  gids: string[],
  log: Logger,
): Promise<Map<string, ProductIds>> {
  const found = new Map<string, ProductIds>();
  if (!gids.length || !services.platform) return found;
  const api = services.platform.adminApi(shopDomain);
  try {
    for (let i = 0; i < gids.length; i += PER_QUERY) {
      const chunk = gids.slice(i, i + PER_QUERY);
      // a large feed paces itself by the bucket Shopify reported, instead of meeting THROTTLED
      const bucket = api.throttle;
      const missing = chunk.length * COST_PER_PRODUCT - (bucket?.currentlyAvailable ?? Number.POSITIVE_INFINITY);
      if (bucket && missing > 0) await sleep((missing / bucket.restoreRate) * 1000);
      const query = chunk.map((id) => `id:${/(\d+)$/.exec(id)?.[1] ?? id}`).join(' OR ');
      const { products } = await api.graphql<{ products: { nodes: Node[] } }>(QUERY, { first: chunk.length, query });
      for (const p of products.nodes) {
        const variants = p.variants.nodes;
        found.set(p.id, {
          handle: p.handle,
          gtins: distinct(variants.map((v) => v.barcode)).filter(isGtin),
          skus: distinct(variants.map((v) => v.sku)),
          brand: p.vendor?.trim() || null,
        });
      }
    }
  } catch (err) {
    log.warn({ err: (err as Error).message, shop: shopDomain }, 'google feed: product identifiers unavailable');
  }
  return found;
}
