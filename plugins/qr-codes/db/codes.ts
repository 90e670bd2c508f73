// A product's short code and its daily counts. The code is random (not the product id), so the
// printed URL says nothing about the catalogue, and it stays the same when the product is renamed.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'; // no 0/o, 1/l/i: a code may be typed from the card
const CODE_LENGTH = 8; // 31^8 ≈ 8.5e11 codes

function newCode(): string {
  return Array.from(crypto.randomBytes(CODE_LENGTH), (b) => ALPHABET[b % ALPHABET.length]).join('');
}

export const CODE_PATTERN = new RegExp(`^[${ALPHABET}]{${CODE_LENGTH}}$`);

/** The product's code, made on first use; concurrent first uses agree on one. */
export async function codeFor(tenant: Tenant, productId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const inserted = await tenant.insertInto('qr_codes', { productId, code: newCode() }).onConflict().ignore().returning('code');
    if (inserted.length) return inserted[0].code;
    const existing = await tenant.table('qr_codes').where({ productId }).first('code');
    if (existing) return existing.code;
    // the random code was taken by another product: draw again
  }
  throw new Error('could not allocate a QR code');
}

/** Codes of these products that have one. */
export async function codesOf(tenant: Tenant, productIds: string[]): Promise<Map<string, string>> {
  if (!productIds.length) return new Map();
  const rows: { productId: string; code: string }[] = await tenant.table('qr_codes').whereIn('productId', productIds).select('productId', 'code');
  return new Map(rows.map((r) => [r.productId, r.code]));
}

/** The shop and product a printed code leads to. */
export async function resolveCode(knex: Knex, code: string): Promise<{ shopId: number; productId: string } | undefined> {
  // tenancy: a public link names no shop; the code itself selects the one row
  return knex('qr_codes').where({ code }).first('shopId', 'productId');
}

/** Adds to today's counts (UTC day) of the product. */
export async function count(knex: Knex, tenant: Tenant, productId: string, what: { scans?: number; reviews?: number }) {
  const day = new Date().toISOString().slice(0, 10);
  const scans = what.scans ?? 0;
  const reviews = what.reviews ?? 0;
  await tenant
    .insertInto('qr_daily_counts', { productId, day, scans, reviews })
    .onConflict(['shop_id', 'product_id', 'day'])
    // tenancy: adds to the conflicting row, the one of this shop's insert above
    .merge({ scans: knex.raw('qr_daily_counts.scans + ?', [scans]), reviews: knex.raw('qr_daily_counts.reviews + ?', [reviews]) });
}

/** Scans and reviews per product over the last `days` days, for the list and analytics. */
export async function totals(tenant: Tenant, productIds: string[], days = 365): Promise<Map<string, { scans: number; reviews: number }>> {
  if (!productIds.length) return new Map();
  const since = new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  const rows: { productId: string; scans: string; reviews: string }[] = await tenant
    .table('qr_daily_counts')
    .whereIn('productId', productIds)
    .where('day', '>=', since)
    .groupBy('productId')
    .select('productId')
    .sum({ scans: 'scans', reviews: 'reviews' });
  return new Map(rows.map((r) => [r.productId, { scans: Number(r.scans), reviews: Number(r.reviews) }]));
}
