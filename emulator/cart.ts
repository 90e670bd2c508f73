// The storefront cart, as Shopify's online store keeps it for a browser: lines of variant and
// quantity, filled by the theme's product form (POST /cart/add). The emulator keeps it in a cookie
// per shop (Shopify keeps a cart token cookie and the cart on its side); nothing else reads it.
import type { Context } from 'koa';
import type { ProductRecord, ShopRecord, VariantRecord } from './types';

export const CART_COOKIE = 'emulator_cart';

/** variant id -> quantity of this shop's cart; anything unreadable is an empty cart. */
export function readCart(ctx: Context, shop: ShopRecord): Record<string, number> {
  const [domain, lines] = (ctx.cookies.get(CART_COOKIE) ?? '').split('|');
  if (domain !== shop.domain || !lines) return {};
  const out: Record<string, number> = {};
  for (const part of lines.split(',')) {
    const [id, qty] = part.split('*');
    if (/^\d{1,20}$/.test(id) && Number(qty) > 0) out[id] = Math.min(99, Number(qty));
  }
  return out;
}

export function writeCart(ctx: Context, shop: ShopRecord, cart: Record<string, number>) {
  const lines = Object.entries(cart)
    .map(([id, qty]) => `${id}*${qty}`)
    .join(',');
  ctx.cookies.set(CART_COOKIE, `${shop.domain}|${lines}`, { httpOnly: true, sameSite: 'lax', path: '/' });
}

export function cartLines(shop: ShopRecord, cart: Record<string, number>): { product: ProductRecord; variant: VariantRecord; quantity: number }[] {
  return Object.entries(cart).flatMap(([id, quantity]) => {
    const product = shop.products.find((p) => p.status === 'ACTIVE' && p.variants.some((v) => v.id === id));
    return product ? [{ product, variant: product.variants.find((v) => v.id === id)!, quantity }] : [];
  });
}
