// Discount codes as a full loop: created through Admin GraphQL, used at checkout (the control API's
// `discountCode`, checked the way Shopify's checkout does), counted in `asyncUsageCount`, recorded on
// the order (GraphQL view and orders/create webhook), and deleted with discountCodeDelete; the app's
// adapter (AdminApi.discountByCode, discountUsage, deleteDiscount) reads and deletes them.
import { AdminApi, PlatformUserError } from '../../api/platform/admin-api';
import { runDemoCommand } from '../../emulator/cli';
import type { TokenStore } from '../../api/platform/token-store';
import { shopifyFor } from './library';
import { DEMO_SHOP, gqlClient, offlineToken, postJson, startTestEmulator, type TestEmulator } from './support';

let t: TestEmulator;
let gql: ReturnType<typeof gqlClient>;
beforeAll(async () => {
  t = await startTestEmulator();
  gql = gqlClient(t, (await offlineToken(t)).access_token);
});
afterAll(() => t.stop());

const CREATE = `mutation D($d: DiscountCodeBasicInput!) { discountCodeBasicCreate(basicCodeDiscount: $d) { codeDiscountNode { id } userErrors { field message code } } }`;
const BY_CODE = `query U($code: String!) { codeDiscountNodeByCode(code: $code) { id codeDiscount { ... on DiscountCodeBasic { status asyncUsageCount codes(first: 1) { nodes { code asyncUsageCount } } } } } }`;
const DELETE = `mutation X($id: ID!) { discountCodeDelete(id: $id) { deletedCodeDiscountId userErrors { field message code } } }`;
const ORDER = `query O($id: ID!) { order(id: $id) {
  discountCode discountCodes totalDiscountsSet { shopMoney { amount currencyCode } } subtotalPriceSet { shopMoney { amount } }
  totalPriceSet { shopMoney { amount } } currentTotalPriceSet { shopMoney { amount } } lineItems(first: 5) { nodes { originalTotalSet { shopMoney { amount } } } }
  customer { amountSpent { amount } }
} }`;

const hour = 3_600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const order = (body: Record<string, unknown>) =>
  postJson(`${t.em.url}/_emulator/orders`, { shop: DEMO_SHOP, productHandles: ['linen-tote-bag'], wait: true, ...body });
const usage = async (code: string) => (await gql(BY_CODE, { code })).json.data.codeDiscountNodeByCode;

async function customerGid(email: string): Promise<string> {
  await order({ customerEmail: email });
  return (await gql(`query C($q: String) { customers(first: 1, query: $q) { nodes { id } } }`, { q: `email:${email}` })).json.data.customers.nodes[0].id;
}

async function createCode(code: string, extra: Record<string, unknown> = {}): Promise<string> {
  const d = {
    title: `Code ${code}`,
    code,
    startsAt: iso(-60_000),
    endsAt: iso(hour),
    customerGets: { value: { percentage: 0.15 }, items: { all: true } },
    ...extra,
  };
  const r = (await gql(CREATE, { d })).json.data.discountCodeBasicCreate;
  expect(r.userErrors).toEqual([]);
  return r.codeDiscountNode.id;
}

function orderCreateHook(orderId: string): any {
  const hook = t.app.webhooks.find((h) => h.headers['x-shopify-topic'] === 'orders/create' && new RegExp(`"id":${orderId}\\b`).test(h.body));
  return hook && JSON.parse(hook.body);
}

test('a code for one customer, once: refused for another customer, accepted and recorded for that customer, then used up', async () => {
  const buyer = await customerGid('ana.reviewer@example.com');
  const id = await createCode('THANKS-ANA', { context: { customers: { add: [buyer] } }, appliesOncePerCustomer: true, usageLimit: 1 });
  expect(await usage('THANKS-ANA')).toEqual({
    id,
    codeDiscount: { status: 'ACTIVE', asyncUsageCount: 0, codes: { nodes: [{ code: 'THANKS-ANA', asyncUsageCount: 0 }] } },
  });

  const other = await order({ customerEmail: 'someone.else@example.com', discountCode: 'THANKS-ANA' });
  expect([other.status, other.json.error]).toEqual([422, 'Discount code THANKS-ANA is not valid for this customer']);
  expect((await usage('THANKS-ANA')).codeDiscount.asyncUsageCount).toBe(0);

  const placed = await order({ customerEmail: 'ana.reviewer@example.com', discountCode: 'thanks-ana' });
  expect(placed.status).toBe(201);
  expect(placed.json.order.discount_codes).toEqual([{ code: 'THANKS-ANA', amount: '3.60', type: 'percentage' }]);
  expect(await usage('THANKS-ANA')).toMatchObject({ codeDiscount: { asyncUsageCount: 1, codes: { nodes: [{ asyncUsageCount: 1 }] } } });

  // the order: GraphQL view (line items at their price, the order's totals net of the code) and the webhook
  const view = (await gql(ORDER, { id: placed.json.order.admin_graphql_api_id })).json.data.order;
  expect(view).toMatchObject({
    discountCode: 'THANKS-ANA',
    discountCodes: ['THANKS-ANA'],
    totalDiscountsSet: { shopMoney: { amount: '3.6', currencyCode: 'USD' } },
    subtotalPriceSet: { shopMoney: { amount: '20.4' } },
    totalPriceSet: { shopMoney: { amount: '20.4' } },
    currentTotalPriceSet: { shopMoney: { amount: '20.4' } },
    lineItems: { nodes: [{ originalTotalSet: { shopMoney: { amount: '24.0' } } }] },
  });
  const hook = orderCreateHook(placed.json.order.id);
  expect(hook).toMatchObject({
    discount_codes: [{ code: 'THANKS-ANA', amount: '3.60', type: 'percentage' }],
    total_discounts: '3.60',
    total_line_items_price: '24.00',
    subtotal_price: '20.40',
    total_price: '20.40',
  });

  const again = await order({ customerEmail: 'ana.reviewer@example.com', discountCode: 'THANKS-ANA' });
  expect([again.status, again.json.error]).toEqual([422, 'Discount code THANKS-ANA has reached its usage limit']);
  expect((await usage('THANKS-ANA')).codeDiscount.asyncUsageCount).toBe(1);
});

test('once per customer without a usage limit: a second use by the same customer is refused, another customer may use it', async () => {
  await createCode('ONCE-EACH', { appliesOncePerCustomer: true });
  expect((await order({ customerEmail: 'first.buyer@example.com', discountCode: 'ONCE-EACH' })).status).toBe(201);
  const twice = await order({ customerEmail: 'first.buyer@example.com', discountCode: 'ONCE-EACH' });
  expect([twice.status, twice.json.error]).toEqual([422, 'Discount code ONCE-EACH was already used by this customer']);
  expect((await order({ customerEmail: 'second.buyer@example.com', discountCode: 'ONCE-EACH' })).status).toBe(201);
  expect((await usage('ONCE-EACH')).codeDiscount.asyncUsageCount).toBe(2);
});

test('a fixed amount is capped at the line items; the webhook calls it fixed_amount', async () => {
  await createCode('BIG-OFF', { customerGets: { value: { discountAmount: { amount: '100.00' } }, items: { all: true } } });
  const placed = await order({ customerEmail: 'big.spender@example.com', discountCode: 'BIG-OFF' });
  expect(placed.json.order.discount_codes).toEqual([{ code: 'BIG-OFF', amount: '24.00', type: 'fixed_amount' }]);
  const view = (await gql(ORDER, { id: placed.json.order.admin_graphql_api_id })).json.data.order;
  expect(view.totalPriceSet.shopMoney.amount).toBe('0.0');
  expect(view.totalDiscountsSet.shopMoney.amount).toBe('24.0');
  expect(orderCreateHook(placed.json.order.id)).toMatchObject({
    discount_codes: [{ code: 'BIG-OFF', amount: '24.00', type: 'fixed_amount' }],
    total_price: '0.00',
  });
});

test('unknown, expired and not yet active codes are refused and not counted; no order or customer is created', async () => {
  await createCode('LAST-WEEK', { startsAt: iso(-7 * 24 * hour), endsAt: iso(-hour) });
  await createCode('NEXT-WEEK', { startsAt: iso(7 * 24 * hour), endsAt: null });
  const before = t.em.store.shop(DEMO_SHOP)!.orders.length;
  const customersBefore = t.em.store.shop(DEMO_SHOP)!.customers.length;
  const cases = [
    ['NO-SUCH-CODE', 'is not valid'],
    ['LAST-WEEK', 'has expired'],
    ['NEXT-WEEK', 'is not active yet'],
  ];
  for (const [code, why] of cases) {
    const r = await order({ customerEmail: 'late.buyer@example.com', discountCode: code });
    expect([r.status, r.json.error]).toEqual([422, `Discount code ${code} ${why}`]);
  }
  expect(t.em.store.shop(DEMO_SHOP)!.orders.length).toBe(before);
  expect(t.em.store.shop(DEMO_SHOP)!.customers.length).toBe(customersBefore);
  expect(await usage('LAST-WEEK')).toMatchObject({ codeDiscount: { status: 'EXPIRED', asyncUsageCount: 0 } });
  expect(await usage('NEXT-WEEK')).toMatchObject({ codeDiscount: { status: 'SCHEDULED', asyncUsageCount: 0 } });
});

test('a saved state without usageCount reads as 0 uses', async () => {
  await createCode('OLD-STATE');
  const record = t.em.store.shop(DEMO_SHOP)!.discounts.find((d) => d.code === 'OLD-STATE')!;
  delete record.usageCount;
  delete record.usedBy;
  expect((await usage('OLD-STATE')).codeDiscount.asyncUsageCount).toBe(0);
  expect((await order({ customerEmail: 'old.state@example.com', discountCode: 'OLD-STATE' })).status).toBe(201);
  expect((await usage('OLD-STATE')).codeDiscount.asyncUsageCount).toBe(1);
});

test('discountCodeDelete removes the code; an unknown id is a userError', async () => {
  const id = await createCode('DELETE-ME');
  expect((await gql(DELETE, { id })).json.data.discountCodeDelete).toEqual({ deletedCodeDiscountId: id, userErrors: [] });
  expect(await usage('DELETE-ME')).toBeNull();
  expect((await gql(`query N($id: ID!) { codeDiscountNode(id: $id) { id } }`, { id })).json.data.codeDiscountNode).toBeNull();
  const r = await order({ customerEmail: 'late.buyer@example.com', discountCode: 'DELETE-ME' });
  expect([r.status, r.json.error]).toEqual([422, 'Discount code DELETE-ME is not valid']);

  const unknown = [{ field: ['id'], message: 'Discount does not exist', code: null }];
  expect((await gql(DELETE, { id })).json.data.discountCodeDelete).toEqual({ deletedCodeDiscountId: null, userErrors: unknown });
  expect((await gql(DELETE, { id: 'gid://shopify/Product/1' })).json.data.discountCodeDelete.userErrors).toEqual(unknown);
});

test("the app's adapter: discountByCode, discountUsage and deleteDiscount", async () => {
  const shopify = shopifyFor(t);
  const session = shopify.session.customAppSession(DEMO_SHOP);
  session.accessToken = (await offlineToken(t, DEMO_SHOP, false)).access_token;
  const api = new AdminApi(shopify, { offlineSession: async () => session } as unknown as TokenStore, DEMO_SHOP);

  const id = await createCode('ADAPTER-1', { usageLimit: 1 });
  expect(await api.discountByCode('adapter-1')).toEqual({ id, asyncUsageCount: 0, status: 'ACTIVE' });
  expect(await api.discountByCode('NOT-A-CODE')).toBeNull();
  expect((await order({ customerEmail: 'adapter.buyer@example.com', discountCode: 'ADAPTER-1' })).status).toBe(201);
  expect(await api.discountUsage(id)).toEqual({ asyncUsageCount: 1, status: 'ACTIVE' });

  await api.deleteDiscount(id);
  expect(await api.discountUsage(id)).toBeNull();
  expect(await api.discountByCode('ADAPTER-1')).toBeNull();
  const err = await api.deleteDiscount(id).catch((e) => e);
  expect(err).toBeInstanceOf(PlatformUserError);
  expect(err.userErrors).toEqual([{ field: ['id'], message: 'Discount does not exist', code: null }]);
});

test('discountCodeDelete needs write_discounts; read_discounts still reads the code', async () => {
  // on the dev shop: installing there with narrower scopes leaves the demo shop's tokens alone
  const shop = 'plaudit-dev.myshopify.com';
  const full = gqlClient(t, (await offlineToken(t, shop)).access_token, shop);
  const d = { title: 'Kept', code: 'KEEP-ME', startsAt: iso(-60_000), customerGets: { value: { percentage: 0.1 }, items: { all: true } } };
  const kept = (await full(CREATE, { d })).json.data.discountCodeBasicCreate.codeDiscountNode.id;
  const code = new URL(
    (
      await fetch(t.shopUrl('/admin/oauth/authorize', shop), {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams({ client_id: 'plaudit-emulator-key', scope: 'read_discounts', redirect_uri: `${t.app.url}/cb` }),
      })
    ).headers.get('location')!,
  ).searchParams.get('code');
  const token = (
    await postJson(t.shopUrl('/admin/oauth/access_token', shop), { client_id: 'plaudit-emulator-key', client_secret: 'plaudit-emulator-secret', code })
  ).json.access_token;
  const readOnly = gqlClient(t, token, shop);
  const denied = await readOnly(DELETE, { id: kept });
  expect(denied.json.errors[0]).toMatchObject({
    message: 'Access denied for discountCodeDelete field. Required access: `write_discounts` access scope.',
    extensions: { code: 'ACCESS_DENIED' },
  });
  expect((await readOnly(BY_CODE, { code: 'keep-me' })).json.data.codeDiscountNodeByCode.id).toBe(kept);
});

test('demo:order --discount CODE passes the code through; a refused code is the error', async () => {
  await createCode('CLI-CODE');
  const lines = await runDemoCommand('demo:order', { shop: DEMO_SHOP, email: 'cli.buyer@example.com', discount: 'cli-code' }, t.em.url);
  expect(lines[0]).toMatch(
    /^order #\d+ \(gid:\/\/shopify\/Order\/\d+\) created on plaudit-demo\.myshopify\.com with discount code CLI-CODE \(\d+\.\d{2} off\)$/,
  );
  expect(t.em.store.findOrder(lines.at(-1)!)!.order.discountCodes?.[0].code).toBe('CLI-CODE');
  await expect(runDemoCommand('demo:order', { shop: DEMO_SHOP, discount: 'NOPE' }, t.em.url)).rejects.toThrow(
    'the store emulator refused: Discount code NOPE is not valid',
  );
});
