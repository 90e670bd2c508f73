// /settings/managingKey in Chromium: an enterprise merchant creates a key with two scopes, copies it
// from the dialog that shows it once, finds only its start in the list afterwards (also after a
// reload), and revokes it; a failed create says 'Failed generate key'; below the tier the page
// offers the upgrade instead. Screenshots at 1280 and 390 px.
import type { Browser } from 'playwright-core';
import { adminPage, client, createShop, screenshot, startTestApi, type TestApi, useBrowser } from '@plaudit/kernel/testing';
import { MAX_ACTIVE_KEYS } from '../../api/key-routes';

jest.setTimeout(120_000);

let api: TestApi;
let browser: Browser;
useBrowser(
  () => startTestApi(),
  (s, b) => {
    api = s;
    browser = b;
  },
);

const enterprise = { plan: 'enterprise', installedAt: new Date('2025-01-01') };

test('a key is created with its scopes, shown once, listed by its start only, and revoked', async () => {
  const { token } = await createShop(api, { name: 'Key Shop', ...enterprise });
  const { page, errors } = await adminPage(browser, api.url, token);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: api.url });
  await page.goto(`${api.url}/settings/managingKey`);
  await page.getByRole('tab', { name: 'API keys', selected: true }).waitFor();
  await page.getByText('No API keys yet.').waitFor();
  await page.getByRole('link', { name: 'API documentation' }).waitFor();
  expect(await page.getByRole('link', { name: 'API documentation' }).getAttribute('href')).toBe('/api/public/v1/docs');

  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await dialog.getByText('This field is required').waitFor();
  await dialog.getByLabel('Name').fill('Warehouse sync');
  await dialog.getByRole('checkbox', { name: /Write reviews/ }).check();
  await screenshot(page, 'public-api-1-create-desktop');
  await dialog.getByRole('button', { name: 'Create key' }).click();

  await dialog.getByText('Your new key: Warehouse sync').waitFor();
  await dialog.getByText('It will not be shown again.', { exact: false }).waitFor();
  const key = await dialog.getByTestId('new-key').inputValue();
  expect(key).toMatch(/^pk_live_[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('button', { name: 'Copy key' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await screenshot(page, 'public-api-2-shown-once-desktop');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'detached' });

  const card = page.getByRole('listitem').filter({ hasText: 'Warehouse sync' });
  await card.getByText(`${key.slice(0, 12)}…`).waitFor();
  await card.getByText('Active').waitFor();
  await card.getByText('Read reviews').waitFor();
  await card.getByText('Write reviews').waitFor();
  await card.getByText('Never used').waitFor();
  expect(await page.content()).not.toContain(key.slice(12));
  await page.reload();
  await card.getByText(`${key.slice(0, 12)}…`).waitFor();
  expect(await page.content()).not.toContain(key.slice(12));
  await screenshot(page, 'public-api-3-list-desktop');

  const phone = await adminPage(browser, api.url, token, { width: 390, height: 844 });
  await phone.page.goto(`${api.url}/settings/managingKey`);
  await phone.page.getByRole('listitem').filter({ hasText: 'Warehouse sync' }).getByText('Active').waitFor();
  await screenshot(phone.page, 'public-api-4-list-phone');

  await card.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByText('Revoke the key “Warehouse sync”?').waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await page.getByText('Key revoked').waitFor();
  await card.getByText('Revoked', { exact: true }).waitFor();
  expect(await card.getByRole('button', { name: 'Revoke' }).count()).toBe(0);
  const listed = (await client(api.url, token).get('/api/api-keys')).body.items;
  expect(listed).toEqual([expect.objectContaining({ name: 'Warehouse sync', status: 'revoked' })]);
  expect(errors).toEqual([]);
  expect(phone.errors).toEqual([]);
});

test("a create the API refuses says 'Failed generate key' and keeps the dialog open", async () => {
  const { token } = await createShop(api, { name: 'Full Shop', ...enterprise });
  const http = client(api.url, token);
  // the shop already holds as many active keys as it may: the next create is refused (409)
  for (let i = 0; i < MAX_ACTIVE_KEYS; i++) expect((await http.post('/api/api-keys', { name: `Key ${i}`, scopes: ['reviews:read'] })).status).toBe(201);
  const { page } = await adminPage(browser, api.url, token);
  await page.goto(`${api.url}/settings/managingKey`);
  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('One too many');
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await dialog.getByText('Failed generate key', { exact: true }).waitFor();
  expect(await dialog.getByLabel('Name').inputValue()).toBe('One too many');
});

test('below the third tier the page offers the upgrade instead of making keys', async () => {
  const { token } = await createShop(api, { name: 'Small Shop', plan: 'advanced', installedAt: new Date('2025-01-01') });
  const { page, errors } = await adminPage(browser, api.url, token, { width: 390, height: 844 });
  await page.goto(`${api.url}/settings/managingKey`);
  await page.getByText('The public API and webhooks are part of the Enterprise plan.', { exact: false }).waitFor();
  expect(await page.getByRole('button', { name: 'Create key' }).isDisabled()).toBe(true);
  await screenshot(page, 'public-api-5-upgrade-phone');
  // the keys' notice (the headless storefronts card has its own: headless-origins.test.ts)
  await page.getByRole('alert').filter({ hasText: 'The public API and webhooks' }).getByRole('link', { name: 'Upgrade' }).click();
  await page.waitForURL('**/subscription?tier=third');
  expect(errors).toEqual([]);
});
