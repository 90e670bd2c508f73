// The queue shows each product's image and links to its storefront page (spec section 3). Order
// webhooks carry neither, so the request's line items are completed from the store's catalogue when
// the entry is opened: one Admin API query per order. Best effort: without the platform, or when the
// catalogue does not answer, the entry keeps the titles alone and the list shows no image or link.
import type { ActivityDeps } from '@plaudit/kernel';
import type { LineItem } from '../db/queue';

const productNumber = (gid: string) => gid.split('/').pop();

export async function withProductDetails(deps: Pick<ActivityDeps, 'platform' | 'log'>, shopDomain: string, items: LineItem[]): Promise<LineItem[]> {
  const ids = [...new Set(items.map((li) => li.productId).filter((id): id is string => !!id))];
  if (!deps.platform || !ids.length) return items;
  try {
    const query = ids.map((id) => `id:${productNumber(id)}`).join(' OR ');
    const { nodes } = await deps.platform.adminApi(shopDomain).products({ first: Math.min(ids.length, 250), query });
    const byId = new Map(nodes.map((p) => [p.id, p]));
    return items.map((li) => {
      const product = li.productId ? byId.get(li.productId) : undefined;
      return product ? { ...li, handle: product.handle, productImage: li.productImage ?? product.featuredMedia?.preview?.image?.url ?? null } : li;
    });
  } catch (err) {
    deps.log.warn({ err: (err as Error).message, shop: shopDomain }, 'review request: product details unavailable');
    return items;
  }
}
