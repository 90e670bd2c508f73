// The second tier of storefront answers, behind each process's in-memory LRU (cache.ts): first pages
// (no `after` cursor) kept in PostgreSQL, so a long tail of products (more than one process's LRU
// holds) and every other API process find an answer rendered once instead of rendering it again.
// A row is labelled with the shop's versions (feed and settings) read before its render: it is
// served only to a request holding the same versions, so a moderation or a settings save (which
// change them) is never answered from an older row. The feed channel's notification deletes the
// shop's rows in any case (old renders hold text a redaction removed); rows unread for a week go.
import type { Knex } from 'knex';
import type { Logger } from '@plaudit/kernel';
import type { CachedResponse } from './response-lru';

/** Rows not stored again for this long are purged (a week). */
const KEEP_DAYS = 7;
const PURGE_EVERY_MS = 3_600_000;

interface PgClient {
  query(q: { name?: string; text: string; values: unknown[] }): Promise<{ rows: Record<string, unknown>[] }>;
}

const GET = 'SELECT etag, type, headers, body FROM widget_answers WHERE shop_id = $1 AND key = $2 AND versions = $3';
const SET = `INSERT INTO widget_answers (shop_id, key, versions, etag, type, headers, body) VALUES ($1, $2, $3, $4, $5, $6, $7)
  ON CONFLICT (shop_id, key) DO UPDATE SET versions = excluded.versions, etag = excluded.etag, type = excluded.type,
  headers = excluded.headers, body = excluded.body, stored_at = now()`;

export class SharedAnswers {
  private purgeTimer?: NodeJS.Timeout;

  constructor(
    private readonly knex: Knex,
    private readonly log: Logger,
  ) {}

  /**
   * A pooled connection and named (prepared) statements: a hit is on the storefront's hot path,
   * where knex's query building and a parse per query would cost more than the look-up itself.
   */
  private async run(name: string, text: string, values: unknown[]) {
    const client = this.knex.client as { acquireConnection(): Promise<PgClient>; releaseConnection(c: PgClient): Promise<void> };
    const conn = await client.acquireConnection();
    try {
      // tenancy: every statement names the shop (shop_id = $1), passed by the caller
      return (await conn.query({ name, text, values })).rows;
    } finally {
      await client.releaseConnection(conn);
    }
  }

  async get(shopId: number, key: string, versions: string): Promise<CachedResponse | undefined> {
    const [row] = await this.run('widget_answers_get', GET, [shopId, key, versions]);
    if (!row) return undefined;
    return { etag: row.etag as string, type: row.type as string, headers: row.headers as Record<string, string | string[]>, body: row.body as Buffer };
  }

  async set(shopId: number, key: string, versions: string, entry: CachedResponse): Promise<void> {
    await this.run('widget_answers_set', SET, [shopId, key, versions, entry.etag, entry.type, JSON.stringify(entry.headers ?? {}), entry.body]);
  }

  async dropShop(shopId: number): Promise<void> {
    await this.run('widget_answers_drop', 'DELETE FROM widget_answers WHERE shop_id = $1', [shopId]);
  }

  /** Hourly, rows stored more than a week ago go (URLs nobody asked for since). */
  startPurge() {
    if (this.purgeTimer) return;
    this.purgeTimer = setInterval(
      () => void this.purge().catch((err) => this.log.warn({ err: (err as Error).message }, 'storefront answers: purge failed')),
      PURGE_EVERY_MS,
    );
    this.purgeTimer.unref();
  }

  stopPurge() {
    clearInterval(this.purgeTimer);
    this.purgeTimer = undefined;
  }

  async purge(): Promise<number> {
    // tenancy: a sweep over every shop's expired cache rows
    const { rowCount } = await this.knex.raw(`DELETE FROM widget_answers WHERE stored_at < now() - make_interval(days => ?)`, [KEEP_DAYS]);
    return rowCount ?? 0;
  }
}
