// Webhooks from the store emulator: HMAC, dedupe, out-of-order delivery, ids above 2^53, the
// hand-over to plugins through Temporal, and compliance (customers/redact, uninstall + shop/redact).
import { client, eventually } from '../support/api';
import { startPlatformStack, webhookHmac } from '../support/platform';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;

beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(() => stack?.close());

const deliveries = (domain: string) => stack.api.knex('webhook_deliveries').where({ shopDomain: domain }).orderBy('id');
const notes = (shopId: number) => stack.api.knex('fixture_notes').where({ shopId }).orderBy('id');

async function processed(domain: string, topic: string, count = 1) {
  return eventually(async () => {
    const rows = (await deliveries(domain)).filter((d) => d.topic === topic && d.status === 'processed');
    return rows.length >= count ? rows : undefined;
  }, 30_000);
}

test('a webhook with a bad or missing HMAC gets 401 and changes nothing', async () => {
  const { domain } = await stack.installShop();
  const body = JSON.stringify({ id: 1, name: '#1' });
  const headers = {
    'content-type': 'application/json',
    'x-shopify-topic': 'orders/fulfilled',
    'x-shopify-shop-domain': domain,
    'x-shopify-api-version': '2025-10',
    'x-shopify-webhook-id': 'w-bad',
  };
  const bad = await fetch(`${stack.appUrl}/webhooks`, {
    method: 'POST',
    body,
    headers: { ...headers, 'x-shopify-hmac-sha256': webhookHmac(body, 'wrong-secret') },
  });
  expect(bad.status).toBe(401);
  const missing = await fetch(`${stack.appUrl}/webhooks`, { method: 'POST', body, headers });
  expect(missing.status).toBe(401);
  const good = await fetch(`${stack.appUrl}/webhooks`, {
    method: 'POST',
    body: body + ' ',
    headers: { ...headers, 'x-shopify-hmac-sha256': webhookHmac(body) },
  });
  expect(good.status).toBe(401);
  expect(await deliveries(domain)).toEqual([]);
});

test('demo order fulfilled: verified, delivered three times, processed once, reaching the plugin with exact ids', async () => {
  const { domain, shop } = await stack.installShop();
  const { order } = await stack.control('/orders', { shop: domain, fulfill: true, duplicate: 2 });
  expect(BigInt(order.id)).toBeGreaterThan(BigInt(Number.MAX_SAFE_INTEGER));
  await processed(domain, 'orders/fulfilled');
  const fulfilled = (await deliveries(domain)).filter((d) => d.topic === 'orders/fulfilled');
  expect(fulfilled).toHaveLength(1);
  expect(fulfilled[0].payload).toContain(`"id":${order.id}`);
  const rows = await notes(shop.id);
  expect(rows.map((n) => n.text)).toEqual([`order ${order.name} (${order.id}) fulfilled`]);
  // Ops find it in the Temporal UI by shop.
  const described = await stack.api.runtime.services.temporal.client.workflow.getHandle(`webhook:${domain}:${fulfilled[0].webhookId}`).describe();
  expect(described.typedSearchAttributes.getAll().find((p) => p.key.name === 'ShopDomain')?.value).toBe(domain);
  // The emulator really sent it three times, each answered 200.
  const copies = await eventually(async () => {
    const log = await stack.control<{ id: string; state: string; lastStatus: number }[]>('/webhooks');
    const sent = log.filter((w) => w.id === fulfilled[0].webhookId && w.state === 'delivered');
    return sent.length === 3 ? sent : undefined;
  });
  expect(copies.map((c) => c.lastStatus)).toEqual([200, 200, 200]);
});

test('a fulfillment arriving before its order is processed all the same', async () => {
  const { domain } = await stack.installShop();
  await stack.control('/orders', { shop: domain, fulfill: true, outOfOrder: true });
  const [created] = await processed(domain, 'orders/create');
  const [fulfilled] = await processed(domain, 'orders/fulfilled');
  expect(fulfilled.id).toBeLessThan(created.id);
});

test("customers/redact leaves none of that customer's personal data", async () => {
  const { domain, shop, appToken } = await stack.installShop();
  const { order } = await stack.control('/orders', { shop: domain, fulfill: true });
  await processed(domain, 'orders/fulfilled');
  const [note] = await notes(shop.id);
  const email: string = note.customerEmail;
  expect(email).toContain('@');
  await client(stack.appUrl, appToken).post('/api/fixture-notes', { text: 'kept: another customer', customerEmail: 'someone.else@example.com' });

  await stack.control(`/shops/${domain}/compliance/customers-data-request`, { customerEmail: email });
  const [request] = await eventually(async () => {
    const r = await stack.api.knex('data_requests').where({ shopDomain: domain });
    return r.length ? r : undefined;
  });
  expect(JSON.stringify(request.export)).toContain(order.name);

  await stack.control(`/shops/${domain}/compliance/customers-redact`, { customerEmail: email });
  await processed(domain, 'customers/redact');
  const left = await notes(shop.id);
  expect(left.map((n) => n.customerEmail)).toEqual(['someone.else@example.com']);
  for (const d of await deliveries(domain)) expect(d.payload).not.toContain(email);
  expect(await stack.api.knex('data_requests').where({ shopDomain: domain })).toEqual([]);
});

test("app/uninstalled then shop/redact leaves none of the shop's data", async () => {
  const { domain, shop, appToken } = await stack.installShop();
  await client(stack.appUrl, appToken).post('/api/fixture-notes', { text: 'shop data', customerEmail: 'a@example.com' });
  await stack.control(`/shops/${domain}/uninstall`, {});
  await processed(domain, 'app/uninstalled');
  expect((await stack.api.knex('shops').where({ id: shop.id }).first()).uninstalledAt).not.toBeNull();
  expect(await stack.api.knex('sessions').where({ shopId: shop.id })).toEqual([]);
  expect((await client(stack.appUrl, appToken).get('/api/shops')).status).toBe(401);

  await stack.control(`/shops/${domain}/compliance/shop-redact`, {});
  await processed(domain, 'shop/redact');
  expect(await stack.api.knex('shops').where({ shopifyDomain: domain })).toEqual([]);
  expect(await notes(shop.id)).toEqual([]);
  const left = await deliveries(domain);
  expect(left).toHaveLength(1);
  expect(left[0]).toMatchObject({ topic: 'shop/redact', payload: '{}' });
});
