// The shop's billing state and the charges it asked Shopify for, read and written through its tenant.
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';
import type { Interval, PlanId } from '../shared/plans';

export interface Account {
  subscriptionId: string | null;
  status: string;
  interval: Interval | null;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  leaveOfferUsedAt: Date | null;
}

export interface Charge {
  id: number;
  subscriptionId: string;
  plan: PlanId;
  interval: Interval;
  price: number;
  status: string;
  couponCode: string | null;
  leaveOffer: boolean;
  activatedAt: Date | null;
}

const EMPTY: Account = { subscriptionId: null, status: 'NONE', interval: null, trialEndsAt: null, currentPeriodEnd: null, leaveOfferUsedAt: null };

export async function readAccount(tenant: Tenant, trx?: Knex.Transaction): Promise<Account> {
  const row = await tenant.table('billing_accounts', trx).first();
  return row ? { ...EMPTY, ...pick(row) } : EMPTY;
}

/** The account row locked for this transaction (created when missing): return and webhook take turns. */
export async function lockAccount(tenant: Tenant, trx: Knex.Transaction): Promise<Account> {
  await tenant.insertInto('billing_accounts', {}, trx).onConflict('shop_id').ignore();
  return { ...EMPTY, ...pick(await tenant.table('billing_accounts', trx).forUpdate().first()) };
}

export async function saveAccount(tenant: Tenant, patch: Partial<Account>, trx: Knex.Transaction) {
  await tenant.table('billing_accounts', trx).update({ ...patch, updatedAt: new Date() });
}

export async function recordCharge(tenant: Tenant, charge: Omit<Charge, 'id' | 'status' | 'activatedAt'>) {
  await tenant.insertInto('billing_charges', charge);
}

export async function chargeOf(tenant: Tenant, subscriptionId: string, trx?: Knex.Transaction): Promise<Charge | undefined> {
  const row = await tenant.table('billing_charges', trx).where({ subscriptionId }).first();
  return row && { ...row, price: Number(row.price) };
}

export async function updateCharge(tenant: Tenant, subscriptionId: string, patch: Partial<Charge>, trx?: Knex.Transaction) {
  await tenant
    .table('billing_charges', trx)
    .where({ subscriptionId })
    .update({ ...patch, updatedAt: new Date() });
}

export async function recordDowngrade(tenant: Tenant, fromPlan: string, toPlan: string, reason: string) {
  await tenant.insertInto('billing_downgrades', { fromPlan, toPlan, reason });
}

function pick(row: Record<string, any>): Partial<Account> {
  return {
    subscriptionId: row.subscriptionId ?? null,
    status: row.status,
    interval: row.interval ?? null,
    trialEndsAt: row.trialEndsAt ?? null,
    currentPeriodEnd: row.currentPeriodEnd ?? null,
    leaveOfferUsedAt: row.leaveOfferUsedAt ?? null,
  };
}
