// With the store emulator (embedded defaults), the demo store and its sister store in France start
// linked, so a newcomer sees reviews shared by SKU ("From our store in France") without a second
// admin to enter a code in. Once: a link the merchant removed is not made again (the sister store's
// `store-links.demo` setting remembers it).
import { z } from 'zod';
import { type ApiServices, DEMO_SHOP, DEMO_SISTER_SHOP } from '@plaudit/kernel';
import { isLinkedTo } from '../db/links';
import { linkStores } from './link-stores';

export async function linkDemoStores(services: ApiServices) {
  if (!services.config.shopify.emulatorUrl) return;
  const [demo, sister] = await Promise.all([services.shops.byDomain(DEMO_SHOP), services.shops.byDomain(DEMO_SISTER_SHOP)]);
  if (!demo || !sister) return;
  const marker = services.settings.namespace('store-links', z.object({ linked: z.boolean() }), { linked: false }, { key: 'demo' });
  if ((await marker.get(sister.id)).linked) return;
  const self = { shopId: sister.id, shopDomain: sister.domain };
  const other = { shopId: demo.id, shopDomain: demo.domain };
  await services.knex.transaction(async (trx) => {
    // two API processes starting together link them once
    // tenancy: a lock on a name, no table
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', ['store-links.demo']);
    if ((await marker.get(sister.id, trx)).linked) return;
    if (!(await isLinkedTo(services.tenant(self.shopId, self.shopDomain), other.shopId, trx))) await linkStores(services, trx, self, other);
    await marker.update(sister.id, { linked: true }, trx);
  });
  services.log.info({ shops: [DEMO_SHOP, DEMO_SISTER_SHOP] }, 'linked the demo stores (their reviews shared by SKU)');
}
