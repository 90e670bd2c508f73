// The old-orders card on /collect-reviews (count, Free limit, details dialog paged both ways, bulk
// send with visible progress) and the sending screen /collect-reviews/email-request (sending, then
// back to the review-request screen). Its own worker, wired to this test's store emulator.
import type { Browser } from 'playwright-core';
import { adminPage } from '../support/admin-session';
import { eventually } from '../support/api';
import { screenshot, useBrowser } from '../support/browser';
import { startPlatformStack } from '../support/platform';
import { startTestWorker } from '../support/worker';

// a journey of many page loads and a bulk send of workflows, on CI's loaded 2 cores
jest.setTimeout(180_000);

type Stack = Awaited<ReturnType<typeof startPlatformStack>> & { stopWorker?: () => Promise<void> };
let stack: Stack;
let browser: Browser;

useBrowser(
  async () => {
    const s: Stack = await startPlatformStack({ TEMPORAL_TASK_QUEUE: `old-orders-browser-${process.pid}` });
    s.stopWorker = await startTestWorker(s.api.config);
    const close = s.close;
    s.close = async () => {
      await s.stopWorker?.();
      await close();
    };
    return s;
  },
  (s, b) => {
    stack = s;
    browser = b;
  },
);

test('old-orders card: count, Free limit, paged details, and a bulk send with progress', async () => {
  // Enough orders in the last 60 days for two pages in the details dialog, placed before the install.
  const { domain, shop, appToken } = await stack.installShop({ ordersBeforeInstall: 5 });
  await stack.api.knex('shops').where({ id: shop.id }).update({ plan: 'free' });
  await stack.api.knex('settings').insert({
    shopId: shop.id,
    namespace: 'review-requests',
    value: JSON.stringify({ sendMethod: 'fulfillment', sendAfter: 'custom', sendAfterCustom: 7, timeUnit: 'day' }),
  });
  // An order the app heard of has its request already: the card neither counts nor lists it (issue 37).
  const { order: requested } = await stack.control('/orders', { shop: domain });
  await eventually(async () => !!(await stack.api.knex('email_queue').where({ shopId: shop.id, orderId: requested.id }).first()), 40_000);

  const { page, errors } = await adminPage(browser, stack.appUrl, appToken);
  await page.goto(`${stack.appUrl}/collect-reviews`);
  const card = page.getByRole('region', { name: 'Old orders' });
  await card.getByText(/orders from the last 60 days can still get a review request/).waitFor();
  const count = Number(/(\d+) orders from the last/.exec(await card.innerText())![1]);
  expect(count).toBeGreaterThan(10);
  await card.getByText('On the Free plan, requests go to up to 40 of them.').waitFor();

  await card.getByRole('button', { name: 'View details' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(`Orders of the last 60 days (${count})`).waitFor();
  await dialog.getByText(`Page 1 of ${Math.ceil(count / 10)}`).waitFor();
  expect(await dialog.getByRole('row').count()).toBe(11); // header + 10 orders
  for (const header of ['Order', 'Items', 'Customer', 'Payment status', 'Order total'])
    await dialog.getByRole('columnheader', { name: header, exact: true }).waitFor();
  const firstOrder = await dialog.getByRole('row').nth(1).getByRole('cell').first().innerText();
  // newest first, and the newest order already has its request
  expect(firstOrder).not.toBe(requested.name);
  await screenshot(page, 'old-orders-dialog');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByText(`Page 2 of ${Math.ceil(count / 10)}`).waitFor();
  await dialog.getByRole('row').nth(1).getByRole('cell').first().filter({ hasNotText: firstOrder }).waitFor();
  expect(await dialog.getByRole('cell', { name: requested.name, exact: true }).count()).toBe(0);
  await dialog.getByRole('button', { name: 'Previous' }).click();
  await dialog.getByText('Page 1 of').waitFor();
  await dialog.getByRole('row').nth(1).getByRole('cell', { name: firstOrder, exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The request settings screen shows the same card; the shop flag hides it.
  await page.goto(`${stack.appUrl}/collect-reviews/setting-request`);
  await page.getByRole('region', { name: 'Old orders' }).getByText(`${count} orders from the last 60 days`).waitFor();
  await stack.api.knex('shops').where({ id: shop.id }).update({ isShowCardOldOrder: false });
  await page.goto(`${stack.appUrl}/collect-reviews`);
  await page.getByRole('heading', { name: 'Request timing' }).waitFor();
  expect(await page.getByRole('region', { name: 'Old orders' }).count()).toBe(0);
  await stack.api.knex('shops').where({ id: shop.id }).update({ isShowCardOldOrder: true });

  await page.goto(`${stack.appUrl}/collect-reviews`);
  await card.getByRole('button', { name: 'Send requests for old orders' }).click();
  await card.getByText(`Review requests started for ${count} old orders.`).waitFor({ timeout: 60_000 });
  expect(await card.getByRole('button', { name: 'Send requests for old orders' }).isDisabled()).toBe(false);
  await screenshot(page, 'old-orders-card');
  // exactly one request per counted order, plus the one the webhook started (the orders placed
  // before the install were told to no app: the store had no app then, as in Shopify)
  await eventually(async () => (await stack.api.knex('email_queue').where({ shopId: shop.id })).length === count + 1, 90_000);

  // every order has its request now: nothing is left to offer (the card's count has come back as 0)
  const counted = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/old-orders');
  await page.goto(`${stack.appUrl}/collect-reviews`);
  expect((await (await counted).json()).count).toBe(0);
  await page.getByRole('heading', { name: 'Request timing' }).waitFor();
  expect(await page.getByRole('region', { name: 'Old orders' }).count()).toBe(0);
  expect(errors).toEqual([]);
});

test('sending screen: sends for the order in the query string, then returns to the review requests', async () => {
  const { domain, shop, appToken } = await stack.installShop();
  await stack.api.knex('settings').insert({
    shopId: shop.id,
    namespace: 'review-requests',
    value: JSON.stringify({ sendMethod: 'fulfillment', sendAfter: 'custom', sendAfterCustom: 7, timeUnit: 'day', reminders: 0 }),
  });
  const { order } = await stack.control('/orders', { shop: domain });
  const { page, errors } = await adminPage(browser, stack.appUrl, appToken);
  await page.goto(`${stack.appUrl}/collect-reviews/email-request?orderId=${order.id}`);
  await page.getByRole('heading', { level: 1, name: 'Send review request' }).waitFor();
  await page.getByText('Review requests sent: 1').waitFor({ timeout: 60_000 });
  await screenshot(page, 'email-request');
  await page.waitForURL((u) => u.pathname === '/collect-reviews/review-request', { timeout: 15_000 });
  await page.getByRole('cell', { name: order.name, exact: true }).waitFor({ timeout: 30_000 });
  const row = await eventually(async () => {
    const r = await stack.api.knex('email_queue').where({ shopId: shop.id, orderId: order.id }).first();
    return r?.status === 'success' ? r : undefined;
  }, 40_000);
  expect(row.name).toBe(order.name);
  expect(errors).toEqual([]);

  await page.goto(`${stack.appUrl}/collect-reviews/email-request`);
  await page.getByText('No order was given: open this page from an order in your store admin.').waitFor();
  await page.waitForURL((u) => u.pathname === '/collect-reviews/review-request', { timeout: 15_000 });
});

test('queue: the push status badge, and the row push action answered with a toast', async () => {
  const { domain, shop, appToken } = await stack.installShop();
  await stack.api.knex('settings').insert({
    shopId: shop.id,
    namespace: 'review-requests',
    value: JSON.stringify({
      sendMethod: 'fulfillment',
      sendAfter: 'custom',
      sendAfterCustom: 1,
      timeUnit: 'second',
      reminders: 1,
      reminderAfter: { amount: 1, unit: 'hour' },
    }),
  });
  await stack.api
    .knex('settings')
    .insert({ shopId: shop.id, namespace: 'review-requests.push', value: JSON.stringify({ integrated: true, reviewReminderStatus: true }) });
  const { order } = await stack.control('/orders', { shop: domain, fulfill: true });
  await eventually(
    async () => (await stack.api.knex('email_queue').where({ shopId: shop.id, orderId: order.id, queueType: 'push' }).first())?.status === 'waiting',
    45_000,
  );

  const { page, errors } = await adminPage(browser, stack.appUrl, appToken);
  await page.goto(`${stack.appUrl}/collect-reviews/review-request`);
  await page.getByText('Push scheduled').waitFor();
  await page.getByRole('button', { name: `Actions for ${order.name}` }).click();
  await page.getByRole('menuitem', { name: 'Push notification' }).click();
  await page.getByText('Send a push notification?').waitFor();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('Push notification sent').first().waitFor();
  await page.getByText('Push sent').waitFor();
  await screenshot(page, 'review-request-push');
  // Sent: the row no longer offers the push action.
  await page.getByRole('button', { name: `Actions for ${order.name}` }).click();
  await page.getByRole('menuitem', { name: 'Block customer', exact: true }).waitFor();
  expect(await page.getByRole('menuitem', { name: 'Push notification' }).count()).toBe(0);
  expect(errors).toEqual([]);
});
