// The queue screen's row actions against the real workflow (issue 22): "View email" never counts
// as the customer's open, and cancel / send anyway answer with the row as the workflow recorded it.
import { client, eventually, startPlatformStack, storeSettingsRaw } from '@plaudit/kernel/testing';
import { withProductDetails } from '../activities/product-details';
import { statusQuery } from '../workflows/messages';
import { decodedMail, sinkMail } from './mail-helpers';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;

beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(() => stack?.close());

async function shopWithSettings(settings: Record<string, unknown>) {
  const installed = await stack.installShop();
  // One reminder an hour later keeps the request's workflow running, so an open would be recorded.
  await storeSettingsRaw(stack.api, installed.shop.id, 'review-requests', {
    sendMethod: 'fulfillment',
    sendAfter: 'custom',
    timeUnit: 'second',
    reminders: 1,
    reminderAfter: { amount: 1, unit: 'hour' },
    ...settings,
  });
  return installed;
}

const entry = (shopId: number, orderId: string) => stack.api.knex('email_queue').where({ shopId, orderId, queueType: 'email' }).first();
/** The app's own links point at the shared test worker's APP_URL: keep their paths, use this test's API. */
const asBrowser = (url: string) => (/^https?:\/\/[^/]+\/r\//.test(url) ? stack.appUrl + url.replace(/^https?:\/\/[^/]+/, '') : url);

test('View email shows the request without its open pixel: fetching everything the preview loads leaves the request unopened', async () => {
  const { domain, shop, appToken } = await shopWithSettings({ sendAfterCustom: 1 });
  const http = client(stack.appUrl, appToken);
  const { order } = await stack.control('/orders', { shop: domain, fulfill: true });
  const sent = await eventually(async () => ((await entry(shop.id, order.id))?.status === 'success' ? entry(shop.id, order.id) : undefined), 40_000);
  // What was mailed carries the pixel; the preview must not.
  expect(sent.htmlContent).toMatch(/\/r\/open\/[^"]+\.gif/);

  const preview = await http.get(`/api/email-queue/${sent.id}`);
  expect(preview.status).toBe(200);
  expect(preview.body).toMatchObject({ id: sent.id, status: 'success', subject: sent.subject });
  const html: string = preview.body.htmlContent;
  expect(html).toContain(order.name);
  expect(html).not.toMatch(/\/r\/open\//);
  expect(html).not.toMatch(/\/r\/unsubscribe\//);
  // tracked links point at their targets: a merchant's click is not the customer's
  expect(sent.htmlContent).toMatch(/\/r\/click\//);
  expect(html).not.toMatch(/\/r\/click\//);
  // Like the browser showing it: every image the preview names is fetched.
  const imagesOf = (h: string) => [...h.matchAll(/<img\b[^>]*\bsrc=["']([^"']+)["']/gi)].map((m) => m[1]);
  const images = imagesOf(html);
  // the mailed images, less the pixel alone
  expect(imagesOf(sent.htmlContent).filter((src) => !src.includes('/r/open/'))).toEqual(images);
  expect(imagesOf(sent.htmlContent)).toHaveLength(images.length + 1);
  await Promise.all(
    images.map((src) =>
      fetch(asBrowser(src))
        .then((r) => r.arrayBuffer())
        .catch(() => undefined),
    ),
  );

  // Signals reach the history before the pixel's answer: after those fetches, the workflow's history
  // and its own state say whether anything counted as an open.
  const handle = stack.api.runtime.services.temporal.client.workflow.getHandle(sent.workflowId);
  const signals = (await handle.fetchHistory()).events!.map((e) => e.workflowExecutionSignaledEventAttributes?.signalName).filter(Boolean);
  expect(signals).not.toContain('opened');
  expect(await handle.query(statusQuery)).toBe('success');
  expect(await entry(shop.id, order.id)).toMatchObject({ status: 'success', openedAt: null });
  expect((await http.get(`/api/email-queue?statusList=opened`)).body.pagination.total).toBe(0);

  // The customer's own open still counts: the mailed pixel is live.
  const [mail] = sinkMail(domain);
  const pixel = /https?:\/\/[^"\s]+\/r\/open\/[^"\s]+\.gif/.exec(decodedMail(mail))![0];
  expect((await fetch(asBrowser(pixel))).headers.get('content-type')).toBe('image/gif');
  await eventually(async () => ((await entry(shop.id, order.id)).status === 'opened' ? true : undefined));
  expect((await http.get(`/api/email-queue?statusList=opened`)).body.pagination.total).toBe(1);
});

test('cancel and send anyway answer with the row as recorded, so the reloaded list shows the new status', async () => {
  const { domain, shop, appToken } = await shopWithSettings({ sendAfterCustom: 3600 });
  const http = client(stack.appUrl, appToken);
  const { order } = await stack.control('/orders', { shop: domain, fulfill: true });
  const waiting = await eventually(async () => ((await entry(shop.id, order.id))?.status === 'waiting' ? entry(shop.id, order.id) : undefined), 30_000);

  const cancelled = await http.put(`/api/email-queue/${waiting.id}/cancel`);
  expect(cancelled.status).toBe(200);
  expect(cancelled.body).toMatchObject({ success: true, message: 'Request cancelled', data: { id: waiting.id, status: 'cancel', isBlockCustomer: false } });
  // At once, with no waiting: the list already has it.
  expect((await http.get('/api/email-queue?statusList=cancel')).body.data.map((r: { id: number }) => r.id)).toEqual([waiting.id]);
  // A second cancel is the workflow's refusal, not a server error.
  expect((await http.put(`/api/email-queue/${waiting.id}/cancel`)).status).toBe(409);

  const sent = await http.post('/api/email-queue/bulk-send-anyway', { ids: [waiting.id] });
  expect(sent.status).toBe(200);
  expect(sent.body).toMatchObject({
    success: true,
    message: 'Sent',
    data: [{ id: waiting.id, result: 'sending', status: 'success', row: { id: waiting.id, status: 'success', name: order.name } }],
  });
  expect((await http.get('/api/email-queue?statusList=success')).body.data.map((r: { id: number }) => r.id)).toEqual([waiting.id]);
});

test("a request's products get their storefront handle and image from the store's catalogue", async () => {
  const { domain, shop } = await shopWithSettings({ sendAfterCustom: 3600 });
  const { order } = await stack.control('/orders', { shop: domain, fulfill: true });
  const row = await eventually(async () => entry(shop.id, order.id));
  const items = row.lineItems.filter((li: { productId: string | null }) => li.productId);
  expect(items.length).toBeGreaterThan(0);
  const completed = await withProductDetails(stack.api.runtime.services, domain, row.lineItems);
  const { nodes } = await stack.api.runtime.services.platform!.adminApi(domain).products({ first: 50 });
  for (const li of completed.filter((i) => i.productId)) {
    const product = nodes.find((p) => p.id === li.productId)!;
    expect(li).toMatchObject({ handle: product.handle, productImage: product.featuredMedia?.preview?.image?.url ?? null });
  }
  // Without the platform the items stay as they were.
  expect(await withProductDetails({ log: stack.api.runtime.services.log }, domain, row.lineItems)).toEqual(row.lineItems);
});
