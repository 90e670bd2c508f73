// How a save finds a metafield group's products in the store (api/catalogue.ts, api/metafields.ts),
// against a scripted Admin API: Shopify's search where the definition is admin-filterable (its
// answers still checked, since an unfiltered answer lists every product), otherwise one walk of the
// catalogue for all such rules, paced by the shop's points, and refused beyond MAX_WALK products.
import type { AdminApi, KernelServices, Tenant } from '@plaudit/kernel';
import { catalogueSearch } from '../api/catalogue';
import { MAX_WALK } from '../api/metafields';
import type { Rule } from '../shared/rules';

type Call = { query: string; variables: Record<string, unknown> };
const product = (n: number, values: (string | null)[]) => ({
  id: `gid://shopify/Product/${n}`,
  title: `P${n}`,
  ...Object.fromEntries(values.map((v, i) => [`m${i}`, v === null ? null : { value: v }])),
});

/** An Admin API answering definitions, searches and walk pages from a catalogue of `count` products. */
function fakeApi(o: { filterable: string[]; count: number; valueOf: (n: number, metafield: string) => string | null; available?: number }) {
  const calls: Call[] = [];
  const api = {
    spent: 0,
    throttle: undefined as AdminApi['throttle'],
    async graphql(query: string, variables: Record<string, unknown> = {}) {
      calls.push({ query, variables });
      api.spent += 100;
      api.throttle = { maximumAvailable: 2000, currentlyAvailable: o.available ?? 2000, restoreRate: 100_000 };
      const metafields = Object.keys(variables)
        .filter((k) => /^ns\d+$/.test(k))
        .map((k) => `${variables[k]}.${variables[`k${k.slice(2)}`]}`);
      const values = (n: number) => metafields.map((m) => o.valueOf(n, m));
      if (query.includes('metafieldDefinitions')) {
        const enabled = o.filterable.includes(`${variables.namespace}.${variables.key}`);
        return { metafieldDefinitions: { nodes: [{ capabilities: { adminFilterable: { enabled } } }] } };
      }
      const all = Array.from({ length: o.count }, (_, i) => i + 1);
      if (query.includes('GroupMetafieldSearch')) return { products: { nodes: all.slice(0, Number(variables.first)).map((n) => product(n, values(n))) } };
      // a walk page
      const first = Number(variables.first);
      const start = variables.after ? Number(variables.after) : 0;
      const page = all.slice(start, start + first);
      const end = start + page.length;
      return { products: { nodes: page.map((n) => product(n, values(n))), pageInfo: { hasNextPage: end < o.count, endCursor: String(end) } } };
    },
    async products() {
      throw new Error('no tag or SKU rule here');
    },
  };
  const services = { platform: { adminApi: () => api as unknown as AdminApi } } as unknown as Pick<KernelServices, 'platform'>;
  return { calls, search: catalogueSearch(services, { shopDomain: 'x.myshopify.com' } as Tenant) };
}
const rule = (namespace: string, key: string, match: string): Rule => ({ kind: 'metafield', namespace, key, match });
const ids = (found: { id: string }[]) => found.map((p) => Number(p.id.split('/').pop()));

test('a filterable metafield is searched, and an unfiltered answer is checked product by product', async () => {
  // the store ignores the filter (as Shopify does once filtering is off): every product comes back
  const { calls, search } = fakeApi({ filterable: ['custom.season'], count: 6, valueOf: (n) => (n % 2 ? 'Summer' : 'Winter') });
  const [found] = await search([rule('custom', 'season', 'Summer')]);
  expect(ids(found)).toEqual([1, 3, 5]);
  const sent = calls.find((c) => c.query.includes('GroupMetafieldSearch'))!;
  expect(sent.variables.query).toBe('metafields.custom.season:"Summer"');
  expect(calls.some((c) => c.query.includes('GroupMetafieldWalk'))).toBe(false);
});

test('metafields without filtering share one walk of every page; other rules of them read it too', async () => {
  const values = (n: number, m: string) => (m === 'custom.family' ? (n <= 3 ? 'Linen' : null) : n === 700 ? 'Gift' : null);
  const { calls, search } = fakeApi({ filterable: [], count: 700, valueOf: values, available: 50 });
  const found = await search([rule('custom', 'family', 'Linen'), rule('custom', 'box', 'Gift'), rule('custom', 'family', 'Silk')]);
  expect(found.map(ids)).toEqual([[1, 2, 3], [700], []]);
  const pages = calls.filter((c) => c.query.includes('GroupMetafieldWalk'));
  // two metafields a product: 900 points / (2 + 2) = 225 products a page, so 4 pages for 700 products
  expect(pages.map((p) => p.variables.first)).toEqual([225, 225, 225, 225]);
  expect(pages.map((p) => p.variables.after)).toEqual([null, '225', '450', '675']);
});

test('a walk beyond MAX_WALK products is a 409 asking for filtering', async () => {
  const { search } = fakeApi({ filterable: [], count: MAX_WALK + 300, valueOf: () => null });
  await expect(search([rule('custom', 'family', 'Linen')])).rejects.toMatchObject({
    status: 409,
    message: expect.stringContaining('turn on filtering for the product metafield custom.family'),
  });
});
