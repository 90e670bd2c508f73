// The billing plugin's throttles, counted by the kernel's RateLimit (PostgreSQL, shared by every API
// process). Figures and reasons: docs/reliability.md, "Open doors throttled (issue 30.4)".
import type { Budget } from '@plaudit/kernel';

/** billing returns per client address: a merchant comes back once per charge */
export const RETURN_PER_ADDRESS: Budget = { points: 120, perSeconds: 600 };
/** billing returns per shop and address: a replayed or forged return for one shop */
export const RETURN_PER_SHOP: Budget = { points: 20, perSeconds: 600 };
/** Shopify reads a return may cause per shop and charge (concurrent returns share one read) */
export const SYNC_PER_CHARGE: Budget = { points: 5, perSeconds: 600 };
/** wrong coupon codes per shop, and per address across shops: right codes are given back */
export const COUPON_MISSES_PER_SHOP: Budget = { points: 10, perSeconds: 600 };
export const COUPON_MISSES_PER_ADDRESS: Budget = { points: 30, perSeconds: 600 };
