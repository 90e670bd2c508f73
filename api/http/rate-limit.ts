// Rate limits every API process shares: rate-limiter-flexible's PostgreSQL store keeps one counter
// row per key, each expiring on its own, so no number of new keys can reset another key's count.
// The table comes from a kernel migration (rate_limits), never from the library at run time.
import createHttpError from 'http-errors';
import type { Knex } from 'knex';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

const TABLE = 'rate_limits';
/** every this many attempts a limiter deletes rows expired over an hour ago (no timer to stop) */
const SWEEP_EVERY = 1_000;

export interface Budget {
  points: number;
  perSeconds: number;
}

export interface Verdict {
  limit: number;
  /** attempts left in the current window */
  remaining: number;
  /** seconds until the window ends and the budget is whole again */
  resetSeconds: number;
  /** 0 when this attempt was within budget, else the seconds until it may try again */
  retryAfter: number;
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
      storeClient: knex,
      storeType: 'knex',
      tableName: TABLE,
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix: name,
      points: budget.points,
      duration: budget.perSeconds,
    });
  }

  /** Counts one attempt for `key`: 0 while within budget, else the seconds until it may try again. */
  async hit(key: string): Promise<number> {
    return (await this.take(key)).retryAfter;
  }

  /** Counts one attempt for `key` and tells what is left of the budget (for RateLimit-* headers). */
  async take(key: string): Promise<Verdict> {
    if (++this.attempts % SWEEP_EVERY === 0) void this.sweep();
    let res: RateLimiterRes;
    let allowed = true;
    try {
      res = await this.limiter.consume(key);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      res = err;
      allowed = false;
    }
    const resetSeconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    return { limit: this.budget.points, remaining: res.remainingPoints, resetSeconds, retryAfter: allowed ? 0 : resetSeconds };
  }

  /**
   * Gives back one attempt: a door that counts every guess before checking it (so concurrent guesses
   * cannot all slip past a budget) refunds the ones that turn out right, and only misses add up.
   */
  async refund(key: string): Promise<void> {
    await this.limiter.reward(key, 1);
  }

  private async sweep() {
    await this.knex(TABLE)
      .where('expire', '<', Date.now() - 3_600_000)
      .delete()
      .catch(() => undefined);
  }
}

/**
 * Erasure (customers/redact): deletes every limiter's counter keyed by this shop and this value
 * (keys are `<limiter>:<shop id>:<value>`, emails lower-cased), so the address outlives no webhook.
 */
export async function forgetRateLimitKeys(knex: Knex, shopId: number, value: string): Promise<number> {
  const suffix = `:${shopId}:${value.trim().toLowerCase()}`;
  return knex(TABLE).whereRaw('right(key, char_length(?::text)) = ?::text', [suffix, suffix]).delete();
}

/**
 * The client address a public door's per-address budget counts, or undefined for a loopback client
 * outside production: the test suite and a developer's browser all come from 127.0.0.1 and would
 * spend one budget between them. Production counts every address (behind a proxy, the one
 * TRUSTED_PROXY_HOPS names).
 */
export function countedAddress(ip: string, env: string): string | undefined {
  const loopback = /^(127\.|::ffff:127\.)/.test(ip) || ip === '::1';
  return loopback && env !== 'production' ? undefined : ip;
}

/** The 429 of a door over its budget: Retry-After in seconds and a message a person can act on. */
export function tooManyAttempts(retryAfter: number, message: string) {
  return createHttpError(429, message, { headers: { 'Retry-After': String(retryAfter) }, code: 'TOO_MANY_ATTEMPTS' });
}

/**
 * Counts one attempt against every (limit, key) pair, all of them (one address cannot spread over
 * many emails, nor one email over many addresses); answers the longest wait, 0 when all allow.
 */
export async function hitAll(checks: [RateLimit, string][]): Promise<number> {
  const waits = await Promise.all(checks.map(([limit, key]) => limit.hit(key)));
  return Math.max(0, ...waits);
}
