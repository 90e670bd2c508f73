// With the store emulator (embedded defaults), the demo shop starts with sample reviews so a
// newcomer sees a living app; they are marked demo and go in one action (DELETE /api/reviews/demo).
import { tenantFor } from '../../../api/auth/tenant';
import type { ApiServices } from '../../../api/plugins/types';
import { DEMO_SHOP } from '../../../api/shops/demo-shop';
import { seedDemo } from './demo';

export async function seedDemoShopReviews({ config, knex, log, platform }: ApiServices) {
  if (!config.shopify.emulatorUrl) return;
  // tenancy: the demo shop row itself
  const shop = await knex('shops').where({ shopifyDomain: DEMO_SHOP }).first('id');
  if (!shop) return;
  // tenancy: only the demo shop, and only once: any review of it means it was seeded or used
  if (await knex('reviews').where({ shopId: shop.id }).first('id')) return;
  // The emulated shop's own products, so its storefront pages show their reviews.
  const products = platform ? (await platform.adminApi(DEMO_SHOP).products({ first: 20, query: 'status:active' })).nodes : [];
  const demoProducts = products.map((p) => ({ id: p.id, title: p.title, handle: p.handle, imageUrl: p.featuredMedia?.preview?.image?.url ?? null }));
  const n = await seedDemo(knex, tenantFor(shop.id, DEMO_SHOP), undefined, demoProducts.length ? demoProducts : undefined);
  log.info({ shop: DEMO_SHOP, reviews: n }, 'seeded demo reviews');
}
