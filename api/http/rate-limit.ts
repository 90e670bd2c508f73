// Rate limits every API process shares: rate-limiter-flexible's PostgreSQL store keeps one counter
// row per key, each expiring on its own, so no number of new keys can reset another key's count.
// The table comes from a kernel migration (rate_limits), never from the library at run time.
import type { Knex } from 'knex';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

const TABLE = 'rate_limits';
/** every this many attempts a limiter deletes rows expired over an hour ago (no timer to stop) */
const SWEEP_EVERY = 1_000;

export interface Budget {
  points: number;
  perSeconds: number;
}

export class RateLimit {
  private readonly limiter: RateLimiterPostgres;
  private attempts = 0;

  /** `name` prefixes every key, so limiters with different budgets never share a counter. */
  constructor(
    private readonly knex: Knex,
    name: string,
    readonly budget: Budget,
  ) {
    this.limiter = new RateLimiterPostgres({
      storeClient: knex, storeType: 'knex', tableName: TABLE, tableCreated: true, clearExpiredByTimeout: false,
      keyPrefix: name, points: budget.points, duration: budget.perSeconds,
    });
  }

  /** Counts one attempt for `key`: 0 while within budget, else the seconds until it may try again. */
  async hit(key: string): Promise<number> {
    if (++this.attempts % SWEEP_EVERY === 0) void this.sweep();
    try {
      await this.limiter.consume(key);
      return 0;
    } catch (res) {
      if (res instanceof RateLimiterRes) return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
      throw res;
    }
  }

  private async sweep() {
    await this.knex(TABLE).where('expire', '<', Date.now() - 3_600_000).delete().catch(() => undefined);
  }
}

/**
 * Counts one attempt against every (limit, key) pair, all of them (one address cannot spread over
 * many emails, nor one email over many addresses); answers the longest wait, 0 when all allow.
 */
export async function hitAll(checks: [RateLimit, string][]): Promise<number> {
  const waits = await Promise.all(checks.map(([limit, key]) => limit.hit(key)));
  return Math.max(0, ...waits);
}
