// The admin host in a real browser: sign-in, the plugin-composed menu, plugin routes under both
// prefixes, not-found with Back to Home, and the log-out confirmation.
import type { Browser, Page } from 'playwright-core';
import { client, createShop, startTestApi, type TestApi } from '../support/api';
import { collectPageErrors, launchBrowser, screenshot } from '../support/browser';

let api: TestApi;
let browser: Browser;
let shop: Awaited<ReturnType<typeof createShop>>;

beforeAll(async () => {
  api = await startTestApi();
  browser = await launchBrowser();
  shop = await createShop(api, { name: 'Browser Test Shop' });
  await client(api.url, shop.token).post('/api/fixture-notes', { text: 'a note from the fixture plugin' });
});
afterAll(async () => {
  await browser?.close();
  await api?.close();
});

async function signedInPage(): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${api.url}/auth/login`);
  await page.getByLabel('API token').fill(shop.token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Welcome, Browser Test Shop').waitFor();
  return { page, errors };
}

test('an unauthenticated visit goes to /auth/login, and a token signs in to the dashboard', async () => {
  const page = await browser.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${api.url}/fixture-notes`);
  await page.waitForURL('**/auth/login');
  await page.getByLabel('API token').fill('not-a-token');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('That token was not accepted').waitFor();
  await screenshot(page, 'login');
  await page.getByLabel('API token').fill(shop.token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Welcome, Browser Test Shop').waitFor();
  await screenshot(page, 'dashboard');
  await page.close();
  // The rejected token's 401 is the only error the console may show.
  expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
});

test('the fixture plugin contributes a menu entry and a lazily loaded page, under / and /embed', async () => {
  const { page, errors } = await signedInPage();
  const entry = page.getByRole('menuitem', { name: 'Fixture notes' });
  await entry.click();
  await page.waitForURL('**/fixture-notes');
  await page.getByText('a note from the fixture plugin').waitFor();
  await page.goto(`${api.url}/embed/fixture-notes`);
  await page.getByText('a note from the fixture plugin').waitFor();
  await expect(page.getByRole('menuitem', { name: 'Fixture notes' }).getAttribute('href')).resolves.toBe('/embed/fixture-notes');
  await screenshot(page, 'fixture-plugin-embedded');
  expect(errors).toEqual([]);
});

test('an unknown path shows not-found with Back to Home, under both prefixes', async () => {
  const { page, errors } = await signedInPage();
  for (const prefix of ['', '/embed']) {
    await page.goto(`${api.url}${prefix}/no-such-page`);
    await page.getByText('Page not found').waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.getByText('Welcome, Browser Test Shop').waitFor();
    expect(new URL(page.url()).pathname).toBe(prefix || '/');
  }
  expect(errors).toEqual([]);
});

test('log-out asks first and then returns to sign-in', async () => {
  const { page } = await signedInPage();
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByText('Are you sure?').waitFor();
  await page.getByText('You log out from the application').waitFor();
  await screenshot(page, 'logout-confirm');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL('**/auth/login');
});

test('the side menu folds to its icons on a desktop, and opens over the page on a phone', async () => {
  const { page, errors } = await signedInPage();
  // the drawer's width transition ends at the width asked for
  const menuWidthBecomes = (width: number) =>
    page.waitForFunction((w) => document.querySelector('.MuiDrawer-paper')?.getBoundingClientRect().width === w, width);
  await menuWidthBecomes(240);
  // the page starts beside the open menu, whose longest label is not cut
  expect((await page.locator('#main-content').boundingBox())!.x).toBeGreaterThanOrEqual(240);
  const label = page.getByRole('menuitem', { name: 'Recommended apps' }).locator('span').last();
  expect(await label.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  await page.getByRole('button', { name: 'Close menu' }).click();
  await menuWidthBecomes(55);
  await screenshot(page, 'menu-folded-desktop');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await menuWidthBecomes(240);

  // a phone (a browser that never chose): the menu stays closed until asked for, opens over the
  // page, and a choice closes it again
  const phone = await signedInPage();
  await phone.page.setViewportSize({ width: 390, height: 844 });
  await phone.page.goto(`${api.url}/`);
  await phone.page.getByText('Welcome, Browser Test Shop').waitFor();
  await expect(phone.page.getByRole('menuitem', { name: 'Fixture notes' }).isVisible()).resolves.toBe(false);
  await phone.page.getByRole('button', { name: 'Open menu' }).click();
  // slid in: the drawer's paper at the window's left edge
  await phone.page.waitForFunction(() => document.querySelector('.MuiDrawer-modal .MuiDrawer-paper')?.getBoundingClientRect().left === 0);
  await screenshot(phone.page, 'menu-open-phone');
  await phone.page.getByRole('menuitem', { name: 'Fixture notes' }).click();
  await phone.page.getByText('a note from the fixture plugin').waitFor();
  await phone.page.getByRole('menuitem', { name: 'Fixture notes' }).waitFor({ state: 'hidden' });
  expect([...errors, ...phone.errors]).toEqual([]);
});
