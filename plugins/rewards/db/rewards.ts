// The rewards table (migrations/): one row per code a review earned.
import type { Tenant } from '@plaudit/kernel';

export type RewardStatus = 'created' | 'sent' | 'used' | 'expired' | 'replaced' | 'cancelled';

export interface RewardRow {
  id: number;
  reviewId: number;
  kind: 'text' | 'photo';
  typeDiscount: 'percentage' | 'fixed';
  value: string;
  code: string;
  discountId: string | null;
  email: string;
  status: RewardStatus;
  expiresAt: Date;
  sentAt: Date | null;
  remindedAt: Date | null;
  usedAt: Date | null;
  createdAt: Date;
}

export const rewards = (tenant: Tenant) => tenant.table('rewards');

export async function rewardById(tenant: Tenant, id: number): Promise<RewardRow | undefined> {
  return rewards(tenant).where({ id }).first();
}

export async function setStatus(tenant: Tenant, id: number, status: RewardStatus, extra: Record<string, unknown> = {}) {
  await rewards(tenant)
    .where({ id })
    .update({ status, ...extra, updatedAt: new Date() });
}

/** Sent, used and expired rewards and the codes' share of them, for the settings page and analytics. */
export async function rewardReport(tenant: Tenant) {
  const rows: { status: RewardStatus; count: string }[] = await rewards(tenant).groupBy('status').select('status').count({ count: '*' });
  const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.count)])) as Partial<Record<RewardStatus, number>>;
  const issued = (by.sent ?? 0) + (by.used ?? 0) + (by.expired ?? 0);
  return { issued, used: by.used ?? 0, expired: by.expired ?? 0, open: by.sent ?? 0, replaced: by.replaced ?? 0, cancelled: by.cancelled ?? 0 };
}
