// With the store emulator (embedded defaults), the demo shop starts with sample reviews so a
// newcomer sees a living app; they are marked demo and go in one action (DELETE /api/reviews/demo).
// Its sister store in France starts with fewer, of other reviewers (plugins/store-links shares them).
import { type ApiServices, DEMO_SHOP, DEMO_SISTER_SHOP } from '@plaudit/kernel';
import { Review } from '../db/review.model';
import { seedDemo } from './demo';

export async function seedDemoShopReviews(services: ApiServices) {
  await seedShop(services, DEMO_SHOP, undefined, 42);
  await seedShop(services, DEMO_SISTER_SHOP, 40, 7);
}

async function seedShop(services: ApiServices, domain: string, count: number | undefined, seed: number) {
  const { config, log, platform, shops } = services;
  if (!config.shopify.emulatorUrl) return;
  const shop = await shops.byDomain(domain);
  if (!shop) return;
  const tenant = services.tenant(shop.id, domain);
  // only once: any review of the demo shop means it was seeded or used
  if (await tenant.query(Review).select('id').first()) return;
  // The emulated shop's own products, so its storefront pages show their reviews.
  const products = platform ? (await platform.adminApi(domain).products({ first: 20, query: 'status:active' })).nodes : [];
  const demoProducts = products.map((p) => ({ id: p.id, title: p.title, handle: p.handle, imageUrl: p.featuredMedia?.preview?.image?.url ?? null }));
  const { count: n } = await seedDemo(services, tenant, count, demoProducts.length ? demoProducts : undefined, seed);
  log.info({ shop: domain, reviews: n }, 'seeded demo reviews');
}
