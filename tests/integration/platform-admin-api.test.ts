// The Admin GraphQL calls the features need, through the adapter, against the store emulator.
import { startPlatformStack } from '../support/platform';
import { PlatformUserError } from '../../api/platform/admin-api';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
let api: ReturnType<NonNullable<Stack['api']['runtime']['services']['platform']>['adminApi']>;
let domain: string;

beforeAll(async () => {
  stack = await startPlatformStack();
  ({ domain } = await stack.installShop());
  api = stack.api.runtime.services.platform!.adminApi(domain);
});
afterAll(() => stack?.close());

test('shop info: timezone, locales, plan', async () => {
  const { shop, shopLocales } = await api.shopInfo();
  expect(shop.myshopifyDomain).toBe(domain);
  expect(shop.ianaTimezone).toMatch(/\//);
  expect(shopLocales.some((l) => l.primary)).toBe(true);
  expect(shop.plan.partnerDevelopment).toBe(false);
});

test('orders of the last 60 days page by cursor, newest first; one order has line-item images', async () => {
  const since = new Date(Date.now() - 60 * 24 * 3600 * 1000);
  const first = await api.ordersSince(since, { first: 5 });
  expect(first.nodes.length).toBeGreaterThan(0);
  for (const o of first.nodes) expect(new Date(o.createdAt).getTime()).toBeGreaterThanOrEqual(since.getTime() - 24 * 3600 * 1000);
  const dates = first.nodes.map((o) => o.createdAt);
  expect([...dates].sort().reverse()).toEqual(dates);
  if (first.pageInfo.hasNextPage) {
    const next = await api.ordersSince(since, { first: 5, after: first.pageInfo.endCursor! });
    expect(next.nodes[0].id).not.toBe(first.nodes[0].id);
  }
  const order = await api.order(first.nodes[0].id);
  expect(order!.lineItems.nodes[0].image!.url).toMatch(/^http/);
  expect(order!.id).toMatch(/^gid:\/\/shopify\/Order\/\d{16,}$/);
});

test('discount codes: created once, a duplicate code is a user error', async () => {
  const input = {
    title: 'Thanks for your review',
    code: `THANKS-${Date.now()}`,
    startsAt: new Date().toISOString(),
    customerGets: { value: { percentage: 0.15 }, items: { all: true } },
    context: { all: 'ALL' },
    appliesOncePerCustomer: true,
    usageLimit: 1,
  };
  const created = await api.createDiscountCode(input).catch((e) => e);
  if (created instanceof PlatformUserError) throw new Error(`userErrors: ${created.message}`);
  expect(created.id).toMatch(/^gid:\/\/shopify\/DiscountCodeNode\//);
  await expect(api.createDiscountCode(input)).rejects.toBeInstanceOf(PlatformUserError);
});

test('subscriptions: create returns a confirmation URL; cancel ends it', async () => {
  const created = await api.createSubscription({
    name: 'Pro',
    returnUrl: `${stack.appUrl}/subscription?success=true`,
    test: true,
    trialDays: 7,
    lineItems: [{ plan: { appRecurringPricingDetails: { interval: 'EVERY_30_DAYS', price: { amount: 19.9, currencyCode: 'USD' } } } }],
  });
  expect(created.appSubscription.status).toBe('PENDING');
  expect(created.confirmationUrl).toContain(`https://${domain}/admin/charges/`);
  const confirm = await fetch(`${stack.emulator.url}/shops/${domain}${new URL(created.confirmationUrl).pathname}`, {
    method: 'POST',
    body: new URLSearchParams({ decision: 'approve' }),
    redirect: 'manual',
  });
  expect([302, 303]).toContain(confirm.status);
  const active = await api.activeSubscriptions();
  expect(active.map((s) => s.id)).toContain(created.appSubscription.id);
  const cancelled = await api.cancelSubscription(created.appSubscription.id);
  expect(cancelled.status).toBe('CANCELLED');
});

test('product rating metafields are set for themes and Google', async () => {
  const { nodes: products } = await api.products({ first: 1 });
  await api.setProductRating(products[0].id, 4.25, 12);
  const read = await api.graphql<{ product: { rating: { value: string; type: string }; count: { value: string } } }>(
    `query($id: ID!) { product(id: $id) { rating: metafield(namespace: "reviews", key: "rating") { value type } count: metafield(namespace: "reviews", key: "rating_count") { value } } }`,
    { id: products[0].id },
  );
  expect(read.product.rating.type).toBe('rating');
  expect(JSON.parse(read.product.rating.value)).toEqual({ value: '4.25', scale_min: '1.0', scale_max: '5.0' });
  expect(read.product.count.value).toBe('12');
});
