// Coupon codes (issue 14): the operator's table of discounts, each with its own rules (percentage or
// amount, how many billing periods, expiry, how many shops may redeem it). A coupon becomes a
// discount on the Shopify subscription; it is redeemed when that subscription becomes active.
import type { Knex } from 'knex';
import { z } from 'zod';
import type { Tenant } from '@plaudit/kernel';

export interface Coupon {
  id: number;
  code: string;
  kind: 'percentage' | 'amount';
  value: number;
  durationIntervals: number | null;
  expiresAt: Date | null;
  redemptionLimit: number | null;
  redemptions?: number;
}

export const couponInput = z
  .object({
    code: z
      .string()
      .trim()
      .min(2)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, - and _ only'),
    kind: z.enum(['percentage', 'amount']),
    value: z.number().positive(),
    durationIntervals: z.number().int().min(1).max(120).nullable().default(null),
    expiresAt: z.coerce.date().nullable().default(null),
    redemptionLimit: z.number().int().min(1).nullable().default(null),
  })
  .strict()
  .refine((c) => c.kind !== 'percentage' || c.value <= 100, { message: 'A percentage is at most 100', path: ['value'] });

const normalise = (code: string) => code.trim().toUpperCase();
const fromRow = (r: Record<string, any>): Coupon => ({
  id: r.id,
  code: r.code,
  kind: r.kind,
  value: Number(r.value),
  durationIntervals: r.durationIntervals ?? null,
  expiresAt: r.expiresAt ? new Date(r.expiresAt) : null,
  redemptionLimit: r.redemptionLimit ?? null,
  redemptions: r.redemptions === undefined ? undefined : Number(r.redemptions),
});

export async function addCoupon(knex: Knex, input: z.input<typeof couponInput>): Promise<Coupon> {
  const c = couponInput.parse(input);
  // tenancy: coupons belong to the operator, not to a shop
  const [row] = await knex('billing_coupons')
    .insert({ ...c, code: normalise(c.code) })
    .returning('*');
  return fromRow(row);
}

export async function listCoupons(knex: Knex): Promise<Coupon[]> {
  // tenancy: the operator's list of every coupon, with how many shops redeemed each
  const rows = await knex('billing_coupons as c')
    .select('c.*', knex.raw('(select count(*) from billing_coupon_redemptions r where r.coupon_id = c.id) as redemptions')) // tenancy: a count over all shops for the operator
    .orderBy('c.code');
  return rows.map(fromRow);
}

export async function removeCoupon(knex: Knex, code: string): Promise<boolean> {
  // tenancy: the operator removes a coupon for everyone
  return (
    (await knex('billing_coupons')
      .where({ code: normalise(code) })
      .del()) > 0
  );
}

/** The coupon if this shop may use it now: it exists, has not expired, has redemptions left and the shop has not used it. */
export async function usableCoupon(knex: Knex, tenant: Tenant, code: string, trx?: Knex.Transaction): Promise<Coupon | undefined> {
  const db = trx ?? knex;
  // tenancy: coupons are global; the shop's own redemption is checked through the tenant below
  const row = await db('billing_coupons')
    .where({ code: normalise(code) })
    .first();
  if (!row) return undefined;
  const coupon = fromRow(row);
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= Date.now()) return undefined;
  if (await tenant.table('billing_coupon_redemptions', trx).where({ couponId: coupon.id }).first()) return undefined;
  if (coupon.redemptionLimit !== null) {
    // tenancy: the limit counts redemptions by every shop
    const [{ n }] = await db('billing_coupon_redemptions').where({ couponId: coupon.id }).count({ n: '*' });
    if (Number(n) >= coupon.redemptionLimit) return undefined;
  }
  return coupon;
}

export async function redeem(tenant: Tenant, couponCode: string, subscriptionId: string, trx: Knex.Transaction) {
  // tenancy: the coupon row by its code (global); the redemption goes in through the tenant
  const coupon = await trx('billing_coupons')
    .where({ code: normalise(couponCode) })
    .first('id');
  if (!coupon) return;
  await tenant.insertInto('billing_coupon_redemptions', { couponId: coupon.id, subscriptionId }, trx).onConflict(['shop_id', 'coupon_id']).ignore();
}

/** The Shopify discount input a coupon makes (AppSubscriptionDiscountInput). */
export function couponDiscount(c: Coupon) {
  return {
    value: c.kind === 'percentage' ? { percentage: c.value / 100 } : { amount: c.value },
    ...(c.durationIntervals ? { durationLimitInIntervals: c.durationIntervals } : {}),
  };
}
