// Over the monthly quota (Free: 50) a request is held in `pause`, visible in the queue and in the
// Temporal UI, never dropped; it goes out when the month turns in the shop's timezone, when the plan
// raises the quota (the kernel's ShopPlanChanged event), or when the merchant sends it anyway.
// Real workflow on the dev server; every wait is on the workflow's or the row's state.
import { client, eventually, startPlatformStack, storeSettingsRaw, updateShop, currentDetails } from '@plaudit/kernel/testing';
import { monthStartInZone } from '../shared/zoned-time';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(() => stack?.close());

const entry = (shopId: number, orderId: string) => stack.api.knex('email_queue').where({ shopId, orderId, queueType: 'email' }).first();

/** A Free shop that sent its 50 requests this month; requests go out a second after fulfillment. */
async function fullShop(settings: Record<string, unknown> = {}) {
  const installed = await stack.installShop();
  const { shop } = installed;
  await storeSettingsRaw(stack.api, shop.id, 'review-requests', {
    sendMethod: 'fulfillment',
    sendAfter: 'custom',
    sendAfterCustom: 1,
    timeUnit: 'second',
    reminders: 0,
    ...settings,
  });
  await updateShop(stack.api, shop.id, { plan: 'free', ianaTimezone: 'Pacific/Auckland' });
  const now = new Date();
  await stack.api
    .knex('email_queue')
    .insert(Array.from({ length: 50 }, (_, i) => ({ shopId: shop.id, orderId: `quota-${i}`, status: 'success', workflowId: `quota-${i}`, sentAt: now })));
  return installed;
}

/** An order that went over the quota: held, with its reason in the row, the search attribute and the details. */
async function heldOrder(domain: string, shopId: number) {
  const { order } = await stack.control('/orders', { shop: domain, fulfill: true });
  const held = await eventually(async () => ((await entry(shopId, order.id))?.status === 'pause' ? entry(shopId, order.id) : undefined), 40_000);
  expect(held.skipReason).toBe('quota_exceeded');
  const handle = stack.api.runtime.services.temporal.client.workflow.getHandle(`review-request:${domain}:${order.id}`);
  const details = await eventually(async () => {
    const d = await currentDetails(handle);
    return d?.includes('Held: the shop') ? d : undefined;
  });
  expect(details).toContain('monthly request quota');
  expect((await handle.describe()).searchAttributes.RequestStatus).toEqual(['pause']);
  return { order, held, handle };
}

test("the month boundary is the shop's own", () => {
  const instant = new Date('2026-11-30T12:00:00Z'); // already 1 December in Auckland (UTC+13)
  expect(monthStartInZone(instant, 'Pacific/Auckland').toISOString()).toBe('2026-11-30T11:00:00.000Z');
  expect(monthStartInZone(instant, 'Pacific/Auckland', 1).toISOString()).toBe('2026-12-31T11:00:00.000Z');
  expect(monthStartInZone(instant, 'UTC', 1).toISOString()).toBe('2026-12-01T00:00:00.000Z');
});

test('send anyway: the queue offers it for a held request and the request goes out past the quota', async () => {
  const { domain, shop, appToken } = await fullShop();
  const { order, held } = await heldOrder(domain, shop.id);
  const list = await client(stack.appUrl, appToken).get('/api/email-queue?statusFilter=pause');
  expect(list.body.data.map((r: { id: number }) => r.id)).toEqual([held.id]);
  const sent = await client(stack.appUrl, appToken).post('/api/email-queue/bulk-send-anyway', { ids: [held.id] });
  expect(sent.body).toMatchObject({ success: true, data: [{ id: held.id, result: 'sending' }] });
  const row = await eventually(async () => ((await entry(shop.id, order.id)).status === 'success' ? entry(shop.id, order.id) : undefined), 30_000);
  expect(row.sentAt).not.toBeNull();
});

test('a plan that raises the quota sends the held request (ShopPlanChanged)', async () => {
  const { domain, shop, appToken } = await fullShop();
  const { order } = await heldOrder(domain, shop.id);
  const changed = await client(stack.appUrl, appToken).put('/api/dev_zone?type=skip-update-state', { dataUpdate: { plan: 'pro' } });
  expect(changed.status).toBe(200);
  await eventually(async () => ((await entry(shop.id, order.id)).status === 'success' ? true : undefined), 40_000);
});

test("the month's turn sends the held request: its sends no longer count", async () => {
  // The hold looks again every 2 s here (by default only at the month's turn); the month turns by
  // moving this month's 50 sends into the last one, as the calendar would.
  const { domain, shop } = await fullShop({ quotaRecheck: { amount: 2, unit: 'second' } });
  const { order, handle } = await heldOrder(domain, shop.id);
  // still held after a recheck with the month unchanged
  await eventually(async () => {
    const history = await handle.fetchHistory();
    const holds = history.events!.filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'quotaHold');
    return holds.length >= 2 ? true : undefined;
  }, 20_000);
  expect((await entry(shop.id, order.id)).status).toBe('pause');
  const lastMonth = monthStartInZone(new Date(), 'Pacific/Auckland', -1);
  await stack.api.knex('email_queue').where({ shopId: shop.id }).whereLike('orderId', 'quota-%').update({ sentAt: lastMonth });
  await eventually(async () => ((await entry(shop.id, order.id)).status === 'success' ? true : undefined), 30_000);
});

test('the 51st request of a Free shop is held, then sent once the merchant upgrades through Shopify billing', async () => {
  const { domain, shop, appToken } = await fullShop();
  await updateShop(stack.api, shop.id, { installedAt: new Date('2025-01-01') });
  const { order } = await heldOrder(domain, shop.id);
  const http = client(stack.appUrl, appToken);
  expect((await http.get('/api/request-quota')).body.data).toEqual({ limit: 50, used: 50, left: 0 });
  // the billing plugin's calls: ask for Pro, approve on the (emulated) confirmation page, come back
  const { confirmationUrl } = (await http.get('/api/subscription/shopify/subscribe/pro')).body;
  const approved = await fetch(confirmationUrl, { method: 'POST', body: new URLSearchParams({ decision: 'approve' }), redirect: 'manual' });
  expect((await fetch(approved.headers.get('location')!, { redirect: 'manual' })).status).toBe(302);
  await eventually(async () => ((await entry(shop.id, order.id)).status === 'success' ? true : undefined), 40_000);
  expect((await http.get('/api/request-quota')).body.data).toEqual({ limit: 250, used: 51, left: 199 });
});
