// The catalogue's identifiers of reviewed products (GTINs, SKUs, brand, handle) kept between Google
// feed fetches, so a fetch reads the store only for products it has not seen lately. A row is
// dropped by the product's products/update or products/delete webhook (activities/google-catalogue-hooks.ts),
// which also bumps the shop's catalogue version the feed's ETag carries; a row older than the TTL is
// read again, for the edits whose webhook never arrived (Shopify gives up after 8 tries in 4 hours).
import type { Tenant } from '@plaudit/kernel';

/** Identifiers older than this are read from the store again. */
export const CATALOGUE_TTL_MS = 7 * 24 * 3_600_000;

export interface ProductIdsRow {
  handle: string;
  gtins: string[];
  skus: string[];
  brand: string | null;
}

const IDS = 'widget_google_product_ids';
const VERSIONS = 'widget_google_catalogues';

/** The fresh rows among `gids`, by product gid. */
export async function freshProductIds(tenant: Tenant, gids: string[], now = Date.now()): Promise<Map<string, ProductIdsRow>> {
  const found = new Map<string, ProductIdsRow>();
  if (!gids.length) return found;
  const rows: (ProductIdsRow & { productId: string })[] = await tenant
    .table(IDS)
    .whereIn('product_id', gids)
    .where('read_at', '>', new Date(now - CATALOGUE_TTL_MS))
    .select('product_id', 'handle', 'gtins', 'skus', 'brand');
  for (const { productId, ...ids } of rows) found.set(productId, ids);
  return found;
}

export async function storeProductIds(tenant: Tenant, ids: Map<string, ProductIdsRow>): Promise<void> {
  if (!ids.size) return;
  const rows = [...ids].map(([productId, r]) => ({ productId, handle: r.handle, gtins: r.gtins, skus: r.skus, brand: r.brand, readAt: new Date() }));
  await tenant.insertInto(IDS, rows).onConflict(['shop_id', 'product_id']).merge();
}

/** A product changed or went: its row is dropped and the shop's version bumped (the feed's ETag changes). */
export async function forgetProductIds(tenant: Tenant, productGid: string): Promise<void> {
  await tenant.table(IDS).where('product_id', productGid).del();
  const bump = tenant.insertInto(VERSIONS, { version: 1 });
  await bump.onConflict('shop_id').merge({ version: bump.client.raw(`${VERSIONS}.version + 1`) });
}

/**
 * What the feed's ETag follows besides the reviews: the webhooks' bumps and the TTL's period, so a
 * conditional fetch is answered in full at least once per TTL (rows read again then may differ).
 */
export async function catalogueVersion(tenant: Tenant, now = Date.now()): Promise<string> {
  const row: { version: string } | undefined = await tenant.table(VERSIONS).first('version');
  return `${row?.version ?? 0}.${Math.floor(now / CATALOGUE_TTL_MS)}`;
}
