// With the store emulator (embedded defaults), the demo shop starts with sample reviews so a
// newcomer sees a living app; they are marked demo and go in one action (DELETE /api/reviews/demo).
import { type ApiServices, DEMO_SHOP } from '@plaudit/kernel';
import { Review } from '../db/review.model';
import { seedDemo } from './demo';

export async function seedDemoShopReviews(services: ApiServices) {
  const { config, log, platform, shops } = services;
  if (!config.shopify.emulatorUrl) return;
  const shop = await shops.byDomain(DEMO_SHOP);
  if (!shop) return;
  const tenant = services.tenant(shop.id, DEMO_SHOP);
  // only once: any review of the demo shop means it was seeded or used
  if (await tenant.query(Review).select('id').first()) return;
  // The emulated shop's own products, so its storefront pages show their reviews.
  const products = platform ? (await platform.adminApi(DEMO_SHOP).products({ first: 20, query: 'status:active' })).nodes : [];
  const demoProducts = products.map((p) => ({ id: p.id, title: p.title, handle: p.handle, imageUrl: p.featuredMedia?.preview?.image?.url ?? null }));
  const n = await seedDemo(services, tenant, undefined, demoProducts.length ? demoProducts : undefined);
  log.info({ shop: DEMO_SHOP, reviews: n }, 'seeded demo reviews');
}
