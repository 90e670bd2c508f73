// The product a question is about, read from the store: it must be the shop's own (an id from
// another shop is refused), and its title and handle label the question and link back to it.
import type { Platform } from '@plaudit/kernel';

const PRODUCT = 'query QuestionProduct($id: ID!) { product(id: $id) { id title handle } }';
const GID = /^gid:\/\/shopify\/Product\/(\d{1,20})$/;

export interface AskedProduct {
  id: string;
  title: string;
  handle: string;
}

/** Shopify product GID from a GID or a numeric id; undefined for anything else. */
export function productGid(value: unknown): string | undefined {
  const v = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  if (/^\d{1,20}$/.test(v)) return `gid://shopify/Product/${v}`;
  return GID.test(v) ? v : undefined;
}

export async function findProduct(platform: Platform, shopDomain: string, gid: string): Promise<AskedProduct | null> {
  const data = await platform.adminApi(shopDomain).graphql<{ product: AskedProduct | null }>(PRODUCT, { id: gid });
  return data.product;
}
