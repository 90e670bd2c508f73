// The rule groups' products, found in the store's catalogue through the kernel's Admin GraphQL client
// (`products(query:)`, as the other plugins read products). One page of 100 per rule: a rule group
// keeps at most MAX_PRODUCTS (50) products, and the page leaves room for those manual or older groups
// hold. A metafield rule is searched only where its definition is admin-filterable; the others share
// one paced walk of the catalogue (api/metafields.ts).
import createHttpError from 'http-errors';
import type { KernelServices, Tenant } from '@plaudit/kernel';
import type { CatalogueSearch } from '../db/rules';
import { metafieldHas, metafieldId, type Rule, searchFor } from '../shared/rules';
import { distinctMetafields, searchable, searchWithValues, walkCatalogue } from './metafields';

const PAGE = 100;

export function catalogueSearch(services: Pick<KernelServices, 'platform'>, tenant: Tenant): CatalogueSearch {
  return async (rules) => {
    if (!rules.length) return [];
    // without the store (no Shopify credentials) a rule group cannot be computed: a clear 503
    if (!services.platform) throw createHttpError(503, 'The store is not connected: groups by tag, SKU prefix or metafield need its catalogue');
    const api = services.platform.adminApi(tenant.shopDomain);
    const metafieldRules = rules.filter((r) => r.kind === 'metafield');
    const bySearch = new Set<string>();
    for (const m of distinctMetafields(metafieldRules)) if (await searchable(api, m)) bySearch.add(metafieldId(m));
    const walkFor = distinctMetafields(metafieldRules.filter((r) => !bySearch.has(metafieldId(r))));
    const walked = walkFor.length ? await walkCatalogue(api, walkFor) : [];

    const found: { id: string; title: string }[][] = [];
    for (const rule of rules) found.push(await find(rule));
    return found;

    async function find(rule: Rule) {
      if (rule.kind !== 'metafield') {
        const { nodes } = await api.products({ first: PAGE, query: searchFor(rule) });
        return nodes.map((p) => ({ id: p.id, title: p.title }));
      }
      const id = metafieldId(rule);
      // the search's answers are checked too: filtering turned off meanwhile would answer every product
      const candidates = bySearch.has(id) ? await searchWithValues(api, searchFor(rule), rule, PAGE) : walked;
      return candidates.filter((p) => metafieldHas(p.values[id], rule.match)).map((p) => ({ id: p.id, title: p.title }));
    }
  };
}
