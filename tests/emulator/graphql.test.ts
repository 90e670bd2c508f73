// The Admin GraphQL subset: seeded data, paging, search syntax, the 60-day order window, errors,
// cost and throttling, discounts and metafields, and the Shopify library's own GraphQL client.
import { shopifyFor } from './library';
import { DEMO_SHOP, gqlClient, offlineToken, postJson, startTestEmulator, type TestEmulator } from './support';

let t: TestEmulator;
let gql: ReturnType<typeof gqlClient>;
let token: string;
beforeAll(async () => {
  t = await startTestEmulator();
  token = (await offlineToken(t)).access_token;
  gql = gqlClient(t, token);
});
afterAll(() => t.stop());

const PRODUCTS = `query P($first: Int, $after: String, $last: Int, $before: String, $query: String, $sortKey: ProductSortKeys, $reverse: Boolean) {
  products(first: $first, after: $after, last: $last, before: $before, query: $query, sortKey: $sortKey, reverse: $reverse) {
    nodes { id title handle status featuredMedia { preview { image { url altText } } } }
    pageInfo { hasNextPage endCursor hasPreviousPage startCursor }
  }
}`;

test('the shop, its plan and locales; the dev store is a partner development store', async () => {
  const q = `{ shop { id name email myshopifyDomain ianaTimezone timezoneAbbreviation currencyCode primaryDomain { host url }
    plan { displayName partnerDevelopment shopifyPlus } billingAddress { countryCodeV2 } } shopLocales { locale primary published } }`;
  const { json } = await gql(q);
  expect(json.data.shop).toMatchObject({
    id: 'gid://shopify/Shop/9007199254740993',
    myshopifyDomain: DEMO_SHOP,
    ianaTimezone: 'America/New_York',
    currencyCode: 'USD',
    plan: { partnerDevelopment: false },
  });
  expect(json.data.shop.timezoneAbbreviation).toMatch(/^E[SD]T$/);
  expect(json.data.shopLocales).toContainEqual({ locale: 'en', primary: true, published: true });
  const dev = gqlClient(t, (await offlineToken(t, 'plaudit-dev.myshopify.com')).access_token, 'plaudit-dev.myshopify.com');
  expect((await dev('{ shop { plan { displayName partnerDevelopment } } }')).json.data.shop.plan).toEqual({
    displayName: 'Development',
    partnerDevelopment: true,
  });
});

test('products page with cursors, forwards and backwards, without gaps or repeats', async () => {
  const seen: string[] = [];
  let after: string | null = null;
  let pages = 0;
  for (;;) {
    const { json } = await gql(PRODUCTS, { first: 5, after });
    const { nodes, pageInfo } = json.data.products;
    seen.push(...nodes.map((n: { id: string }) => n.id));
    expect(pageInfo.hasPreviousPage).toBe(pages > 0);
    pages++;
    if (!pageInfo.hasNextPage) break;
    after = pageInfo.endCursor;
  }
  expect(pages).toBe(3);
  expect(seen).toHaveLength(12);
  expect(new Set(seen).size).toBe(12);
  expect(seen.every((id) => BigInt(id.split('/').pop()!) > 2n ** 53n)).toBe(true);
  const back = (await gql(PRODUCTS, { last: 3, before: after })).json.data.products;
  expect(back.nodes.map((n: { id: string }) => n.id)).toEqual(seen.slice(6, 9));
  expect((await gql(PRODUCTS, {})).json.errors[0].message).toBe('you must provide one of first or last');
});

test('the product search syntax filters by title wildcard, status and id', async () => {
  const mugs = (await gql(PRODUCTS, { first: 50, query: 'title:*mug* AND status:active', sortKey: 'TITLE' })).json.data.products.nodes;
  expect(mugs.map((p: { title: string }) => p.title)).toEqual(['Ceramic Coffee Mug', 'Insulated Travel Mug']);
  expect(mugs[0].featuredMedia.preview.image.url).toMatch(/\/cdn\/.*\.png/);
  const drafts = (await gql(PRODUCTS, { first: 50, query: 'status:draft' })).json.data.products.nodes;
  expect(drafts.map((p: { handle: string }) => p.handle)).toEqual(['espresso-cup-set']);
  const id = mugs[1].id.split('/').pop();
  expect((await gql(PRODUCTS, { first: 5, query: `id:${id}` })).json.data.products.nodes).toHaveLength(1);
});

test('customers by email and by free text', async () => {
  const q = `query C($query: String) { customers(first: 10, query: $query) { nodes { id firstName lastName displayName defaultEmailAddress { emailAddress } defaultAddress { countryCodeV2 timeZone } locale } } }`;
  const byEmail = (await gql(q, { query: 'email:yuki.tanaka@example.com' })).json.data.customers.nodes;
  expect(byEmail).toHaveLength(1);
  expect(byEmail[0]).toMatchObject({ displayName: 'Yuki Tanaka', locale: 'ja', defaultAddress: { countryCodeV2: 'JP', timeZone: 'Asia/Tokyo' } });
  const all = (await gql(`{ customers(first: 50) { nodes { defaultAddress { countryCodeV2 } } } }`)).json.data.customers.nodes;
  expect(all.length).toBeGreaterThanOrEqual(20);
  expect(new Set(all.map((c: { defaultAddress: { countryCodeV2: string } }) => c.defaultAddress.countryCodeV2))).toEqual(
    new Set(['US', 'CA', 'GB', 'DE', 'FR', 'JP', 'AU', 'BR', 'VN', 'ES', 'IT', 'NL', 'IN', 'MX']),
  );
  expect((await gql(q, { query: 'Oliveira' })).json.data.customers.nodes[0].firstName).toBe('Lucas');
});

const ORDER_FIELDS = `id name createdAt email displayFinancialStatus displayFulfillmentStatus
  currentTotalPriceSet { shopMoney { amount currencyCode } } customer { id firstName lastName } shippingAddress { countryCodeV2 }
  lineItems(first: 10) { nodes { id title quantity product { id } variant { id } image { url altText } } }
  fulfillments { createdAt deliveredAt displayStatus }`;

test('orders of the last 60 days, newest first, in every financial and fulfillment state', async () => {
  const since = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
  const q = `query O($after: String, $query: String) { orders(first: 4, after: $after, query: $query, sortKey: CREATED_AT, reverse: true) { nodes { ${ORDER_FIELDS} } pageInfo { hasNextPage endCursor } } }`;
  const orders: any[] = [];
  let after: string | null = null;
  do {
    const { json } = await gql(q, { after, query: `created_at:>=${since}` });
    expect(json.errors).toBeUndefined();
    orders.push(...json.data.orders.nodes);
    after = json.data.orders.pageInfo.hasNextPage ? json.data.orders.pageInfo.endCursor : null;
  } while (after);
  expect(orders.length).toBeGreaterThan(30);
  const times = orders.map((o) => Date.parse(o.createdAt));
  expect(times).toEqual([...times].sort((a, b) => b - a));
  expect(Math.min(...times)).toBeGreaterThanOrEqual(Date.parse(since));
  expect(new Set(orders.map((o) => o.displayFinancialStatus))).toEqual(
    new Set(['PAID', 'PARTIALLY_PAID', 'PENDING', 'REFUNDED', 'PARTIALLY_REFUNDED', 'VOIDED', 'AUTHORIZED']),
  );
  expect(new Set(orders.map((o) => o.displayFulfillmentStatus))).toEqual(new Set(['FULFILLED', 'UNFULFILLED']));
  expect(orders.some((o) => o.fulfillments.some((f: { displayStatus: string }) => f.displayStatus === 'DELIVERED'))).toBe(true);
  // Without read_all_orders, older orders are out of reach, as on Shopify.
  const all = (await gql(`{ orders(first: 250) { nodes { createdAt } } }`)).json.data.orders.nodes;
  expect(all.length).toBe(orders.length);
  const paid = (await gql(q, { query: 'financial_status:paid AND fulfillment_status:unfulfilled' })).json.data.orders.nodes;
  expect(paid.every((o: any) => o.displayFinancialStatus === 'PAID' && o.displayFulfillmentStatus === 'UNFULFILLED')).toBe(true);
});

test('an order with its line items, their images and products', async () => {
  const placed = await postJson(`${t.em.url}/_emulator/orders`, { shop: DEMO_SHOP, country: 'DE', productHandles: ['ceramic-coffee-mug', 'linen-tote-bag'] });
  const { json } = await gql(`query O($id: ID!) { order(id: $id) { ${ORDER_FIELDS} } }`, { id: placed.json.order.admin_graphql_api_id });
  const order = json.data.order;
  expect(order).toMatchObject({ name: placed.json.order.name, displayFinancialStatus: 'PAID', shippingAddress: { countryCodeV2: 'DE' }, fulfillments: [] });
  expect(order.lineItems.nodes.map((li: { title: string }) => li.title)).toEqual(['Ceramic Coffee Mug', 'Linen Tote Bag']);
  expect(order.currentTotalPriceSet.shopMoney).toEqual({ amount: '42.0', currencyCode: 'USD' });
  const image = await fetch(order.lineItems.nodes[0].image.url);
  expect(image.headers.get('content-type')).toBe('image/png');
  expect(
    Buffer.from(await image.arrayBuffer())
      .subarray(1, 4)
      .toString(),
  ).toBe('PNG');
  expect((await gql(`{ order(id: "gid://shopify/Order/1") { id } }`)).json.data.order).toBeNull();
});

test('errors: HTTP 200 with locations and codes; cost on every answer; the max cost', async () => {
  const bad = await gql('{ shop { nope } }');
  expect(bad.status).toBe(200);
  expect(bad.json.errors[0]).toMatchObject({
    message: expect.stringContaining('nope'),
    locations: [{ line: 1, column: 10 }],
    extensions: { code: 'undefinedField' },
  });
  const syntax = await gql('{ shop {');
  expect(syntax.status).toBe(200);
  expect(syntax.json.errors[0].extensions.code).toBeDefined();
  expect(syntax.json.extensions.cost.throttleStatus.maximumAvailable).toBe(2000);
  expect(bad.json.extensions.cost.requestedQueryCost).toBe(0);
  const raw = await fetch(t.shopUrl('/admin/api/2025-10/graphql.json'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/graphql', 'X-Shopify-Access-Token': token },
    body: '{ shop { name } }',
  });
  expect(((await raw.json()) as any).data.shop.name).toBe('Plaudit Demo');
  const ok = await gql('{ shop { name } }');
  expect(ok.json.extensions.cost).toEqual({
    requestedQueryCost: 1,
    actualQueryCost: 1,
    throttleStatus: { maximumAvailable: 2000, currentlyAvailable: expect.any(Number), restoreRate: 100 },
  });
  const huge = await gql(`{ orders(first: 100) { nodes { lineItems(first: 100) { nodes { product { id } } } } } }`);
  expect(huge.json.errors[0].extensions.code).toBe('MAX_COST_EXCEEDED');
});

test('throttling on demand: THROTTLED in the body, or HTTP 429 with Retry-After', async () => {
  await postJson(`${t.em.url}/_emulator/shops/${DEMO_SHOP}/throttle`, { count: 2 });
  for (let i = 0; i < 2; i++) {
    const r = await gql('{ shop { name } }');
    expect(r.status).toBe(200);
    expect(r.json.errors[0]).toMatchObject({ message: 'Throttled', extensions: { code: 'THROTTLED' } });
    expect(r.json.extensions.cost.throttleStatus).toMatchObject({ maximumAvailable: 2000, restoreRate: 100 });
  }
  expect((await gql('{ shop { name } }')).json.data.shop.name).toBe('Plaudit Demo');
  await postJson(`${t.em.url}/_emulator/shops/${DEMO_SHOP}/throttle`, { count: 1, status: 429 });
  const r = await gql('{ shop { name } }');
  expect(r.status).toBe(429);
  expect(r.headers.get('retry-after')).toBeTruthy();
});

test('discountCodeBasicCreate creates a code and refuses a duplicate or a bad percentage', async () => {
  const m = `mutation D($d: DiscountCodeBasicInput!) { discountCodeBasicCreate(basicCodeDiscount: $d) {
    codeDiscountNode { id codeDiscount { ... on DiscountCodeBasic { title status codes(first: 1) { nodes { code } } customerGets { value { ... on DiscountPercentage { percentage } } } } } }
    userErrors { field message code } } }`;
  const customer = (await gql(`{ customers(first: 1) { nodes { id } } }`)).json.data.customers.nodes[0].id;
  const input = {
    title: 'Thanks for your review',
    code: 'THANKS-15',
    startsAt: new Date().toISOString(),
    context: { customers: { add: [customer] } },
    customerGets: { value: { percentage: 0.15 }, items: { all: true } },
    appliesOncePerCustomer: true,
    usageLimit: 1,
    combinesWith: { productDiscounts: false, orderDiscounts: false, shippingDiscounts: true },
  };
  const created = (await gql(m, { d: input })).json.data.discountCodeBasicCreate;
  expect(created.userErrors).toEqual([]);
  expect(created.codeDiscountNode.id).toMatch(/^gid:\/\/shopify\/DiscountCodeNode\/\d+$/);
  expect(created.codeDiscountNode.codeDiscount).toMatchObject({
    status: 'ACTIVE',
    codes: { nodes: [{ code: 'THANKS-15' }] },
    customerGets: { value: { percentage: 0.15 } },
  });
  const dup = (await gql(m, { d: input })).json.data.discountCodeBasicCreate;
  expect(dup.codeDiscountNode).toBeNull();
  expect(dup.userErrors).toEqual([{ field: ['basicCodeDiscount', 'code'], message: 'Code must be unique. Please try a different code.', code: 'TAKEN' }]);
  const pct = (await gql(m, { d: { ...input, code: 'OTHER', customerGets: { value: { percentage: 15 }, items: { all: true } } } })).json.data
    .discountCodeBasicCreate;
  expect(pct.userErrors[0]).toMatchObject({ field: ['basicCodeDiscount', 'customerGets', 'value', 'percentage'], code: 'VALUE_OUTSIDE_RANGE' });
});

test('a code used at checkout: only by its customer, once, counted in asyncUsageCount; discountCodeDelete removes it', async () => {
  const create = `mutation D($d: DiscountCodeBasicInput!) { discountCodeBasicCreate(basicCodeDiscount: $d) { codeDiscountNode { id } userErrors { field message } } }`;
  const usage = `query U($code: String!) { codeDiscountNodeByCode(code: $code) { id codeDiscount { ... on DiscountCodeBasic { asyncUsageCount } } } }`;
  const buyer = 'ines.garcia.checkout@example.com';
  await postJson(`${t.em.url}/_emulator/orders`, { shop: DEMO_SHOP, customerEmail: buyer, productHandles: ['linen-tote-bag'] });
  const customer = (await gql(`query C($q: String) { customers(first: 1, query: $q) { nodes { id } } }`, { q: `email:${buyer}` })).json.data.customers.nodes[0]
    .id;
  const input = {
    title: 'Review reward',
    code: 'REVIEW-CHECKOUT1',
    startsAt: new Date(Date.now() - 1000).toISOString(),
    endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    context: { customers: { add: [customer] } },
    customerGets: { value: { percentage: 0.15 }, items: { all: true } },
    appliesOncePerCustomer: true,
    usageLimit: 1,
  };
  const node = (await gql(create, { d: input })).json.data.discountCodeBasicCreate.codeDiscountNode.id;

  const other = await postJson(`${t.em.url}/_emulator/orders`, {
    shop: DEMO_SHOP,
    customerEmail: 'someone.else@example.com',
    discountCode: 'review-checkout1',
    productHandles: ['linen-tote-bag'],
  });
  expect([other.status, other.json.error ?? other.json.message]).toEqual([422, 'Discount code review-checkout1 is not valid for this customer']);
  const placed = await postJson(`${t.em.url}/_emulator/orders`, {
    shop: DEMO_SHOP,
    customerEmail: buyer,
    discountCode: 'REVIEW-CHECKOUT1',
    productHandles: ['linen-tote-bag'],
  });
  expect(placed.status).toBe(201);
  expect((await gql(usage, { code: 'REVIEW-CHECKOUT1' })).json.data.codeDiscountNodeByCode.codeDiscount.asyncUsageCount).toBe(1);
  const order = t.em.store.findOrder(placed.json.order.id)!.order;
  expect(order.discountCodes).toEqual([{ code: 'REVIEW-CHECKOUT1', amount: '3.60', type: 'percentage' }]);
  const again = await postJson(`${t.em.url}/_emulator/orders`, {
    shop: DEMO_SHOP,
    customerEmail: buyer,
    discountCode: 'REVIEW-CHECKOUT1',
    productHandles: ['linen-tote-bag'],
  });
  expect(again.status).toBe(422);

  const del = `mutation X($id: ID!) { discountCodeDelete(id: $id) { deletedCodeDiscountId userErrors { field message } } }`;
  expect((await gql(del, { id: node })).json.data.discountCodeDelete).toEqual({ deletedCodeDiscountId: node, userErrors: [] });
  expect((await gql(usage, { code: 'REVIEW-CHECKOUT1' })).json.data.codeDiscountNodeByCode).toBeNull();
  expect((await gql(del, { id: node })).json.data.discountCodeDelete.userErrors).toEqual([{ field: ['id'], message: 'Discount does not exist' }]);
});

test('metafieldsSet stores the rating metafields and refuses bad values; the product reads them back', async () => {
  const product = (await gql(PRODUCTS, { first: 1 })).json.data.products.nodes[0].id;
  const m = `mutation M($metafields: [MetafieldsSetInput!]!) { metafieldsSet(metafields: $metafields) { metafields { key namespace value } userErrors { field message code } } }`;
  const rating = {
    ownerId: product,
    namespace: 'reviews',
    key: 'rating',
    type: 'rating',
    value: JSON.stringify({ value: '4.50', scale_min: '1.0', scale_max: '5.0' }),
  };
  const count = { ownerId: product, namespace: 'reviews', key: 'rating_count', type: 'number_integer', value: '12' };
  const ok = (await gql(m, { metafields: [rating, count] })).json.data.metafieldsSet;
  expect(ok.userErrors).toEqual([]);
  expect(ok.metafields).toHaveLength(2);
  const read = (
    await gql(
      `query R($id: ID!) { product(id: $id) { rating: metafield(namespace: "reviews", key: "rating") { value type jsonValue } count: metafield(namespace: "reviews", key: "rating_count") { value type } } }`,
      { id: product },
    )
  ).json.data.product;
  expect(read.rating).toEqual({ value: rating.value, type: 'rating', jsonValue: { value: '4.50', scale_min: '1.0', scale_max: '5.0' } });
  expect(read.count).toEqual({ value: '12', type: 'number_integer' });

  const bad = (
    await gql(m, {
      metafields: [
        { ...rating, value: JSON.stringify({ value: '4.5' }) },
        { ...count, value: '4.5' },
      ],
    })
  ).json.data.metafieldsSet;
  expect(bad.metafields).toEqual([]);
  expect(bad.userErrors.map((e: { field: string[]; code: string }) => [e.field.join('.'), e.code])).toEqual([
    ['metafields.0.value', 'INVALID_VALUE'],
    ['metafields.1.value', 'INVALID_VALUE'],
  ]);
  expect(
    (await gql(`query R($id: ID!) { product(id: $id) { metafield(namespace: "reviews", key: "rating_count") { value } } }`, { id: product })).json.data.product
      .metafield.value,
  ).toBe('12');
});

test("a field outside the token's scopes is denied", async () => {
  const narrow = await postJson(t.shopUrl('/admin/oauth/access_token'), { client_id: 'x' });
  expect(narrow.status).toBe(400);
  const code = new URL(
    (
      await fetch(t.shopUrl('/admin/oauth/authorize'), {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams({ client_id: 'plaudit-emulator-key', scope: 'read_products', redirect_uri: `${t.app.url}/cb` }),
      })
    ).headers.get('location')!,
  ).searchParams.get('code');
  const token = (await postJson(t.shopUrl('/admin/oauth/access_token'), { client_id: 'plaudit-emulator-key', client_secret: 'plaudit-emulator-secret', code }))
    .json.access_token;
  const r = await gqlClient(t, token)('{ orders(first: 1) { nodes { id } } }');
  expect(r.json.errors[0]).toMatchObject({
    message: 'Access denied for orders field. Required access: `read_orders` access scope.',
    extensions: { code: 'ACCESS_DENIED' },
  });
});

test("the Shopify library's GraphQL client works against the emulator", async () => {
  const shopify = shopifyFor(t);
  const token = await offlineToken(t);
  const session = shopify.session.customAppSession(DEMO_SHOP);
  session.accessToken = token.access_token;
  const client = new shopify.clients.Graphql({ session });
  const res = await client.request<{ products: { nodes: { title: string }[] } }>(`query { products(first: 2, sortKey: TITLE) { nodes { title } } }`);
  expect(res.data?.products.nodes.map((p) => p.title)).toEqual(['Bamboo Cutting Board', 'Cedar Scented Candle']);
  expect(res.extensions?.cost).toBeDefined();
});

test('the control API adds a seeded shop the app can be installed on', async () => {
  const created = await postJson(`${t.em.url}/_emulator/shops`, { shop: 'second-store.myshopify.com', partnerDevelopment: true });
  expect(created.status).toBe(201);
  expect((await postJson(`${t.em.url}/_emulator/shops`, { shop: 'second-store.myshopify.com' })).status).toBe(409);
  const other = gqlClient(t, (await offlineToken(t, 'second-store.myshopify.com')).access_token, 'second-store.myshopify.com');
  const { json } = await other(`{ shop { myshopifyDomain plan { partnerDevelopment } } products(first: 50) { nodes { id } } }`);
  expect(json.data.shop).toEqual({ myshopifyDomain: 'second-store.myshopify.com', plan: { partnerDevelopment: true } });
  expect(json.data.products.nodes).toHaveLength(6);
  // Tenancy: a token of one shop opens nothing in another.
  expect((await gqlClient(t, (await offlineToken(t)).access_token, 'second-store.myshopify.com')('{ shop { name } }')).status).toBe(401);
});
