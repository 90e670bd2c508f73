// Budgets of review submissions, counted by the kernel's RateLimit (PostgreSQL, shared by every API
// process). Each route names its own limiters, so a signed-link review never spends the storefront
// form's budget. Figures and reasons: docs/reliability.md, "Rate limits and uploads".
import { type Budget, RateLimit } from '@plaudit/kernel';
import type { Knex } from 'knex';

/** per client address and per reviewer email, in one shop */
export const PER_REVIEWER: Budget = { points: 10, perSeconds: 600 };
/** per shop, storefront form only: stops a flood from rotating addresses and emails */
export const PER_SHOP: Budget = { points: 300, perSeconds: 600 };

/** A route's per-reviewer limiters: `route` prefixes their keys ('storefront' -> 'storefront-address:...'). */
export function reviewerLimits(knex: Knex, route: string) {
  return { address: new RateLimit(knex, `${route}-address`, PER_REVIEWER), email: new RateLimit(knex, `${route}-email`, PER_REVIEWER) };
}
