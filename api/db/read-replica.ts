// Reads that may come from a PostgreSQL streaming replica (DATABASE_REPLICA_URL): storefront pages,
// analytics and exports. Admin screens keep reading the primary, so a merchant always sees their own
// change. A read goes to the replica only when it is up and has replayed the primary's position the
// caller asks for (`after`): the storefront passes the position it took when it read the feed version
// its cache keys on, so a lagging replica can never fill the cache with rows older than their label.
// Anything else (no replica, replica down or behind, a replica failing mid-read) reads the primary.
// docs/deploy.md, "Read replica".
import type { Knex } from 'knex';
import { type Tenant, tenantFor } from '../auth/tenant';
import type { Logger } from '../log';
import { createKnex } from './knex';

/** Reads that tolerate a replica's lag (the kernel's `services.reads`). */
export interface ReplicaReads {
  /** whether DATABASE_REPLICA_URL is set */
  readonly configured: boolean;
  /** the primary's WAL position now: a later read passing it as `after` sees everything committed before */
  position(): Promise<string | undefined>;
  /**
   * Runs `read` with a tenant (and knex) on the replica when it is up and has replayed `after`,
   * else on the primary; a replica failing mid-read (down, restarted, a recovery conflict) is read
   * again from the primary.
   */
  read<T>(shop: { shopId: number; shopDomain: string }, read: (tenant: Tenant, knex: Knex) => Promise<T>, opts?: { after?: string }): Promise<T>;
  close(): Promise<void>;
}

/** How often the replica's replay position (and so its health) is read. */
const POLL_MS = 200;

/** 'X/Y' (two hex words) as one number, so positions compare. */
export function lsnValue(lsn: string): bigint {
  const [hi, lo] = lsn.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

/** Errors after which the same read on the primary can succeed: the replica is gone or cancelled it. */
export function isReplicaFailure(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  // 57P01-57P03: shutdown or not accepting connections; 40001: canceled by a conflict with recovery;
  // 08xxx: connection exceptions
  if (e?.code && /^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|57P0[1-3]|40001|08\w{3})$/.test(e.code)) return true;
  return /Connection terminated|Timeout acquiring a connection|connect ECONNREFUSED|server closed the connection/i.test(e?.message ?? '');
}

class PrimaryReads implements ReplicaReads {
  readonly configured: boolean = false;
  constructor(protected readonly primary: Knex) {}
  async position(): Promise<string | undefined> {
    return undefined;
  }
  read<T>(shop: { shopId: number; shopDomain: string }, read: (tenant: Tenant, knex: Knex) => Promise<T>): Promise<T> {
    return read(tenantFor(shop.shopId, shop.shopDomain), this.primary);
  }
  async close() {}
}

class StreamingReplicaReads extends PrimaryReads {
  override readonly configured = true;
  private readonly replica: Knex;
  /** the replica's last replayed position, undefined while it is down or not yet read */
  private replayed?: bigint;
  private timer?: NodeJS.Timeout;
  private polling = false;

  constructor(
    primary: Knex,
    replicaUrl: string,
    private readonly log: Logger,
  ) {
    super(primary);
    // a short connect timeout: a stopped replica must not hold a storefront read for long
    // its pool's connection errors are the health poll's to report, once
    const quiet = (msg: string) => log.debug({ replica: msg }, 'read replica pool');
    this.replica = createKnex(replicaUrl, { min: 0, max: 10 }, { bindModels: false, connectTimeoutMs: 2_000, log: { warn: quiet, error: quiet } });
    this.timer = setInterval(() => void this.poll(), POLL_MS);
    this.timer.unref();
    void this.poll();
  }

  override async position(): Promise<string> {
    const { rows } = await this.primary.raw('SELECT pg_current_wal_lsn()::text AS lsn');
    return rows[0].lsn as string;
  }

  override async read<T>(
    shop: { shopId: number; shopDomain: string },
    read: (tenant: Tenant, knex: Knex) => Promise<T>,
    opts: { after?: string } = {},
  ): Promise<T> {
    if (!this.caughtUp(opts.after)) return super.read(shop, read);
    try {
      return await read(tenantFor(shop.shopId, shop.shopDomain, this.replica), this.replica);
    } catch (err) {
      if (!isReplicaFailure(err)) throw err;
      this.down(err);
      return super.read(shop, read);
    }
  }

  private caughtUp(after?: string): boolean {
    if (this.replayed === undefined) return false;
    return after === undefined || this.replayed >= lsnValue(after);
  }

  private async poll() {
    if (this.polling) return;
    this.polling = true;
    try {
      // null on a server that is not replaying (a promoted replica, or a primary given as replica): not used
      const { rows } = await this.replica.raw('SELECT pg_last_wal_replay_lsn()::text AS lsn');
      const lsn = rows[0].lsn as string | null;
      if (this.replayed === undefined && lsn) this.log.info('read replica up: storefront, analytics and export reads use it');
      this.replayed = lsn ? lsnValue(lsn) : undefined;
    } catch (err) {
      this.down(err);
    } finally {
      this.polling = false;
    }
  }

  private down(err: unknown) {
    if (this.replayed !== undefined) this.log.warn({ err: (err as Error).message }, 'read replica unreachable: reading the primary');
    this.replayed = undefined;
  }

  override async close() {
    clearInterval(this.timer);
    await this.replica.destroy();
  }
}

/** The reads for DATABASE_REPLICA_URL, or the primary's own when it is not set. */
export function replicaReads(primary: Knex, replicaUrl: string | undefined, log: Logger): ReplicaReads {
  return replicaUrl ? new StreamingReplicaReads(primary, replicaUrl, log) : new PrimaryReads(primary);
}
