// The emulated Shopify's state: every shop with its catalogue, customers, orders, the app's
// installation, tokens, subscriptions, discounts and metafields. Persisted as one JSON file when a
// data directory is given (written shortly after each change and on stop), else in memory.
import fs from 'node:fs';
import path from 'node:path';
import { FIRST_ID } from './ids';
import { DEMO_SHOP, DEMO_SISTER_SHOP, seedSisterStore, seedState } from './seed';
import { newTheme } from './themes';
import type { CustomerRecord, EmulatorState, Logger, OrderRecord, ShopRecord } from './types';

export interface AuthCode {
  code: string;
  shop: string;
  clientId: string;
  scope: string;
  online: boolean;
  expiresAt: number;
}

export interface ThrottleOrder {
  count: number;
  status: 200 | 429;
}

/** ISO 8601 without milliseconds, the way Shopify's GraphQL writes DateTime. */
export function isoTime(d: Date | number = Date.now()): string {
  return new Date(d).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export class EmulatorStore {
  /** The emulator's own address once listening; browser-facing URLs (images, pages) start with it. */
  baseUrl = '';
  readonly authCodes = new Map<string, AuthCode>();
  readonly throttles = new Map<string, ThrottleOrder>();
  readonly buckets = new Map<string, { available: number; at: number; size: number; restoreRate: number }>();
  /** per shop: the operations (by name) answered THROTTLED because the bucket was short (not forced ones) */
  readonly costThrottled = new Map<string, string[]>();
  /** per shop: the points its GraphQL calls were charged (actual cost), for a bench's theoretical minimum */
  readonly costCharged = new Map<string, number>();
  private saveTimer: NodeJS.Timeout | undefined;

  private constructor(
    public state: EmulatorState,
    private readonly file: string | undefined,
    private readonly log: Logger,
  ) {}

  /** Reload `${dataDir}/emulator/state.json` when present, else seed the demo shops. */
  /** `firstId`: where a new store's ids start (a saved state keeps its own). */
  static open(dataDir: string | undefined, log: Logger, firstId = FIRST_ID): EmulatorStore {
    const file = dataDir ? path.join(dataDir, 'emulator', 'state.json') : undefined;
    if (file && fs.existsSync(file)) {
      try {
        const state = JSON.parse(fs.readFileSync(file, 'utf8')) as EmulatorState;
        if (state.version !== 1) throw new Error(`unknown state version ${state.version}`);
        log.info({ file }, 'store emulator: state reloaded');
        const store = new EmulatorStore(state, file, log);
        // States saved before themes were emulated: each shop gets the fresh theme a new store has.
        for (const shop of store.shops()) shop.themes ??= [newTheme(store)];
        // ... and before metaobjects were: none yet.
        for (const shop of store.shops()) {
          shop.metaobjects ??= [];
          shop.metaobjectDefinitions ??= [];
        }
        // ... and before the demo shop had its sister store
        if (store.shop(DEMO_SHOP) && !store.shop(DEMO_SISTER_SHOP)) {
          seedSisterStore(store);
          store.flush();
        }
        return store;
      } catch (err) {
        // A damaged file is kept for inspection and the store starts from the seed again.
        const aside = `${file}.broken-${Date.now()}`;
        fs.renameSync(file, aside);
        log.warn({ file, aside, err: (err as Error).message }, 'store emulator: state unreadable, reseeding');
      }
    }
    const store = new EmulatorStore({ version: 1, nextId: firstId.toString(), shops: {} }, file, log);
    seedState(store);
    store.flush();
    return store;
  }

  shop(domain: string): ShopRecord | undefined {
    return Object.hasOwn(this.state.shops, domain) ? this.state.shops[domain] : undefined;
  }

  shops(): ShopRecord[] {
    return Object.values(this.state.shops);
  }

  addShop(shop: ShopRecord): void {
    this.state.shops[shop.domain] = shop;
    this.changed();
  }

  /** The next numeric id: one counter for every resource, above 2^53, kept as a decimal string. */
  nextId(): string {
    const id = BigInt(this.state.nextId);
    this.state.nextId = (id + 1n).toString();
    return id.toString();
  }

  findOrder(id: string): { shop: ShopRecord; order: OrderRecord } | undefined {
    for (const shop of this.shops()) {
      const order = shop.orders.find((o) => o.id === id);
      if (order) return { shop, order };
    }
    return undefined;
  }

  customer(shop: ShopRecord, id: string | null): CustomerRecord | undefined {
    return id ? shop.customers.find((c) => c.id === id) : undefined;
  }

  /** Schedules a write of the state file (coalesced: many changes in one tick write once). */
  changed(): void {
    if (!this.file || this.saveTimer) return;
    this.saveTimer = setTimeout(() => this.flush(), 20);
  }

  flush(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    if (!this.file) return;
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(this.state));
    fs.renameSync(tmp, this.file); // atomic: a crash never leaves half a file
    this.log.debug({ file: this.file }, 'store emulator: state saved');
  }
}
