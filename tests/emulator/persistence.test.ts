// The seed is deterministic, and with a data directory the store survives a restart: orders,
// tokens, metafields, and the id counter (no id is ever handed out twice).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_SHOP, gqlClient, offlineToken, postJson, startTestEmulator } from './support';

test('two fresh emulators seed the same store', async () => {
  const [a, b] = await Promise.all([startTestEmulator(), startTestEmulator()]);
  try {
    const pick = (s: typeof a) => s.em.store.shop(DEMO_SHOP)!;
    const summary = (s: typeof a) => ({
      products: pick(s).products.map((p) => [p.id, p.handle, p.status]),
      customers: pick(s).customers.map((c) => [c.id, c.email, c.address.countryCode, c.locale]),
      orders: pick(s).orders.map((o) => [o.id, o.number, o.financialStatus, o.customerId, o.lineItems.map((li) => li.productId)]),
    });
    expect(summary(a)).toEqual(summary(b));
    expect(pick(a).id).toBe('9007199254740993');
    expect(pick(a).products).toHaveLength(12);
    expect(pick(a).customers).toHaveLength(20);
    expect(pick(a).orders).toHaveLength(60);
    expect(pick(a).orders[0].number).toBe(1001);
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
});

test('state in dataDir survives a restart', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-emulator-'));
  try {
    const first = await startTestEmulator({ dataDir });
    const token = await offlineToken(first, DEMO_SHOP, false);
    const placed = await postJson(`${first.em.url}/_emulator/orders`, { shop: DEMO_SHOP, country: 'JP' });
    const product = first.em.store.shop(DEMO_SHOP)!.products[0];
    await gqlClient(
      first,
      token.access_token,
    )(
      `mutation { metafieldsSet(metafields: [{ ownerId: "gid://shopify/Product/${product.id}", namespace: "reviews", key: "rating_count", type: "number_integer", value: "7" }]) { userErrors { message } } }`,
    );
    await first.stop();
    expect(fs.existsSync(path.join(dataDir, 'emulator', 'state.json'))).toBe(true);

    const second = await startTestEmulator({ dataDir });
    try {
      const gql = gqlClient(second, token.access_token);
      const order = await gql(`query O($id: ID!) { order(id: $id) { name shippingAddress { countryCodeV2 } } }`, {
        id: placed.json.order.admin_graphql_api_id,
      });
      expect(order.status).toBe(200); // the token survived too
      expect(order.json.data.order).toEqual({ name: placed.json.order.name, shippingAddress: { countryCodeV2: 'JP' } });
      const mf = await gql(`{ product(id: "gid://shopify/Product/${product.id}") { metafield(namespace: "reviews", key: "rating_count") { value } } }`);
      expect(mf.json.data.product.metafield.value).toBe('7');
      const next = await postJson(`${second.em.url}/_emulator/orders`, { shop: DEMO_SHOP });
      expect(BigInt(next.json.order.id)).toBeGreaterThan(BigInt(placed.json.order.id));
      expect(Number(next.json.order.name.slice(1))).toBe(Number(placed.json.order.name.slice(1)) + 1);
    } finally {
      await second.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
