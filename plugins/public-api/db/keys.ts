// API keys: made, listed, rotated and revoked for one shop (through its tenant), and recognised
// when presented to the public API. A key is `pk_live_` + 32 random bytes (base64url); only its
// SHA-256 is stored (why a fast hash: migrations/20261227090000_api_keys.ts), so the plain key
// exists once, in the answer that creates it.
//
// Recognising a key runs on every public API call, so it is answered from a small in-process cache
// for CACHE_TTL_MS: a cached call costs no query at all. The cache forgets a key at once when this
// process revokes or rotates it; another API process may accept a revoked key, or a shop whose plan
// has just dropped below the tier, for up to CACHE_TTL_MS more (the documented revoke delay).
// `last_used_at` is written at most once a minute per key, never per request.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { tenantFor, type ShopView, type Tenant } from '@plaudit/kernel';
import type { Scope } from '../shared/scopes';
import type { ApiKeyView } from '../shared/keys';

export const KEY_PREFIX = 'pk_live_';
/** how much of a key the list shows: the prefix and four characters of the secret */
const VISIBLE_CHARS = KEY_PREFIX.length + 4;
/** a key, as presented: the prefix and 43 base64url characters (32 bytes) */
const KEY_SHAPE = /^pk_live_[A-Za-z0-9_-]{43}$/;
export const CACHE_TTL_MS = 10_000;
const CACHE_MAX_ENTRIES = 10_000;
const LAST_USED_EVERY_MS = 60_000;

interface KeyRow {
  id: number;
  shopId: number;
  name: string;
  prefix: string;
  scopes: Scope[];
  rateLimit: number;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  rotatedFrom: number | null;
}

/** Who a presented key stands for. */
export interface KeyIdentity {
  keyId: number;
  shopId: number;
  shopDomain: string;
  scopes: Scope[];
  /** the key's budget: requests per minute */
  rateLimit: number;
  /** the shop as the plan check reads it */
  shop: ShopView;
}

/** What recognising a key needs from the kernel services: the database and the shops. */
export interface KeyServices {
  knex: Knex;
  shops: { get(shopId: number): Promise<ShopView | undefined> };
}

export function hashKey(key: string): string {
  return crypto.createHash('sha256').update(key).digest('hex');
}

function newSecret() {
  const key = KEY_PREFIX + crypto.randomBytes(32).toString('base64url');
  return { key, prefix: key.slice(0, VISIBLE_CHARS), secretHash: hashKey(key) };
}

const COLUMNS = ['id', 'shopId', 'name', 'prefix', 'scopes', 'rateLimit', 'createdAt', 'lastUsedAt', 'revokedAt', 'rotatedFrom'];

function toView(row: KeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    status: row.revokedAt ? 'revoked' : 'active',
    createdAt: new Date(row.createdAt).toISOString(),
    lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt).toISOString() : null,
    revokedAt: row.revokedAt ? new Date(row.revokedAt).toISOString() : null,
    rotatedFrom: row.rotatedFrom,
  };
}

export async function listKeys(tenant: Tenant): Promise<ApiKeyView[]> {
  const rows: KeyRow[] = await tenant.table('api_keys').select(COLUMNS).orderBy('id', 'desc');
  return rows.map(toView);
}

export async function countActiveKeys(tenant: Tenant): Promise<number> {
  const [{ n }] = await tenant.table('api_keys').whereNull('revokedAt').count({ n: '*' });
  return Number(n);
}

/** A new key; `key` is the plain secret, answered this once and never again. */
export async function createKey(
  tenant: Tenant,
  input: { name: string; scopes: Scope[]; rateLimit?: number; rotatedFrom?: number },
  trx?: Knex.Transaction,
): Promise<ApiKeyView & { key: string }> {
  const { key, prefix, secretHash } = newSecret();
  const [row] = await tenant.insertInto('api_keys', { ...input, prefix, secretHash }, trx).returning(COLUMNS);
  return { ...toView(row), key };
}

/**
 * Replaces a key by a new one with the same name, scopes and budget, and revokes the old one at
 * once, with no grace period: keys are mostly rotated because they leaked, and a leaked key must
 * stop working now. An integrator who wants no gap creates a second key, deploys it, then revokes
 * the first. Undefined when the shop has no such active key.
 */
export async function rotateKey(knex: Knex, tenant: Tenant, id: number): Promise<(ApiKeyView & { key: string }) | undefined> {
  try {
    return await knex.transaction(async (trx) => {
      const old: KeyRow | undefined = await tenant.table('api_keys', trx).where({ id }).whereNull('revokedAt').forUpdate().first(COLUMNS);
      if (!old) return undefined;
      await tenant.table('api_keys', trx).where({ id }).update({ revokedAt: trx.fn.now() });
      return createKey(tenant, { name: old.name, scopes: old.scopes, rateLimit: old.rateLimit, rotatedFrom: old.id }, trx);
    });
  } finally {
    forget(id);
  }
}

/** Revokes a key (revoking a revoked key changes nothing); undefined when the shop has no such key. */
export async function revokeKey(tenant: Tenant, id: number): Promise<ApiKeyView | undefined> {
  try {
    const [revoked] = await tenant.table('api_keys').where({ id }).whereNull('revokedAt').update({ revokedAt: new Date() }).returning(COLUMNS);
    const row: KeyRow | undefined = revoked ?? (await tenant.table('api_keys').where({ id }).first(COLUMNS));
    return row && toView(row);
  } finally {
    forget(id);
  }
}

interface CacheEntry {
  identity: KeyIdentity;
  expires: number;
  /** when last_used_at was last written (or read), to write it at most once a minute */
  lastUsed: number;
}

// by key hash; Map keeps insertion order, so the first entry is the oldest
const cache = new Map<string, CacheEntry>();

function forget(keyId: number) {
  for (const [hash, entry] of cache) if (entry.identity.keyId === keyId) cache.delete(hash);
}

/**
 * The shop and scopes a presented key stands for; undefined for a malformed, unknown or revoked
 * key, or a shop that uninstalled the app. Whether the shop's plan includes the public API is the
 * caller's check (`identity.shop`).
 */
export async function authenticate(services: KeyServices, presentedKey: string): Promise<KeyIdentity | undefined> {
  if (!KEY_SHAPE.test(presentedKey)) return undefined;
  const hash = hashKey(presentedKey);
  const now = Date.now();
  let entry = cache.get(hash);
  if (!entry || entry.expires <= now) {
    if (entry) cache.delete(hash);
    entry = await lookUp(services, hash, now);
    if (!entry) return undefined;
    if (cache.size >= CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(hash, entry);
  }
  if (now - entry.lastUsed >= LAST_USED_EVERY_MS) {
    entry.lastUsed = now;
    await stampLastUsed(entry.identity);
  }
  return entry.identity;
}

async function lookUp(services: KeyServices, hash: string, now: number): Promise<CacheEntry | undefined> {
  // tenancy: a presented key finds its own shop; the hash is unique across every shop's keys
  const row: KeyRow | undefined = await services.knex('api_keys').where({ secretHash: hash }).whereNull('revokedAt').first(COLUMNS);
  if (!row) return undefined;
  const shop = await services.shops.get(row.shopId);
  if (!shop || shop.uninstalled) return undefined;
  const identity: KeyIdentity = { keyId: row.id, shopId: shop.id, shopDomain: shop.domain, scopes: row.scopes, rateLimit: row.rateLimit, shop };
  return { identity, expires: now + CACHE_TTL_MS, lastUsed: row.lastUsedAt ? new Date(row.lastUsedAt).getTime() : 0 };
}

/** Another process may have stamped it within the minute: the condition keeps that one write. */
async function stampLastUsed({ keyId, shopId, shopDomain }: KeyIdentity) {
  await tenantFor(shopId, shopDomain)
    .table('api_keys')
    .where({ id: keyId })
    .where((q) => q.whereNull('lastUsedAt').orWhere('lastUsedAt', '<', new Date(Date.now() - LAST_USED_EVERY_MS)))
    .update({ lastUsedAt: new Date() });
}
