// The shop's Instagram account: its long-lived token sealed with the kernel's secret box (never
// in an answer), when it was issued and expires, and the connection's state. Disconnecting by
// expiry is claimed once (a connected row updated), so the merchant is mailed once.
import { open, seal, secretBoxKey, type Config, type Tenant } from '@plaudit/kernel';
import type { Knex } from 'knex';
import type { AccountView } from '../shared/instagram';

export interface AccountRow {
  shopId: number;
  status: 'connected' | 'disconnected';
  igUserId: string;
  username: string;
  accountType: string | null;
  tokenSealed: string | null;
  tokenIssuedAt: Date | null;
  tokenExpiresAt: Date | null;
  connectedAt: Date | null;
  disconnectedAt: Date | null;
  reason: string | null;
  syncStatus: 'idle' | 'syncing' | 'failed';
  lastSyncAt: Date | null;
  lastSyncError: string | null;
}

const boxKey = (config: Config) => secretBoxKey(config.encryptionKey!);
const accounts = (tenant: Tenant, trx?: Knex.Transaction) => tenant.table('instagram_accounts', trx);
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export const accountOf = (tenant: Tenant): Promise<AccountRow | undefined> => accounts(tenant).first();

/** The connected account's token, opened; undefined when not connected. */
export async function tokenOf(config: Config, tenant: Tenant): Promise<string | undefined> {
  const row = await accountOf(tenant);
  return row?.status === 'connected' && row.tokenSealed ? open(boxKey(config), row.tokenSealed) : undefined;
}

export interface NewToken {
  igUserId: string;
  username: string;
  accountType: string | null;
  token: string;
  expiresIn: number;
}

/** A (re)connection: the account and its new long-lived token. */
export async function connectAccount(config: Config, tenant: Tenant, t: NewToken) {
  const now = new Date();
  const row = {
    status: 'connected',
    igUserId: t.igUserId,
    username: t.username,
    accountType: t.accountType,
    tokenSealed: seal(boxKey(config), t.token),
    tokenIssuedAt: now,
    tokenExpiresAt: new Date(now.getTime() + t.expiresIn * 1000),
    connectedAt: now,
    disconnectedAt: null,
    reason: null,
    lastSyncError: null,
    updatedAt: now,
  };
  await tenant.insertInto('instagram_accounts', row).onConflict('shop_id').merge(row);
}

/** A refreshed token replaces the one it was refreshed from, unless the account was disconnected meanwhile. */
export async function storeRefreshed(config: Config, tenant: Tenant, previousSealed: string, token: string, expiresIn: number): Promise<boolean> {
  const now = new Date();
  const updated = await accounts(tenant)
    .where({ status: 'connected', tokenSealed: previousSealed })
    .update({ tokenSealed: seal(boxKey(config), token), tokenIssuedAt: now, tokenExpiresAt: new Date(now.getTime() + expiresIn * 1000), updatedAt: now });
  return updated === 1;
}

/** The merchant disconnected: the token is forgotten. */
export async function disconnectAccount(tenant: Tenant) {
  await accounts(tenant).update({ status: 'disconnected', tokenSealed: null, disconnectedAt: new Date(), reason: null, updatedAt: new Date() });
}

/** Instagram refused the token for good; true only for the call that disconnected it. */
export async function markExpired(tenant: Tenant, reason: string): Promise<boolean> {
  const now = new Date();
  const claimed = await accounts(tenant)
    .where({ status: 'connected' })
    .update({ status: 'disconnected', tokenSealed: null, disconnectedAt: now, reason, updatedAt: now });
  return claimed === 1;
}

export async function setSyncState(tenant: Tenant, state: { syncStatus: AccountRow['syncStatus']; lastSyncAt?: Date; lastSyncError?: string | null }) {
  await accounts(tenant).update({ ...state, updatedAt: new Date() });
}

/** Connected accounts whose token was issued before `before`: the refresh schedule's work. */
export async function tokensIssuedBefore(knex: Knex, before: Date): Promise<{ shopId: number }[]> {
  // tenancy: the schedule looks across shops by design; each shop is then handled through its tenant
  return knex('instagram_accounts').where({ status: 'connected' }).where('tokenIssuedAt', '<', before).select('shopId');
}

/** Every connected account: the sync schedule's work. */
export async function connectedShops(knex: Knex): Promise<{ shopId: number }[]> {
  // tenancy: the schedule looks across shops by design; each shop is then handled through its tenant
  return knex('instagram_accounts').where({ status: 'connected' }).select('shopId');
}

export function presentAccount(row: AccountRow | undefined, posts: number): AccountView {
  return {
    status: row?.status ?? 'never',
    username: row?.username ?? null,
    connectedAt: iso(row?.connectedAt ?? null),
    disconnectedAt: iso(row?.disconnectedAt ?? null),
    reason: row?.reason ?? null,
    tokenExpiresAt: row?.status === 'connected' ? iso(row.tokenExpiresAt) : null,
    syncStatus: row?.syncStatus ?? 'idle',
    lastSyncAt: iso(row?.lastSyncAt ?? null),
    lastSyncError: row?.lastSyncError ?? null,
    posts,
  };
}
