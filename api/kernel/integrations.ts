// Third-party apps a shop connects (the integration-<app> plugins): whether each is connected, its
// credentials sealed at rest (never sent back to the browser), and the one way it stops by itself —
// a vendor refusing its key for good — which disconnects it and tells the merchant once.
import type { Knex } from 'knex';
import { open, seal } from '../platform/crypto';

export type IntegrationStatus = 'connected' | 'disconnected';

export interface IntegrationState {
  app: string;
  status: IntegrationStatus;
  connectedAt: Date | null;
  disconnectedAt: Date | null;
  /** why it disconnected by itself (a revoked key); null when the merchant disconnected */
  reason: string | null;
}

const NEVER: Omit<IntegrationState, 'app'> = { status: 'disconnected', connectedAt: null, disconnectedAt: null, reason: null };

export class IntegrationsService {
  constructor(
    private readonly knex: Knex,
    private readonly key: Buffer,
  ) {}

  private row(shopId: number, app: string) {
    // tenancy: every query here names its shop
    return this.knex('integrations').where({ shopId, app });
  }

  async state(shopId: number, app: string): Promise<IntegrationState> {
    const r = await this.row(shopId, app).first();
    return r ? { app, status: r.status, connectedAt: r.connectedAt, disconnectedAt: r.disconnectedAt, reason: r.reason } : { app, ...NEVER };
  }

  /** The connected app's credentials; undefined when it is not connected. */
  async credentials<T>(shopId: number, app: string): Promise<T | undefined> {
    const r = await this.row(shopId, app).first('status', 'credentials');
    return r?.status === 'connected' && r.credentials ? (JSON.parse(open(this.key, r.credentials)) as T) : undefined;
  }

  /** Saves the credentials (the plugin verified them with a real call first) and marks the app connected. */
  async connect(shopId: number, app: string, credentials: object): Promise<IntegrationState> {
    const now = new Date();
    const row = {
      status: 'connected',
      credentials: seal(this.key, JSON.stringify(credentials)),
      connectedAt: now,
      disconnectedAt: null,
      reason: null,
      updatedAt: now,
    };
    // tenancy: the row is the shop's own (shop_id in the insert and the conflict target)
    await this.knex('integrations')
      .insert({ shopId, app, ...row, createdAt: now })
      .onConflict(['shop_id', 'app'])
      .merge(row);
    return this.state(shopId, app);
  }

  /** The merchant disconnected: the credentials are forgotten. */
  async disconnect(shopId: number, app: string): Promise<IntegrationState> {
    await this.row(shopId, app).update({ status: 'disconnected', credentials: null, disconnectedAt: new Date(), reason: null, updatedAt: new Date() });
    return this.state(shopId, app);
  }

  /**
   * The vendor refused the key for good: disconnects with the reason. True only for the call that
   * disconnected it (a connected row claimed once), so the caller tells the merchant exactly once.
   */
  async revoked(shopId: number, app: string, reason: string): Promise<boolean> {
    const now = new Date();
    const claimed = await this.row(shopId, app)
      .where({ status: 'connected' })
      .update({ status: 'disconnected', credentials: null, disconnectedAt: now, reason, updatedAt: now });
    return claimed === 1;
  }
}
