// Many reviews in one INSERT: the rows travel as one JSON document, so the statement-level feed
// trigger bumps the shop's storefront version once and no bind-parameter limit caps the batch.
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';
import type { ImportRow } from '../shared/import';
import { recomputeSummaries } from './summaries';

const COLUMNS = [
  'kind',
  'product_id',
  'product_title',
  'product_handle',
  'rating',
  'title',
  'content',
  'first_name',
  'last_name',
  'email',
  'locale',
  'country',
  'variants',
  'media',
  'source',
  'status',
  'imported',
  'verified',
  'incentivized',
  'import_key',
  'imported_verified',
  'demo',
  'reply_content',
  'replied_at',
  'published_at',
  'created_at',
] as const;

function record(r: ImportRow, now: Date): Record<(typeof COLUMNS)[number], unknown> {
  const productId = r.kind === 'store' ? null : r.productId;
  return {
    kind: r.kind,
    product_id: productId,
    product_title: productId ? (r.productTitle ?? null) : null,
    product_handle: productId ? (r.productHandle ?? null) : null,
    rating: r.rating,
    title: r.title ?? null,
    content: r.content,
    first_name: r.firstName ?? null,
    last_name: r.lastName ?? null,
    email: r.email ?? null,
    locale: r.locale ?? null,
    country: r.country ?? null,
    variants: r.variants ?? [],
    media: r.media ?? [],
    source: r.source,
    status: r.status,
    imported: true,
    verified: false,
    incentivized: r.incentivized,
    import_key: r.importKey ?? null,
    imported_verified: r.importedVerified,
    demo: r.demo,
    reply_content: r.reply?.content ?? null,
    replied_at: r.reply ? (r.reply.at ?? now) : null,
    published_at: r.status === 'published' ? now : null,
    created_at: r.createdAt ?? now,
  };
}

/**
 * Inserts validated rows for the tenant's shop and recomputes the summaries they touch; ids in row
 * order. A row whose import key the shop already has (or an earlier row of the same call) is skipped.
 */
export async function insertImported(trx: Knex.Transaction, tenant: Tenant, rows: ImportRow[]): Promise<number[]> {
  const now = new Date();
  const cols = COLUMNS.join(', ');
  // tenancy: every row gets the tenant's shop id, bound below
  const { rows: inserted } = await trx.raw(
    `INSERT INTO reviews (shop_id, ${cols})
     SELECT ?, ${COLUMNS.map((c) => `r.${c}`).join(', ')}
       FROM jsonb_populate_recordset(NULL::reviews, ?::jsonb) WITH ORDINALITY AS r
      ORDER BY r.ordinality
     ON CONFLICT (shop_id, import_key) WHERE import_key IS NOT NULL DO NOTHING
     RETURNING id`,
    [tenant.shopId, JSON.stringify(rows.map((r) => record(r, now)))],
  );
  await recomputeSummaries(
    trx,
    tenant.shopId,
    rows.map((r) => (r.kind === 'store' ? null : r.productId)),
  );
  // ids are drawn in the SELECT's order
  return (inserted as { id: string | number }[]).map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** import key -> review id, for the keys the shop has. */
export async function importedIdsByKey(tenant: Tenant, keys: string[]): Promise<Record<string, number>> {
  if (!keys.length) return {};
  const rows: { id: string | number; importKey: string }[] = await tenant.table('reviews').whereIn('importKey', keys).select('id', 'importKey');
  return Object.fromEntries(rows.map((r) => [r.importKey, Number(r.id)]));
}

/** The subset of `keys` the shop already has. */
export async function existingImportKeys(tenant: Tenant, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const found = await tenant.table('reviews').whereIn('importKey', keys).pluck('importKey');
  return new Set(found as string[]);
}
