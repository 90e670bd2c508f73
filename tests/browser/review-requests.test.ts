// The review-request screen keeps its view in the URL (filters -> URL -> reload keeps the view);
// row actions answer with toasts; the request-settings screen shows section 5's messages.
import { adminPage } from '../support/admin-session';
import { eventually } from '../support/api';
import { screenshot } from '../support/browser';
import { usePlatformBrowser } from '../support/platform-browser';

// Webhooks, workflows and the browser share two cores with the rest of the suite: allow headroom.
jest.setTimeout(120_000);

const env = usePlatformBrowser();

test('queue: tabs and search live in the URL, survive a reload, and a cancel reloads the list', async () => {
  const { domain, shop, appToken } = await env.stack.installShop();
  await env.stack.api.knex('settings').insert({
    shopId: shop.id,
    namespace: 'review-requests',
    value: JSON.stringify({ sendMethod: 'fulfillment', sendAfter: 'custom', sendAfterCustom: 2, timeUnit: 'day' }),
  });
  const orders: { id: string; name: string }[] = [];
  for (let i = 0; i < 2; i++) orders.push((await env.stack.control('/orders', { shop: domain, fulfill: true })).order);
  await eventually(async () => (await env.stack.api.knex('email_queue').where({ shopId: shop.id, status: 'waiting' })).length === 2, 45_000);

  const { page, errors } = await adminPage(env.browser, env.stack.appUrl, appToken);
  await page.goto(`${env.stack.appUrl}/collect-reviews/review-request`);
  await page.getByRole('tab', { name: 'Scheduled' }).click();
  await page.waitForURL((u) => u.searchParams.get('statusFilter') === 'scheduled');
  await page.getByLabel('Search orders or customers').fill(orders[0].name);
  await page.getByLabel('Search orders or customers').press('Enter');
  await page.waitForURL((u) => u.searchParams.get('statusFilter') === 'scheduled' && u.searchParams.get('searchText') === orders[0].name, {
    waitUntil: 'commit',
  });
  await page.getByRole('cell', { name: orders[0].name, exact: true }).waitFor();
  await page.getByRole('cell', { name: orders[1].name, exact: true }).waitFor({ state: 'detached' });

  await page.reload();
  await page.getByRole('cell', { name: orders[0].name, exact: true }).waitFor();
  expect(await page.getByRole('tab', { name: 'Scheduled', selected: true }).count()).toBe(1);
  expect(await page.getByLabel('Search orders or customers').inputValue()).toBe(orders[0].name);
  await screenshot(page, 'review-request-queue');

  await page.getByRole('button', { name: `Actions for ${orders[0].name}` }).click();
  await page.getByRole('menuitem', { name: 'Cancel request' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('Request cancelled').waitFor();
  await eventually(async () => (await env.stack.api.knex('email_queue').where({ shopId: shop.id, orderId: orders[0].id }).first()).status === 'cancel', 45_000);
  expect(errors).toEqual([]);
});

test('request settings: the bounds and messages of spec section 5, save only on change', async () => {
  const { appToken } = await env.stack.installShop();
  const { page } = await adminPage(env.browser, env.stack.appUrl, appToken);
  await page.goto(`${env.stack.appUrl}/collect-reviews/setting-request`);
  const save = page.getByRole('button', { name: 'Save' });
  await save.waitFor();
  expect(await save.isDisabled()).toBe(true);
  const custom = async () => {
    // the delay is a preset (1 week) until Custom is chosen (spec section 9)
    await page.getByRole('combobox', { name: 'Delay' }).click();
    await page.getByRole('option', { name: 'Custom' }).click();
  };
  await custom();
  await page.getByLabel('Number').first().fill('400');
  await page.getByText('Number needs to be between equal 1 and 365').waitFor();
  expect(await save.isDisabled()).toBe(true);
  await page.getByLabel('Number').first().fill('');
  expect(await page.getByLabel('Number').first().inputValue()).toBe('1');

  await page.getByLabel('Different timing per country').check();
  await page.getByText('This field is required').waitFor();
  await screenshot(page, 'request-settings');
  await page.getByRole('button', { name: 'Discard' }).click();
  expect(await save.isDisabled()).toBe(true);

  // leaving with unsaved changes (spec section 2): the prompt; Cancel stays, Leave page goes
  await custom();
  await page.getByLabel('Number').first().fill('9');
  await page.getByRole('menuitem', { name: 'Manage reviews' }).click();
  const dialog = page.getByRole('dialog', { name: 'Discard all unsaved changes' });
  await dialog.waitFor();
  await screenshot(page, 'request-settings-leave-prompt');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(new URL(page.url()).pathname).toBe('/collect-reviews/setting-request');
  expect(await page.getByLabel('Number').first().inputValue()).toBe('9');
  await page.getByRole('menuitem', { name: 'Manage reviews' }).click();
  await dialog.getByRole('button', { name: 'Leave page' }).click();
  await page.waitForURL('**/reviews/list');
});
