// What the product-groups tests share: a shop with three products of the emulated store, one
// published review of each, and the storefront review box of a product.
import { client, type PlatformStack } from '@plaudit/kernel/testing';

export type Product = { id: string; title: string; handle: string };

export async function shopWithReviews(stack: PlatformStack) {
  const { domain, appToken, shop } = await stack.installShop();
  const admin = client(stack.appUrl, appToken);
  const { nodes } = await stack.api.runtime.services.platform!.adminApi(domain).products({ first: 3, query: 'status:active' });
  const products: Product[] = nodes.map((p) => ({ id: p.id, title: p.title, handle: p.handle }));
  // one review per product, each rated differently (5, 4, 2): the group's average is 3.67
  for (const [i, rating] of [5, 4, 2].entries()) {
    const res = await admin.post('/api/reviews', {
      status: 'published',
      kind: 'product',
      productId: products[i].id,
      // as the review forms store it: the product's title when the review was written
      productTitle: products[i].title,
      productHandle: products[i].handle,
      rating,
      firstName: `Reviewer${i}`,
      lastName: 'Lee',
      email: `r${i}@example.com`,
      content: `Review of product ${i}.`,
    });
    if (res.status !== 201) throw new Error(`review not created: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const widget = (block: string, productId: string, query = '') =>
    fetch(`${stack.appUrl}/storefront/shops/${domain}/widgets/${block}?product_id=${encodeURIComponent(productId)}&scripts=0${query}`);
  return { domain, shopId: shop.id as number, appToken, admin, products, widget };
}

/** The Product node of a review box's JSON-LD, or null without one. */
export function jsonLdOf(html: string): Record<string, any> | null {
  const m = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  return m ? JSON.parse(m[1]) : null;
}

export const groupOf = (products: Product[], extra: Record<string, unknown> = {}) => ({
  name: 'Linen shirt',
  products: products.map((p) => ({ id: p.id, title: p.title })),
  ...extra,
});

/** The emulated store's record of a product (its variants, to edit their SKUs through the control API). */
export const storeProduct = (stack: PlatformStack, domain: string, id: string) =>
  stack.emulator.store.shop(domain)!.products.find((p) => `gid://shopify/Product/${p.id}` === id)!;
