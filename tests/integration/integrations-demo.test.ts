// Issue 15's "done when" on the credentials `npm start` gives every vendor (the integrations emulator
// with `demo: true`): a merchant connects Klaviyo, Omnisend, Smile.io and OneSignal with the demo
// credentials of emulator/integrations/README.md and turns Flow on; a customer writes a review; the
// emulator then holds exactly one Klaviyo 'Plaudit Review Submitted' event and one Smile.io activity.
// And an order's request email makes Klaviyo receive the 'request eligible' event whose one-click
// rating links open the review form with those stars chosen.
import {
  client,
  DEMO_CREDENTIALS,
  eventually,
  startIntegrationsEmulator,
  startPlatformStack,
  startTestWorker,
  storeSettingsRaw,
  updateShop,
} from '../support/kernel-testing';

jest.setTimeout(120_000);

let demo: Awaited<ReturnType<typeof startIntegrationsEmulator>>;
let stack: Awaited<ReturnType<typeof startPlatformStack>>;
let stopWorker: () => Promise<void>;
beforeAll(async () => {
  demo = await startIntegrationsEmulator({ port: 0, demo: true });
  stack = await startPlatformStack({ INTEGRATIONS_BASE_URL: demo.url, TEMPORAL_TASK_QUEUE: `integrations-demo-${process.pid}` });
  stopWorker = await startTestWorker(stack.api.config);
}, 90_000);
afterAll(async () => {
  await stopWorker?.();
  await stack?.close();
  await demo?.stop();
});

test('the demo credentials connect every integration; a review reaches Klaviyo and Smile.io once each', async () => {
  const { domain, appToken } = await stack.installShop();
  const http = client(stack.appUrl, appToken);
  for (const [app, credentials] of Object.entries({ ...DEMO_CREDENTIALS, flow: {} })) {
    const res = await http.put(`/api/integrations/${app}`, credentials);
    expect([app, res.status, res.body.data?.status]).toEqual([app, 200, 'connected']);
  }

  const product = stack.emulator.store.shop(domain)!.products[0];
  const email = `demo-${Date.now()}@example.com`;
  const form = new FormData();
  for (const [k, v] of Object.entries({
    productId: `gid://shopify/Product/${product.id}`,
    rating: '5',
    content: 'Lovely mug, holds a big coffee.',
    firstName: 'Dana',
    email,
  }))
    form.set(k, v);
  const res = await fetch(`${stack.appUrl}/storefront/reviews?shop=${domain}`, { method: 'POST', body: form });
  expect(res.status).toBe(201);

  const submitted = () =>
    (demo.control('klaviyo', 'events') as { metric: string; email: string | null }[]).filter(
      (e) => e.email === email && e.metric === 'Plaudit Review Submitted',
    );
  // the one customer Smile knows by this email, and the activities it earned
  const customerId = () => (demo.control('smile', 'customers') as Record<string, { id: number }>)[email]?.id;
  const earned = () =>
    (demo.control('smile', 'activities') as { customer_id: number; distinct_id: string | null }[]).filter(
      (a) => a.customer_id === customerId() && a.distinct_id?.startsWith('plaudit-review-'),
    );
  await eventually(async () => submitted().length === 1 && earned().length === 1, 60_000);
  expect(submitted()).toHaveLength(1);
  expect(earned()).toHaveLength(1);
});

test('a fulfilled order\'s request reaches Klaviyo as "request eligible" with one-click rating links that open the form with the stars chosen', async () => {
  const { domain, appToken, shop } = await stack.installShop();
  await updateShop(stack.api, shop.id, { plan: 'enterprise' });
  await storeSettingsRaw(stack.api, shop.id, 'review-requests', {
    sendMethod: 'fulfillment',
    sendAfter: 'custom',
    sendAfterCustom: 1,
    timeUnit: 'second',
    reminders: 0,
    reminderAfter: { amount: 3, unit: 'second' },
  });
  expect((await client(stack.appUrl, appToken).put('/api/integrations/klaviyo', DEMO_CREDENTIALS.klaviyo)).status).toBe(200);

  const { order } = await stack.control('/orders', { shop: domain, fulfill: true, country: 'US' });
  type Eligible = { metric: string; properties: { order_id: string; products: Record<string, string>[] } };
  const [event, ...more] = await eventually(async () => {
    const found = (demo.control('klaviyo', 'events') as Eligible[]).filter(
      (e) => e.metric === 'Plaudit Review Request Eligible' && e.properties.order_id === String(order.id),
    );
    return found.length ? found : undefined;
  }, 60_000);
  expect(more).toEqual([]);
  const [first] = event.properties.products;
  expect(Object.keys(first)).toEqual(expect.arrayContaining(['review_url', 'rating_url_1', 'rating_url_5']));
  // the link's path and query on this test's API (the shop's public domain is the emulator's)
  const local = (url: string) => stack.appUrl + new URL(url).pathname + new URL(url).search;
  const page = await (await fetch(local(first.rating_url_4))).text();
  expect([...page.matchAll(/name="rating" id="r(\d)" value="\d" checked/g)].map((m) => m[1])).toEqual(['4']);
});
