// LISTEN on the review feed's channel (and the insights one, when that plugin is there), so a shop's
// cached storefront responses (cache.ts) are dropped the moment a write commits in any process.
import type { Knex } from 'knex';
import pg from 'pg';
import type { Logger } from '@plaudit/kernel';

/**
 * LISTEN on the feed channel with a connection of its own (a pooled one would be handed to other
 * queries). Lost connections come back with a growing delay; everything cached is dropped when the
 * connection is back, since notifications sent meanwhile were missed. Losing it drops nothing:
 * until then every request checks versions, and while the database is down there is nothing to
 * check against, so what is cached stays to be served stale.
 */
export class FeedListener {
  private client?: pg.Client;
  private stopped = false;
  private retryMs = 500;
  private retryTimer?: NodeJS.Timeout;
  listening = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly channels: string[],
    private readonly knex: Knex,
    private readonly log: Logger,
    private readonly onShop: (shopId: number) => void,
    private readonly onReset: () => void,
  ) {}

  async start() {
    this.retryTimer = undefined;
    if (this.stopped) return;
    try {
      await this.connect();
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'storefront cache: LISTEN failed, checking versions per request');
      this.retry();
    }
  }

  private async connect() {
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'plaudit-storefront-listen' });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    client.on('notification', (msg) => {
      const shopId = Number(msg.payload);
      if (this.channels.includes(msg.channel) && Number.isSafeInteger(shopId)) this.onShop(shopId);
    });
    await client.connect();
    // tenancy: no rows read; the channels carry the shop ids whose reviews (or their readings) changed
    for (const channel of this.channels) await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    // stopped while connecting: this connection is nobody's to keep
    if (this.stopped) return void (await client.end().catch(() => undefined));
    // The connection lives as long as the process; it must not keep one alive at exit.
    (client as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
    this.client = client;
    this.listening = true;
    this.retryMs = 500;
    this.onReset();
  }

  private lost(client: pg.Client, err?: Error) {
    if (this.client !== client) return;
    this.client = undefined;
    this.listening = false;
    client.end().catch(() => undefined);
    if (!this.stopped) this.log.warn({ err: err?.message }, 'storefront cache: LISTEN connection lost, checking versions per request');
    this.retry();
  }

  private retry() {
    // A destroyed pool means the API is closing: nothing left to listen for.
    if (this.stopped || !(this.knex.client as { pool?: unknown }).pool) return;
    // kept, so stop() clears it: a reconnect after shutdown would run on a torn-down process
    this.retryTimer = setTimeout(() => void this.start(), this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, 30_000);
  }

  /** Ends the connection as if it had failed (tests use it to exercise the per-request checks). */
  disconnect() {
    if (this.client) this.lost(this.client, new Error('disconnected'));
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    this.listening = false;
    await client?.end().catch(() => undefined);
  }
}
