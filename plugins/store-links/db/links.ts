// A shop's links and its one-time code. A link is a row on each side (same `link_key`), written and
// removed together; a code is stored as its hash, one per shop, and deleted when redeemed.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';
import { CODE_ALPHABET, CODE_TTL_MS, type LinkSide, type StoreLink } from '../shared/link';
import { COPIES } from './copies';

export const LINKS = 'store_links';
export const CODES = 'store_link_codes';

const hashOf = (code: string) => crypto.createHash('sha256').update(code).digest('hex');

/** A new code for the shop (its previous one stops working): 12 characters, shown once. */
export async function newCode(tenant: Tenant): Promise<{ code: string; expiresAt: Date }> {
  const bytes = crypto.randomBytes(12);
  const code = [...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
  const expiresAt = new Date(Date.now() + CODE_TTL_MS);
  await tenant
    .insertInto(CODES, { codeHash: hashOf(code), expiresAt })
    .onConflict('shop_id')
    .merge();
  return { code, expiresAt };
}

export async function codeExpiry(tenant: Tenant): Promise<Date | null> {
  const row: { expiresAt: Date } | undefined = await tenant.table(CODES).where('expires_at', '>', new Date()).first('expiresAt');
  return row?.expiresAt ?? null;
}

/** The shop whose live code this is; the code is used up. Undefined for an unknown or expired code. */
export async function redeemCode(trx: Knex.Transaction, code: string): Promise<number | undefined> {
  // tenancy: a code is entered in the other shop's admin; its hash names the shop that made it
  const [row]: { shopId: string | number }[] = await trx(CODES)
    .where('code_hash', hashOf(code))
    .where('expires_at', '>', new Date())
    .delete()
    .returning('shop_id');
  return row ? Number(row.shopId) : undefined;
}

export interface LinkEnd extends LinkSide {
  name: string;
  country: string | null;
}

/** Both rows of a new link: each shop sees the other. */
export async function insertLink(trx: Knex.Transaction, tenantOf: (s: LinkSide) => Tenant, linkKey: string, a: LinkEnd, b: LinkEnd) {
  for (const [self, other] of [
    [a, b],
    [b, a],
  ])
    await tenantOf(self).insertInto(
      LINKS,
      { linkKey, partnerShopId: other.shopId, partnerDomain: other.shopDomain, partnerName: other.name, partnerCountry: other.country },
      trx,
    );
}

interface LinkRow {
  id: string | number;
  linkKey: string;
  partnerShopId: string | number;
  partnerDomain: string;
  partnerName: string;
  partnerCountry: string | null;
  state: 'linked' | 'unlinking';
  createdAt: Date;
}

export async function linkCount(tenant: Tenant, trx?: Knex.Transaction): Promise<number> {
  const row = (await tenant.table(LINKS, trx).count({ n: '*' }).first()) as { n: string | number } | undefined;
  return Number(row?.n ?? 0);
}

export async function isLinkedTo(tenant: Tenant, partnerShopId: number, trx?: Knex.Transaction): Promise<boolean> {
  return !!(await tenant.table(LINKS, trx).where('partner_shop_id', partnerShopId).first('id'));
}

/** The shop's links, newest first, with how many of the partner's reviews it shows. */
export async function listLinks(tenant: Tenant): Promise<StoreLink[]> {
  const rows: LinkRow[] = await tenant.table(LINKS).orderBy('id', 'desc');
  const counts: { originShopId: string | number; n: string | number }[] = await tenant
    .table(COPIES)
    .select('originShopId')
    .count({ n: '*' })
    .groupBy('origin_shop_id');
  const received = new Map(counts.map((c) => [Number(c.originShopId), Number(c.n)]));
  return rows.map((r) => ({
    id: Number(r.id),
    partnerDomain: r.partnerDomain,
    partnerName: r.partnerName,
    partnerCountry: r.partnerCountry,
    state: r.state,
    received: received.get(Number(r.partnerShopId)) ?? 0,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** One of the shop's links, as the workflow needs it: its key and both sides. */
export async function linkOf(tenant: Tenant, where: { id: number } | { state: 'linked' }): Promise<{ linkKey: string; sides: [LinkSide, LinkSide] }[]> {
  const q = tenant.table(LINKS);
  if ('id' in where) q.where('id', where.id);
  else q.where('state', where.state);
  const rows: LinkRow[] = await q;
  const self: LinkSide = { shopId: tenant.shopId, shopDomain: tenant.shopDomain };
  return rows.map((r) => ({ linkKey: r.linkKey, sides: [self, { shopId: Number(r.partnerShopId), shopDomain: r.partnerDomain }] }));
}

/** Whether the link still stands on this side (not unlinking, not gone). */
export async function stillLinked(tenant: Tenant, linkKey: string): Promise<boolean> {
  return !!(await tenant.table(LINKS).where({ link_key: linkKey, state: 'linked' }).first('id'));
}

export async function markUnlinking(tenant: Tenant, linkKey: string, trx?: Knex.Transaction) {
  await tenant.table(LINKS, trx).where('link_key', linkKey).update({ state: 'unlinking' });
}

export async function deleteLink(tenant: Tenant, linkKey: string) {
  await tenant.table(LINKS).where('link_key', linkKey).delete();
}
