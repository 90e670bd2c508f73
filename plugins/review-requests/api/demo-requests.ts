// With the store emulator, the demo shop starts with a month of review requests (demo-history.ts),
// once: its queue and its analytics funnel are alive on the first visit. A few of the clicked requests
// are then followed by an order whose landing page carries their UTM parameters, placed in the
// emulator (its control API) so that Shopify's orders/create webhook brings it, as a real order
// would: the analytics plugin attributes it from the order's landing_site and the click recorded here.
import type { Knex } from 'knex';
import { type ApiServices, DEMO_SHOP, type Tenant } from '@plaudit/kernel';
import { blockCustomers } from '../db/queue';
import { withUtm } from '../shared/tracked-links';
import { demoHistory, type DemoProduct, type DemoRequest } from './demo-history';

const DAY = 86_400_000;

/** `shopDomain`: the demo shop; another emulated shop in tests. */
export async function seedDemoRequests(services: ApiServices, shopDomain = DEMO_SHOP) {
  const { config, log, platform, shops } = services;
  const emulatorUrl = config.shopify.emulatorUrl;
  if (!emulatorUrl) return;
  const shop = await shops.byDomain(shopDomain);
  if (!shop) return;
  const tenant = services.tenant(shop.id, shop.domain);
  // only once: any demo request means the history was seeded
  if (await tenant.table('email_queue').where({ demo: true }).first('id')) return;
  try {
    const products = platform ? (await platform.adminApi(shopDomain).products({ first: 20, query: 'status:active' })).nodes : [];
    const catalogue: DemoProduct[] = products.map((p) => ({
      productId: p.id,
      title: p.title,
      handle: p.handle,
      productImage: p.featuredMedia?.preview?.image?.url ?? null,
    }));
    const history = demoHistory(Date.now(), catalogue);
    const ids = await insertHistory(services.knex, tenant, history);
    const unsubscribed = history.filter((r) => r.email.unsubscribedAt && r.email.customerEmail);
    await blockCustomers(
      tenant,
      unsubscribed.map((r) => ({ email: r.email.customerEmail as string, reason: 'unsubscribed' })),
    );
    const orders = attributedOrders(shopDomain, history, ids, Date.now());
    for (const order of orders) await placeOrder(emulatorUrl, shopDomain, order);
    log.info({ shop: shopDomain, requests: history.length, attributedOrders: orders.length }, 'seeded demo review requests');
  } catch (err) {
    // a demo nicety: the app starts without it
    log.warn({ err, shop: shopDomain }, 'demo review requests not seeded');
  }
}

/** The email entries, then the push entries under them; answers the email entries' ids by order. */
async function insertHistory(knex: Knex, tenant: Tenant, history: DemoRequest[]): Promise<Map<string, number>> {
  return knex.transaction(async (trx) => {
    const emails: { id: number; orderId: string }[] = await tenant
      .insertInto(
        'email_queue',
        history.map((r) => r.email),
        trx,
      )
      .returning(['id', 'orderId']);
    const ids = new Map(emails.map((e) => [e.orderId, e.id]));
    const pushes = history.flatMap((r) => (r.push ? [{ ...r.push, parentId: ids.get(r.email.orderId as string) }] : []));
    if (pushes.length) await tenant.insertInto('email_queue', pushes, trx);
    return ids;
  });
}

interface DemoOrder {
  customerEmail: string;
  productHandles?: string[];
  createdAt: string;
  landingSite: string;
}

/** About one clicked request in six buys again within days of its click, landing on a product page. */
function attributedOrders(shopDomain: string, history: DemoRequest[], ids: Map<string, number>, now: number): DemoOrder[] {
  const clicked = history.map((r) => r.email).filter((e) => e.clickedAt && e.customerEmail && (e.clickedAt as Date).getTime() < now - 3 * DAY);
  return clicked
    .filter((_, i) => i % 6 === 3)
    .map((e, i) => {
      const clickedAt = e.clickedAt as Date;
      const handle = (JSON.parse(e.lineItems as string) as DemoProduct[])[0]?.handle;
      const afterReminder = !!e.remindedAt && clickedAt > (e.remindedAt as Date);
      const landing = new URL(
        withUtm(`https://${shopDomain}/${handle ? `products/${handle}` : ''}`, [shopDomain], {
          queueEntry: ids.get(e.orderId as string)!,
          medium: 'email',
          campaign: afterReminder ? 'review_reminder' : 'review_request',
        }),
      );
      return {
        customerEmail: e.customerEmail as string,
        productHandles: handle ? [handle] : undefined,
        createdAt: new Date(clickedAt.getTime() + (0.3 + (i % 4) * 0.6) * DAY).toISOString(),
        landingSite: landing.pathname + landing.search,
      };
    });
}

async function placeOrder(emulatorUrl: string, shopDomain: string, order: DemoOrder) {
  const res = await fetch(`${emulatorUrl}/_emulator/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ shop: shopDomain, ...order }),
  });
  if (!res.ok) throw new Error(`the store emulator refused a demo order: ${res.status} ${await res.text()}`);
}
