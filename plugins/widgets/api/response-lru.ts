// The in-process store of storefront answers: least recently used out first, bounded in entries
// and bytes, with a shop's entries dropped together (cache.ts decides what goes in and when).

export interface CachedResponse {
  body: Buffer;
  type: string;
  etag: string;
  /** the response's other headers as the whole stack set them (security headers, Cache-Control), for the fast lane */
  headers?: Record<string, string | string[]>;
}

interface Slot extends CachedResponse {
  shopId: number;
  storedAt: number;
}

/** Least recently used first out, within both bounds; one entry never takes more than maxEntryBytes. */
export class ResponseLru {
  private readonly slots = new Map<string, Slot>();
  private readonly byShop = new Map<number, Set<string>>();
  bytes = 0;

  constructor(readonly limits = { maxEntries: 10_000, maxBytes: 64 * 1024 * 1024, maxEntryBytes: 1024 * 1024 }) {}

  get size() {
    return this.slots.size;
  }

  get(key: string): (CachedResponse & { storedAt: number }) | undefined {
    const slot = this.slots.get(key);
    if (!slot) return undefined;
    this.slots.delete(key);
    this.slots.set(key, slot);
    return slot;
  }

  set(key: string, shopId: number, value: CachedResponse) {
    const cost = value.body.length + key.length;
    if (cost > this.limits.maxEntryBytes) return;
    this.delete(key);
    this.slots.set(key, { ...value, shopId, storedAt: Date.now() });
    this.bytes += cost;
    let keys = this.byShop.get(shopId);
    if (!keys) this.byShop.set(shopId, (keys = new Set()));
    keys.add(key);
    while (this.slots.size > this.limits.maxEntries || this.bytes > this.limits.maxBytes) {
      this.delete(this.slots.keys().next().value!);
    }
  }

  delete(key: string) {
    const slot = this.slots.get(key);
    if (!slot) return;
    this.slots.delete(key);
    this.bytes -= slot.body.length + key.length;
    const keys = this.byShop.get(slot.shopId);
    keys?.delete(key);
    if (keys && !keys.size) this.byShop.delete(slot.shopId);
  }

  dropShop(shopId: number) {
    for (const key of [...(this.byShop.get(shopId) ?? [])]) this.delete(key);
  }

  entriesOf(shopId: number): number {
    return this.byShop.get(shopId)?.size ?? 0;
  }

  clear() {
    this.slots.clear();
    this.byShop.clear();
    this.bytes = 0;
  }
}
