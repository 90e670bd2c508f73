// The deterministic seed: the demo shop (12 products, 20 customers, 60 orders over the last 90 days
// in every financial and fulfillment state), its sister store in France (the same products and SKUs)
// and a partner development store. A fixed-seed PRNG
// picks buyers and items, so two seeds on the same day give the same store.
import { markDelivered, newCustomer, newFulfillment, newOrder, newProduct, newShop } from './records';
import { CUSTOMER_SEEDS, PRODUCT_SEEDS } from './seed-data';
import type { EmulatorStore } from './store';
import { addAppBlock, setAppEmbeds } from './themes';
import type { FinancialStatus, ShopRecord } from './types';

export const DEMO_SHOP = 'plaudit-demo.myshopify.com';
export const DEV_SHOP = 'plaudit-dev.myshopify.com';
/** the demo shop's sister store in France: the same catalogue (so the same SKUs), its own customers and orders */
export const DEMO_SISTER_SHOP = 'plaudit-demo-fr.myshopify.com';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const FINANCIAL: FinancialStatus[] = ['paid', 'partially_paid', 'pending', 'refunded', 'partially_refunded', 'voided', 'authorized'];

/** mulberry32: tiny, fast, and the same sequence for the same seed everywhere. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seedState(store: EmulatorStore, now = Date.now()): void {
  const demo = newShop(store, {
    domain: DEMO_SHOP,
    name: 'Plaudit Demo',
    ownerFirstName: 'Demo',
    ownerLastName: 'Owner',
    plan: { displayName: 'Basic', partnerDevelopment: false, shopifyPlus: false, shopifyPlan: 'basic' },
    createdAt: new Date(now - 400 * DAY),
  });
  seedShop(store, demo, now, { products: PRODUCT_SEEDS.length, customers: CUSTOMER_SEEDS.length, orders: 60, seed: 20251016 });
  // The demo storefront shows every block (storefront.ts): its theme says so, as the editor would have saved it.
  setAppEmbeds(store, demo, { popup: true, sidebar: true, floating: true });
  addAppBlock(store, demo, 'product', 'star-rating', 'mainSection');
  addAppBlock(store, demo, 'product', 'review-box', 'newAppsSection');

  const dev = newShop(store, {
    domain: DEV_SHOP,
    name: 'Plaudit Dev Store',
    ownerFirstName: 'Dev',
    ownerLastName: 'Partner',
    plan: { displayName: 'Development', partnerDevelopment: true, shopifyPlus: false, shopifyPlan: 'partner_test' },
    createdAt: new Date(now - 30 * DAY),
  });
  seedShop(store, dev, now, { products: 4, customers: 3, orders: 5, seed: 7 });
  seedSisterStore(store, now);
}

/** The demo shop's sister store in France (also added to a state saved before it existed). */
export function seedSisterStore(store: EmulatorStore, now = Date.now()): void {
  const sister = newShop(store, {
    domain: DEMO_SISTER_SHOP,
    name: 'Plaudit Demo France',
    ownerFirstName: 'Demo',
    ownerLastName: 'Owner',
    countryCode: 'FR',
    ianaTimezone: 'Europe/Paris',
    plan: { displayName: 'Basic', partnerDevelopment: false, shopifyPlus: false, shopifyPlan: 'basic' },
    createdAt: new Date(now - 200 * DAY),
  });
  seedShop(store, sister, now, { products: PRODUCT_SEEDS.length, customers: 6, orders: 12, seed: 33 });
}

export function seedShop(store: EmulatorStore, shop: ShopRecord, now: number, n: { products: number; customers: number; orders: number; seed: number }): void {
  const random = seededRandom(n.seed);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];

  PRODUCT_SEEDS.slice(0, n.products).forEach((p, i) => newProduct(store, shop, p, new Date(now - (180 - i) * DAY)));
  CUSTOMER_SEEDS.slice(0, n.customers).forEach(([firstName, lastName, countryCode], i) =>
    newCustomer(store, shop, { firstName, lastName, countryCode, createdAt: new Date(now - (150 - i * 3) * DAY) }),
  );

  const active = shop.products.filter((p) => p.status === 'ACTIVE');
  for (let i = 0; i < n.orders; i++) {
    // Spread evenly over the last 89 days, oldest first, at a plausible hour.
    const createdAt = now - (89 - (i * 89) / n.orders) * DAY - Math.floor(random() * 10) * HOUR - HOUR;
    const count = 1 + Math.floor(random() * 3);
    const items = Array.from({ length: count }, () => ({
      product: pick(active),
      variantIndex: Math.floor(random() * 3),
      quantity: 1 + Math.floor(random() * 2),
    }));
    const unique = items.filter((it, k) => items.findIndex((o) => o.product.id === it.product.id) === k);
    const order = newOrder(store, shop, {
      customer: pick(shop.customers),
      items: unique,
      createdAt: new Date(createdAt),
      financialStatus: FINANCIAL[i % FINANCIAL.length],
    });
    const state = i % 3; // 0 unfulfilled, 1 fulfilled (in transit), 2 delivered
    if (state === 0) continue;
    const fulfilledAt = Math.min(createdAt + (1 + random()) * DAY, now - HOUR);
    const fulfillment = newFulfillment(store, order, new Date(fulfilledAt));
    const deliveredAt = fulfilledAt + (3 + random() * 2) * DAY;
    if (state === 2 && deliveredAt < now) markDelivered(store, order, fulfillment, new Date(deliveredAt));
  }
}
