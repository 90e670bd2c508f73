// Bulk skip and bulk resend through POST /email-queue/emails-bulk-action: section 4's preconditions
// enforced by the server for the whole selection, each row answered by its workflow's verdict; and
// the store admin links of POST /email-queue/email-admin-link. Real dev server, worker and emulator.
import { client, eventually, startPlatformStack, storeSettingsRaw } from '@plaudit/kernel/testing';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;

beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(() => stack?.close());

async function shopWith(settings: Record<string, unknown>) {
  const installed = await stack.installShop();
  await storeSettingsRaw(stack.api, installed.shop.id, 'review-requests', {
    sendMethod: 'fulfillment',
    sendAfter: 'custom',
    timeUnit: 'second',
    reminders: 0,
    ...settings,
  });
  return { ...installed, http: client(stack.appUrl, installed.appToken) };
}

const entry = (shopId: number, orderId: string) => stack.api.knex('email_queue').where({ shopId, orderId, queueType: 'email' }).first();
const inStatus = (shopId: number, orderId: string, status: string, ms = 40_000) =>
  eventually(async () => {
    const row = await entry(shopId, orderId);
    return row?.status === status ? row : undefined;
  }, ms);

test('bulk skip needs every row waiting; bulk resend needs every row cancelled or failed', async () => {
  const { domain, shop, http } = await shopWith({ sendAfterCustom: 3600 });
  const orders = [];
  for (let i = 0; i < 2; i++) orders.push((await stack.control('/orders', { shop: domain, fulfill: true })).order);
  const waiting = await Promise.all(orders.map((o) => inStatus(shop.id, o.id, 'waiting')));
  const ids = waiting.map((r) => r.id);

  // Resend of waiting rows contradicts section 4: refused as a whole, nothing changes.
  const early = await http.post('/api/email-queue/emails-bulk-action', { ids });
  expect(early.status).toBe(409);
  expect(early.body).toMatchObject({ code: 'WRONG_STATUS' });
  expect(early.body.message).toContain(orders[0].name);

  const skipped = await http.post('/api/email-queue/emails-bulk-action', { ids, action: 'skip' });
  expect(skipped.body).toMatchObject({ success: true, message: 'Skipped', data: { done: 2, refused: 0, sentRequestCount: 0 } });
  expect(skipped.body.data.results).toEqual(ids.map((id) => ({ id, ok: true, result: 'cancelled' })));
  await Promise.all(orders.map((o) => inStatus(shop.id, o.id, 'cancel')));
  expect((await http.post('/api/email-queue/emails-bulk-action', { ids, action: 'skip' })).status).toBe(409);

  const resent = await http.post('/api/email-queue/emails-bulk-action', { ids });
  expect(resent.body).toMatchObject({ success: true, message: 'Sent', data: { done: 2, refused: 0 } });
  expect(resent.body.data.results.map((r: { result: string }) => r.result)).toEqual(['sending', 'sending']);
  await Promise.all(orders.map((o) => inStatus(shop.id, o.id, 'success')));

  // A mixed selection (one sent) is refused for every action.
  expect((await http.post('/api/email-queue/emails-bulk-action', { ids, action: 'skip' })).status).toBe(409);
  expect((await http.post('/api/email-queue/emails-bulk-action', { ids })).status).toBe(409);
});

test('bulk resend of a failed request goes through its workflow; bad input and foreign ids are refused', async () => {
  const { domain, shop, http } = await shopWith({ sendAfterCustom: 1 });
  const { order } = await stack.control('/orders', { shop: domain, fulfill: true, customerEmail: 'nobody@reject.invalid' });
  const failed = await inStatus(shop.id, order.id, 'failed');
  // Fix the address the way a merchant would not, to see the resend really go out.
  await stack.api
    .knex('email_queue')
    .where({ id: failed.id })
    .update({ customerEmail: `fixed-${Date.now()}@example.com` });
  const resent = await http.post('/api/email-queue/emails-bulk-action', { ids: [failed.id] });
  expect(resent.body).toMatchObject({ success: true, data: { results: [{ id: failed.id, ok: true, result: 'sending' }] } });
  await inStatus(shop.id, order.id, 'success');

  expect((await http.post('/api/email-queue/emails-bulk-action', { ids: [] })).status).toBe(400);
  expect((await http.post('/api/email-queue/emails-bulk-action', { ids: [failed.id], action: 'delete' })).status).toBe(400);
  const other = await shopWith({});
  expect((await other.http.post('/api/email-queue/emails-bulk-action', { ids: [failed.id] })).status).toBe(404);
  expect((await other.http.post('/api/email-queue/email-admin-link', { id: failed.id })).status).toBe(404);
});

test('email-admin-link: the store admin pages of the order, the customer and the products', async () => {
  const { domain, shop, http } = await shopWith({ sendAfterCustom: 3600 });
  const { order } = await stack.control('/orders', { shop: domain, fulfill: true });
  const row = await inStatus(shop.id, order.id, 'waiting');
  const res = await http.post('/api/email-queue/email-admin-link', { id: row.id });
  const store = `https://admin.shopify.com/store/${domain.replace('.myshopify.com', '')}`;
  expect(res.body).toEqual({
    success: true,
    data: {
      id: row.id,
      orderUrl: `${store}/orders/${order.id}`,
      customerUrl: `${store}/customers/${row.shopifyCustomerId}`,
      products: row.lineItems.map((li: { productId: string; title: string }) => ({
        productId: li.productId,
        title: li.title,
        url: `${store}/products/${li.productId.split('/').pop()}`,
      })),
    },
  });
  expect(row.shopifyCustomerId).toBeTruthy();
  expect(res.body.data.products.length).toBeGreaterThan(0);
});
