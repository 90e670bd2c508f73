// Coupon codes are secrets worth money: a wrong guess is counted per shop and per address before the
// code is looked up (so concurrent guesses cannot all pass), and a right one is given back, so a
// merchant typing a real code never runs out. Over the budget the check answers 429.
import type { Knex } from 'knex';
import { countedAddress, hitAll, RateLimit, tooManyAttempts } from '@plaudit/kernel';
import { COUPON_MISSES_PER_ADDRESS, COUPON_MISSES_PER_SHOP } from './budgets';

const TOO_MANY = 'Too many coupon codes tried: please wait a few minutes before trying another.';

export type CouponGuard = <T>(who: { shopId: number; ip: string }, lookup: () => Promise<T | undefined>) => Promise<T | undefined>;

export function couponGuard(knex: Knex, env: string): CouponGuard {
  const perShop = new RateLimit(knex, 'billing-coupon-shop', COUPON_MISSES_PER_SHOP);
  const perAddress = new RateLimit(knex, 'billing-coupon-address', COUPON_MISSES_PER_ADDRESS);
  return async ({ shopId, ip }, lookup) => {
    const address = countedAddress(ip, env);
    const counted: [RateLimit, string][] = [[perShop, String(shopId)], ...(address ? [[perAddress, address] as [RateLimit, string]] : [])];
    const wait = await hitAll(counted);
    if (wait) throw tooManyAttempts(wait, TOO_MANY);
    const found = await lookup();
    if (found) await Promise.all(counted.map(([limit, key]) => limit.refund(key)));
    return found;
  };
}
