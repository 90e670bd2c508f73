// The write page's order as review-requests announced it (RequestEligible, db/write-orders.ts):
// the durable handler records it (once, whatever the redeliveries), the page and its form read it
// instead of the store (the store here does not know the order at all), and it is forgotten with
// customers/redact and after any link's lifetime.
import { RequestEligible, type RequestEligiblePayload } from '@plaudit/contracts/review-requests';
import { ReviewWrite } from '@plaudit/contracts/reviews';
import { startPlatformStack } from '@plaudit/kernel/testing';
import { createEventHandlers, createPlatformHooks } from '../activities';
import { forgetOldWriteOrders, WRITE_ORDER_DAYS } from '../db/write-orders';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(() => stack?.close());

const PRODUCT = 'gid://shopify/Product/4242001';
const DAY_MS = 86_400_000;

/** A shop, and a write link for an order its store has never seen (only the event can explain it). */
async function unknownOrder(queueEntryId: number) {
  const { domain, shop } = await stack.installShop();
  const orderId = String(990_000_000_000 + queueEntryId);
  const link = stack.api.runtime.services.capabilities
    .require(ReviewWrite)
    .writeUrl({ shopDomain: domain, queueEntryId, orderId, productId: PRODUCT, expiresInDays: 1 });
  const eligible: RequestEligiblePayload = {
    shopId: shop.id,
    shopDomain: domain,
    requestId: queueEntryId,
    orderId,
    orderName: '#1042',
    customer: { email: 'Kim@Example.com', firstName: 'Kim', lastName: 'Park', locale: 'en' },
    products: [{ productId: PRODUCT, title: 'Recorded Lamp', imageUrl: null, reviewUrl: link, ratingUrls: { 1: link, 2: link, 3: link, 4: link, 5: link } }],
    sentBy: null,
    at: new Date().toISOString(),
  };
  return { shop, domain, orderId, eligible, url: stack.appUrl + new URL(link).pathname };
}

// the kernel services, as the worker has them
const deps = () => ({ ...stack.api.runtime.services, tenantFor: stack.api.runtime.services.tenant }) as never;
const deliver = (e: RequestEligiblePayload) => createEventHandlers(deps()).handle(RequestEligible, e);
const page = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, html: await res.text() };
};

function form(fields: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}

test('the announced order serves the write page and its review; the store is not asked', async () => {
  const { shop, orderId, eligible, url } = await unknownOrder(4201);
  expect((await page(url)).status).toBe(404);

  await deliver(eligible);
  await deliver(eligible); // a redelivery keeps the one row
  const shown = await page(url);
  expect(shown.status).toBe(200);
  expect(shown.html).toContain('Recorded Lamp');
  expect(shown.html).toContain('value="Kim"');

  const sent = await fetch(url, { method: 'POST', body: form({ rating: '5', content: 'Bright and warm.', firstName: 'Kim', lastName: 'Park' }) });
  expect(sent.status).toBe(200);
  const [review] = await stack.api.knex('reviews').where({ shopId: shop.id });
  expect(review).toMatchObject({ productId: PRODUCT, orderId, email: 'Kim@Example.com', source: 'customer', verified: true });
  expect(await stack.api.knex('review_write_orders').where({ shopId: shop.id })).toHaveLength(1);
});

test("customers/redact forgets the customer's orders; data_request lists them", async () => {
  const { shop, domain, eligible, url } = await unknownOrder(4202);
  await deliver(eligible);
  const hooks = createPlatformHooks(deps());
  const ref = { shopId: shop.id, shopDomain: domain, customer: { email: 'kim@example.com' } };
  expect((await hooks.exportCustomer!(ref)).writeOrders).toEqual([expect.objectContaining({ orderId: eligible.orderId, customer: eligible.customer })]);
  await hooks.redactCustomer!(ref);
  expect((await page(url)).status).toBe(404);
});

test('orders older than any write link are forgotten by the maintenance', async () => {
  const { shop, eligible, url } = await unknownOrder(4203);
  await deliver(eligible);
  // this shop's only: the other files' write pages run on the same database meanwhile
  const forget = (days: number) => forgetOldWriteOrders(stack.api.knex, { now: new Date(Date.now() + days * DAY_MS), shopIds: [shop.id] });
  await forget(WRITE_ORDER_DAYS - 1);
  expect((await page(url)).status).toBe(200);
  await forget(WRITE_ORDER_DAYS + 1);
  expect((await page(url)).status).toBe(404);
});
