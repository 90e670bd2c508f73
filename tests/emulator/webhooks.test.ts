// Webhooks as Shopify delivers them: headers and HMAC over the raw body, exact ids above 2^53,
// retries with the same id, duplicates, reordering, and what uninstalling changes.
import { createHmac } from 'node:crypto';
import { isLosslessNumber, parse } from 'lossless-json';
import { startEmulator } from '../../emulator';
import {
  API_KEY,
  API_SECRET,
  DEMO_SHOP,
  eventually,
  gqlClient,
  offlineToken,
  postJson,
  startTestEmulator,
  type ReceivedRequest,
  type TestEmulator,
} from './support';

let t: TestEmulator;
beforeEach(async () => {
  t = await startTestEmulator();
});
afterEach(() => t.stop());

const order = (body: object = {}) => postJson(`${t.em.url}/_emulator/orders`, { shop: DEMO_SHOP, wait: true, ...body });
const topics = (hooks: ReceivedRequest[]) => hooks.map((h) => h.headers['x-shopify-topic']);

test('a webhook carries Shopify headers and an HMAC of the exact raw body', async () => {
  const placed = await order({ country: 'CA' });
  expect(placed.status).toBe(201);
  const [hook] = await eventually(() => t.app.webhooks.length === 1 && t.app.webhooks);
  const h = hook.headers;
  expect(h['x-shopify-topic']).toBe('orders/create');
  expect(h['x-shopify-shop-domain']).toBe(DEMO_SHOP);
  expect(h['x-shopify-api-version']).toBe('2025-10');
  expect(h['x-shopify-webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
  expect(h['x-shopify-event-id']).toMatch(/^[0-9a-f-]{36}$/);
  expect(Number.isNaN(Date.parse(String(h['x-shopify-triggered-at'])))).toBe(false);
  expect(h['content-type']).toBe('application/json');
  expect(h['x-shopify-hmac-sha256']).toBe(createHmac('sha256', 'plaudit-emulator-secret').update(hook.body).digest('base64'));
  const body = parse(hook.body) as any;
  expect(body.admin_graphql_api_id).toBe(placed.json.order.admin_graphql_api_id);
  expect(body.name).toBe(placed.json.order.name);
  expect(body.shipping_address.country_code).toBe('CA');
  expect(body.customer).toMatchObject({ first_name: expect.any(String), email: expect.stringContaining('@') });
  expect(body.line_items[0]).toMatchObject({ title: expect.any(String), quantity: expect.anything() });
  expect(body.fulfillments).toEqual([]);
});

test('ids above 2^53 are exact integer literals in the raw body', async () => {
  const placed = await order({ fulfill: true });
  const id: string = placed.json.order.id;
  expect(BigInt(id)).toBeGreaterThan(2n ** 53n);
  expect(Number.isSafeInteger(Number(id))).toBe(false); // a JS number cannot hold it safely
  const hooks = await eventually(() => t.app.webhooks.length === 3 && t.app.webhooks);
  const created = hooks.find((h) => h.headers['x-shopify-topic'] === 'orders/create')!;
  expect(created.body).toContain(`"id":${id},`);
  const parsed = parse(created.body) as any;
  expect(isLosslessNumber(parsed.id) && parsed.id.toString()).toBe(id);
  for (const li of parsed.line_items) expect(BigInt(li.product_id.toString())).toBeGreaterThan(2n ** 53n);
  const fulfillment = hooks.find((h) => h.headers['x-shopify-topic'] === 'fulfillments/create')!;
  expect(fulfillment.body).toContain(`"order_id":${id},`);
  expect(fulfillment.body).toMatch(/"id":9007199\d{9},/);
});

test('a failing delivery is retried with the same id and body until the app answers 200', async () => {
  t.app.webhookStatuses.push(500, 503);
  await order();
  const hooks = await eventually(() => t.app.webhooks.length === 3 && t.app.webhooks);
  expect(new Set(hooks.map((h) => h.headers['x-shopify-webhook-id'])).size).toBe(1);
  expect(new Set(hooks.map((h) => h.body)).size).toBe(1);
  expect(new Set(hooks.map((h) => h.headers['x-shopify-hmac-sha256'])).size).toBe(1);
  const log = (await (await fetch(`${t.em.url}/_emulator/webhooks`)).json()) as any[];
  expect(log).toHaveLength(1);
  expect(log[0]).toMatchObject({ topic: 'orders/create', id: hooks[0].headers['x-shopify-webhook-id'], attempts: 3, lastStatus: 200, state: 'delivered' });
});

test('a delivery gives up after the configured retries; network errors count as failures', async () => {
  t.app.webhookStatuses.push(500, 500, 500, 500, 500);
  await order();
  await eventually(async () => ((await (await fetch(`${t.em.url}/_emulator/webhooks`)).json()) as any[])[0].state === 'failed');
  expect(t.app.webhooks).toHaveLength(4); // the first attempt and 3 retries

  const unreachable = await startEmulator({ port: 0, apiKey: API_KEY, apiSecret: API_SECRET, appUrl: 'http://127.0.0.1:9', webhookRetryDelaysMs: [10] });
  try {
    await postJson(`${unreachable.url}/_emulator/orders`, { shop: DEMO_SHOP });
    const log = await eventually(async () => {
      const entries = (await (await fetch(`${unreachable.url}/_emulator/webhooks`)).json()) as any[];
      return entries[0]?.state === 'failed' && entries;
    });
    expect(log[0]).toMatchObject({ attempts: 2, lastStatus: null, lastError: expect.any(String) });
  } finally {
    await unreachable.stop();
  }
});

test('duplicates share the webhook id; out-of-order delivers the later events first', async () => {
  await order({ duplicate: 2 });
  const dups = await eventually(() => t.app.webhooks.length === 3 && t.app.webhooks);
  expect(new Set(dups.map((h) => h.headers['x-shopify-webhook-id'])).size).toBe(1);
  expect(topics(dups)).toEqual(['orders/create', 'orders/create', 'orders/create']);

  t.app.webhooks.length = 0;
  await order({ deliver: true, outOfOrder: true });
  const hooks = await eventually(() => t.app.webhooks.length === 5 && t.app.webhooks);
  expect(topics(hooks)).toEqual(['fulfillments/update', 'fulfillment_events/create', 'orders/fulfilled', 'fulfillments/create', 'orders/create']);
  const delivered = parse(hooks[1].body) as any;
  expect(delivered).toMatchObject({ status: 'delivered' });
  expect(delivered.order_id.toString()).toBe((parse(hooks[4].body) as any).id.toString());
  const fulfilled = parse(hooks[2].body) as any;
  expect(fulfilled.fulfillment_status).toBe('fulfilled');
  expect(fulfilled.fulfillments).toHaveLength(1);
});

test('fulfil and deliver an existing order; delayMs holds the batch back', async () => {
  const placed = await order();
  t.app.webhooks.length = 0;
  const started = Date.now();
  const fulfilled = await postJson(`${t.em.url}/_emulator/orders/${placed.json.order.id}/fulfill`, { delayMs: 150, wait: true });
  expect(topics(t.app.webhooks)).toEqual(['fulfillments/create', 'orders/fulfilled']);
  expect(t.app.webhooks[0].at - started).toBeGreaterThanOrEqual(140);
  expect(fulfilled.json.webhooks.every((w: { state: string }) => w.state === 'delivered')).toBe(true);
  expect((await postJson(`${t.em.url}/_emulator/orders/${placed.json.order.id}/fulfill`, {})).status).toBe(409);
  await postJson(`${t.em.url}/_emulator/orders/${encodeURIComponent(placed.json.order.admin_graphql_api_id)}/deliver`, { wait: true });
  expect(topics(t.app.webhooks).slice(2)).toEqual(['fulfillment_events/create', 'fulfillments/update']);
  expect((parse(t.app.webhooks[3].body) as any).shipment_status).toBe('delivered');
});

test('uninstalling sends app/uninstalled, revokes tokens and stops order webhooks; compliance still arrives', async () => {
  const token = (await offlineToken(t)).access_token;
  await postJson(`${t.em.url}/_emulator/shops/${DEMO_SHOP}/uninstall`, { wait: true });
  expect(topics(t.app.webhooks)).toEqual(['app/uninstalled']);
  const shop = parse(t.app.webhooks[0].body) as any;
  expect(shop).toMatchObject({ myshopify_domain: DEMO_SHOP, plan_name: 'basic', iana_timezone: 'America/New_York' });
  expect(shop.id.toString()).toBe('9007199254740993');
  expect((await gqlClient(t, token)('{ shop { name } }')).status).toBe(401);
  await order();
  await postJson(`${t.em.url}/_emulator/shops/${DEMO_SHOP}/compliance/customers-redact`, { customerEmail: 'olivia.bennett@example.com', wait: true });
  await postJson(`${t.em.url}/_emulator/shops/${DEMO_SHOP}/compliance/customers-data-request`, { customerEmail: 'olivia.bennett@example.com', wait: true });
  await postJson(`${t.em.url}/_emulator/shops/${DEMO_SHOP}/compliance/shop-redact`, { wait: true });
  expect(topics(t.app.webhooks)).toEqual(['app/uninstalled', 'customers/redact', 'customers/data_request', 'shop/redact']);
  const redact = parse(t.app.webhooks[1].body) as any;
  expect(redact).toMatchObject({ shop_domain: DEMO_SHOP, customer: { email: 'olivia.bennett@example.com' } });
  expect(redact.orders_to_redact.length).toBeGreaterThan(0);
  const request = parse(t.app.webhooks[2].body) as any;
  expect(Object.keys(request).sort()).toEqual(['customer', 'data_request', 'orders_requested', 'shop_domain', 'shop_id']);
  expect(parse(t.app.webhooks[3].body)).toEqual({ shop_id: expect.anything(), shop_domain: DEMO_SHOP });
  // A session token (the merchant opening the app again) reinstalls.
  expect((await offlineToken(t)).access_token).toMatch(/^shpat_/);
});
