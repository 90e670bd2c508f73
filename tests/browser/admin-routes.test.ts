// Every shell route renders under / and /embed with a heading and no console error; a broken page
// shows not-found; menu visibility follows the shop; outside extended mode all roads lead to
// /partner-friendly.
import type { Browser } from 'playwright-core';
import { createShop, startTestApi, type TestApi } from '../support/api';
import { adminPage } from '../support/admin-session';
import { screenshot, useBrowser } from '../support/browser';

let api: TestApi;
let browser: Browser;

// The developer zone is among the routes, so these shops are developer accounts (DEV_ZONE=on).
useBrowser(
  () => startTestApi({ DEV_ZONE: 'on' }),
  (s, b) => {
    api = s;
    browser = b;
  },
);

const ROUTES: [string, string][] = [
  ['/', 'Welcome'],
  ['/dashboard', 'Welcome'],
  ['/settings', 'Settings'],
  ['/settings/feature-request', 'Settings'],
  ['/feature-request', 'Request a feature'],
  ['/other-compliance', 'Customer survey'],
  ['/chatty', 'AI chatbot'],
  ['/partners', 'Recommended apps'],
  ['/monetize-reviews', 'Monetize reviews'],
  ['/dev_zone?developer=1', 'Developer zone'],
  ['/display-settings', 'Display reviews'],
  ['/branding', 'Branding'],
  ['/display-settings/syndication', 'Syndication'],
  ['/display-settings/google', 'Google Shopping'],
];

test.each(['', '/embed'])(
  'every shell route renders under "%s"',
  async (prefix) => {
    const { token } = await createShop(api, { name: 'Route Shop' });
    const { page, errors } = await adminPage(browser, api.url, token);
    for (const [path, heading] of ROUTES) {
      await page.goto(`${api.url}${prefix}${path}`);
      await page.getByRole('heading', { level: 1 }).filter({ hasText: heading }).first().waitFor();
      expect(await page.getByText('Page not found').count()).toBe(0);
    }
    await page.goto(`${api.url}${prefix}/loading`);
    await page.getByRole('status').waitFor();
    expect(errors).toEqual([]);
  },
  180_000,
); // a dozen full page loads in one browser session: more than the default minute on a loaded runner

test('a page that fails to render shows the not-found page with Back to Home', async () => {
  const { token } = await createShop(api, { name: 'Broken Shop' });
  const { page } = await adminPage(browser, api.url, token);
  await page.goto(`${api.url}/fixture-broken`);
  await page.getByText('Page not found').waitFor();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await page.getByText('Welcome, Broken Shop').waitFor();
});

test('the side menu keeps the spec order and hides entries by the shop', async () => {
  const { token } = await createShop(api, { name: 'Menu Shop' });
  const { page } = await adminPage(browser, api.url, token);
  await page.goto(`${api.url}/`);
  await page.getByText('Welcome, Menu Shop').waitFor();
  const labels = await page.getByRole('menuitem').allInnerTexts();
  const order = ['Dashboard', 'Customer survey', 'AI chatbot', 'Settings', 'Recommended apps'];
  expect(labels.filter((l) => order.includes(l.trim())).map((l) => l.trim())).toEqual(order);

  const { token: withApps } = await createShop(api, { name: 'Sister Shop', installedApps: JSON.stringify(['plaudit-chatty']), surveyExcluded: true });
  const { page: other } = await adminPage(browser, api.url, withApps);
  await other.goto(`${api.url}/`);
  await other.getByText('Welcome, Sister Shop').waitFor();
  const visible = (await other.getByRole('menuitem').allInnerTexts()).map((l) => l.trim());
  expect(visible).toContain('Settings');
  expect(visible).not.toContain('AI chatbot');
  expect(visible).not.toContain('Customer survey');
});

test('outside extended mode every path leads to /partner-friendly, and turning it on opens the app', async () => {
  const { token } = await createShop(api, { name: 'Partner Shop', extendedMode: false });
  const { page } = await adminPage(browser, api.url, token);
  for (const path of ['/', '/settings', '/embed/partners']) {
    await page.goto(`${api.url}${path}`);
    await page.waitForURL('**/partner-friendly');
  }
  await screenshot(page, 'partner-friendly');
  await page.getByRole('button', { name: 'Turn on extended mode' }).click();
  await page.getByText('Welcome, Partner Shop').waitFor();
});

test('/settings/integration (the spec route table) is the integration list, under / and /embed', async () => {
  const { token } = await createShop(api, { name: 'Integration Shop' });
  const { page, errors } = await adminPage(browser, api.url, token);
  for (const prefix of ['', '/embed']) {
    await page.goto(`${api.url}${prefix}/settings/integration`);
    await page.getByRole('tab', { name: 'Integrations', selected: true }).waitFor();
    await page.getByRole('tabpanel').getByText('Klaviyo email marketing').waitFor();
    expect(await page.getByText('Page not found').count()).toBe(0);
  }
  expect(errors).toEqual([]);
}, 120_000); // two full page loads: the shell routes' budget per load on a loaded runner
