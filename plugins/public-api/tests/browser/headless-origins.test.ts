// The headless storefronts card on /settings/managingKey in Chromium: an enterprise merchant adds a
// storefront origin, is asked before leaving with it unsaved, saves it (stored normalised), finds it
// after a reload, sees the API's refusal of bad origins under each one (nothing of them stored), a
// duplicate refused, and removes the origin again; below the third tier the card is read-only with
// the upgrade. Screenshots at 1280 and 390 px.
import type { Browser, Page } from 'playwright-core';
import { adminPage, client, createShop, eventually, screenshot, startTestApi, type TestApi, useBrowser } from '@plaudit/kernel/testing';

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

const card = (page: Page) => page.getByRole('region', { name: 'Headless storefronts' });
const origins = (page: Page) => card(page).getByRole('list', { name: 'Storefront origins' }).getByRole('listitem');

test('an origin is added, saved normalised, kept after a reload; bad origins are refused with the API message', async () => {
  const { token } = await createShop(api, { name: 'Hydrogen Shop', plan: 'enterprise', installedAt: new Date('2025-01-01') });
  const http = client(api.url, token);
  const { page, errors } = await adminPage(browser, api.url, token);
  await page.goto(`${api.url}/settings/managingKey`);
  const box = card(page);
  await box.getByText('No storefront origins yet.').waitFor();
  expect(await box.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

  await box.getByRole('textbox', { name: 'Storefront origin' }).fill('https://Shop.Example.com/');
  await box.getByRole('button', { name: 'Add origin' }).click();
  await origins(page).filter({ hasText: 'https://Shop.Example.com/' }).waitFor();
  expect(await box.getByRole('textbox', { name: 'Storefront origin' }).inputValue()).toBe('');

  // unsaved: leaving asks first, Cancel stays with the draft
  await page.getByRole('tab', { name: 'General' }).click();
  const leave = page.getByRole('dialog', { name: 'Discard all unsaved changes' });
  await leave.waitFor();
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await leave.waitFor({ state: 'detached' });
  expect(new URL(page.url()).pathname).toBe('/settings/managingKey');
  await screenshot(page, 'public-api-headless-1-added-desktop');

  await box.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Storefront origins saved').waitFor();
  await origins(page).filter({ hasText: 'https://shop.example.com' }).waitFor();
  expect((await http.get('/api/public-api/settings')).body).toEqual({ headlessOrigins: ['https://shop.example.com'] });

  await page.reload();
  await origins(page).filter({ hasText: 'https://shop.example.com' }).waitFor();
  expect(await origins(page).count()).toBe(1);
  expect(await box.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

  // the same origin again: refused before anything is sent
  await box.getByRole('textbox', { name: 'Storefront origin' }).fill('https://SHOP.example.com/');
  await box.getByRole('button', { name: 'Add origin' }).click();
  await box.getByText('This origin is already in the list').waitFor();

  // bad origins: the API refuses the save, each one shows its own field message
  for (const bad of ['http://shop.example.com', 'https://shop.example.com/reviews']) {
    await box.getByRole('textbox', { name: 'Storefront origin' }).fill(bad);
    await box.getByRole('button', { name: 'Add origin' }).click();
    await origins(page).filter({ hasText: bad }).waitFor();
  }
  await box.getByRole('button', { name: 'Save' }).click();
  await page.getByText('The storefront origins were not saved').waitFor();
  await origins(page).filter({ hasText: 'http://shop.example.com' }).getByText('The origin must use https (http only for localhost)').waitFor();
  await origins(page)
    .filter({ hasText: 'https://shop.example.com/reviews' })
    .getByText('An origin has no path, query or fragment: https://shop.example.com')
    .waitFor();
  expect(
    await origins(page)
      .filter({ hasText: /^https:\/\/shop\.example\.com$/ })
      .getByRole('alert')
      .count(),
  ).toBe(0);
  await screenshot(page, 'public-api-headless-2-refused-desktop');
  expect((await http.get('/api/public-api/settings')).body).toEqual({ headlessOrigins: ['https://shop.example.com'] });

  const phone = await adminPage(browser, api.url, token, { width: 390, height: 844 });
  await phone.page.goto(`${api.url}/settings/managingKey`);
  await origins(phone.page).filter({ hasText: 'https://shop.example.com' }).waitFor();
  await card(phone.page).getByRole('textbox', { name: 'Storefront origin' }).fill('shop.example.com');
  await card(phone.page).getByRole('button', { name: 'Add origin' }).click();
  await card(phone.page).getByRole('button', { name: 'Save' }).click();
  await origins(phone.page)
    .filter({ hasText: /^shop\.example\.com/ })
    .getByText('Enter an origin such as https://shop.example.com')
    .waitFor();
  await screenshot(phone.page, 'public-api-headless-3-refused-phone');
  const phoneBox = await card(phone.page).boundingBox();
  expect(phoneBox!.x + phoneBox!.width).toBeLessThanOrEqual(390);

  // the bad ones removed, nothing is left to save; then the saved one removed and saved
  await origins(page).filter({ hasText: 'http://shop.example.com' }).getByRole('button', { name: 'Remove http://shop.example.com' }).click();
  await origins(page).filter({ hasText: '/reviews' }).getByRole('button', { name: 'Remove https://shop.example.com/reviews' }).click();
  expect(await box.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
  await box.getByRole('button', { name: 'Remove https://shop.example.com' }).click();
  await box.getByText('No storefront origins yet.').waitFor();
  await box.getByRole('button', { name: 'Save' }).click();
  await eventually(async () => (await http.get('/api/public-api/settings')).body.headlessOrigins.length === 0);
  await box.getByText('No storefront origins yet.').waitFor();

  // the two refused saves are the only failed calls
  const refused = /status of 400 .*\/api\/public-api\/settings\)$/;
  expect(errors).toEqual([expect.stringMatching(refused)]);
  expect(phone.errors).toEqual([expect.stringMatching(refused)]);
});

test('below the third tier the origins are read-only and the card offers the upgrade', async () => {
  const { token } = await createShop(api, { name: 'Small Headless Shop', plan: 'advanced', installedAt: new Date('2025-01-01') });
  const { page, errors } = await adminPage(browser, api.url, token, { width: 390, height: 844 });
  await page.goto(`${api.url}/settings/managingKey`);
  const box = card(page);
  await box.getByText('Headless storefronts are part of the Enterprise plan.', { exact: false }).waitFor();
  expect(await box.getByRole('textbox', { name: 'Storefront origin' }).isDisabled()).toBe(true);
  expect(await box.getByRole('button', { name: 'Add origin' }).isDisabled()).toBe(true);
  expect(await box.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
  await screenshot(page, 'public-api-headless-4-upgrade-phone');
  await box.getByRole('link', { name: 'Upgrade' }).click();
  await page.waitForURL('**/subscription?tier=third');
  expect(errors).toEqual([]);
});
