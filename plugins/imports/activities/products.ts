// A file names its products by id, handle or SKU; the shop's Shopify catalogue says which product
// each one is (id, title, handle). Looked up in groups with Shopify's search syntax and cached for
// the run, so 10,000 rows about 40 products make a handful of calls.
import type { KernelServices } from '@plaudit/kernel';
import type { ParsedReview } from '../shared/row';

export interface ShopProduct {
  id: string;
  title: string;
  handle: string;
}

type Ref = NonNullable<ParsedReview['product']>;
const GROUP = 25;

/** Each way the row names its product, most exact first: id, handle, SKU. */
const refKeys = (r: Ref) =>
  [r.id && `id:${r.id.split('/').pop()}`, r.handle && `handle:${r.handle.toLowerCase()}`, r.sku && `sku:${r.sku}`].filter((k): k is string => !!k);
/** A Shopify search term with the value quoted (handles and SKUs may hold spaces or colons). */
const term = (key: string) => key.replace(/^(\w+):(.*)$/, (_, k: string, v: string) => `${k}:"${v.replace(/["\\]/g, '\\$&')}"`);

export function productResolver(services: KernelServices, shopDomain: string) {
  const found = new Map<string, ShopProduct | null>();

  async function lookUp(keys: string[]) {
    if (!services.platform) throw new Error('The store platform is not configured');
    const api = services.platform.adminApi(shopDomain);
    // SKUs belong to variants: one search each; ids and handles in groups
    const groups = [
      ...chunk(
        keys.filter((k) => !k.startsWith('sku:')),
        GROUP,
      ),
      ...keys.filter((k) => k.startsWith('sku:')).map((k) => [k]),
    ];
    for (const group of groups) {
      const page = await api.products({ first: group.length * 2, query: group.map(term).join(' OR ') });
      for (const key of group) {
        const hit = page.nodes.find((p) => matches(p, key, group.length === 1));
        found.set(key, hit ? { id: hit.id, title: hit.title, handle: hit.handle } : null);
      }
    }
  }

  return {
    /**
     * The product of each reference (null: the shop has none such). A row that names its product
     * several ways falls back from one to the next: an id from another store still finds the handle.
     */
    async resolve(refs: Ref[]): Promise<(ShopProduct | null)[]> {
      const pick = (r: Ref) =>
        refKeys(r)
          .map((k) => found.get(k))
          .find((p) => p !== null);
      for (let round = 0; round < 3; round++) {
        const next = [
          ...new Set(
            refs
              .filter((r) => pick(r) === undefined)
              .map((r) => refKeys(r).find((k) => !found.has(k)))
              .filter((k): k is string => !!k),
          ),
        ];
        if (!next.length) break;
        await lookUp(next);
      }
      return refs.map((r) => pick(r) ?? null);
    },
  };
}

function matches(p: { id: string; handle: string }, key: string, alone: boolean): boolean {
  const [kind, ...rest] = key.split(':');
  const value = rest.join(':');
  if (kind === 'id') return p.id.split('/').pop() === value;
  if (kind === 'handle') return p.handle.toLowerCase() === value;
  return alone; // a one-SKU search: its result is the product
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function describeRef(r: Ref): string {
  return r.id ? `id ${r.id}` : r.handle ? `handle "${r.handle}"` : `SKU "${r.sku}"`;
}
