// The Reward reviews menu entry (spec section 2, side menu): between Customer survey and AI chatbot
// while the loyalty sister app is not installed, leading to /reward-reviews, which links to the app;
// gone once the app is installed.
import type { Browser } from 'playwright-core';
import { adminPage, createShop, screenshot, startTestApi, type TestApi, useBrowser, installed } from '@plaudit/kernel/testing';

jest.setTimeout(90_000);

let api: TestApi;
let browser: Browser;
useBrowser(
  () => startTestApi(),
  (s, b) => {
    api = s;
    browser = b;
  },
);

test('shown in spec order until the sister app is installed; its page links to the app', async () => {
  const { token } = await createShop(api, { name: 'Reward Shop' });
  const { page, errors } = await adminPage(browser, api.url, token);
  await page.goto(`${api.url}/`);
  await page.getByText('Welcome, Reward Shop').waitFor();
  const labels = (await page.getByRole('menuitem').allInnerTexts()).map((l) => l.trim());
  // the reviews plugin's entry leads the list where it is installed
  const order = [...(installed('reviews') ? ['Manage reviews'] : []), 'Customer survey', 'Reward reviews', 'AI chatbot', 'Settings', 'Recommended apps'];
  expect(labels.filter((l) => order.includes(l))).toEqual(order);

  await page.getByRole('menuitem', { name: 'Reward reviews' }).click();
  await page.waitForURL('**/reward-reviews');
  await page.getByRole('heading', { level: 1, name: 'Reward reviews' }).waitFor();
  expect(await page.getByRole('link', { name: 'Get the loyalty app' }).getAttribute('href')).toBe('https://apps.shopify.com/plaudit-loyalty');
  await screenshot(page, 'reward-reviews');
  expect(errors).toEqual([]);

  const { token: withApp } = await createShop(api, { name: 'Loyal Shop', installedApps: JSON.stringify(['plaudit-loyalty']) });
  const { page: other } = await adminPage(browser, api.url, withApp);
  await other.goto(`${api.url}/`);
  await other.getByText('Welcome, Loyal Shop').waitFor();
  const visible = (await other.getByRole('menuitem').allInnerTexts()).map((l) => l.trim());
  expect(visible).toContain('AI chatbot');
  expect(visible).not.toContain('Reward reviews');
});
