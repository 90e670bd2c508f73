// Analytics' topics over time, in Chromium against the real API and worker: reviews written through
// the admin API in the last 30 days and the 30 before are read by insights with their dates; the
// rating screen's cards name the complaints that rose (fit, battery) and fell (delivery), a line each,
// and every topic's complaints against the period before as a table. Screenshots of the cards at
// 1280 and 390 px; the phone's page does not scroll sideways.
import type { Page } from 'playwright-core';
import { adminPage, client, eventually, screenshot, usePlatformBrowser, withPlugins } from '@plaudit/kernel/testing';

jest.setTimeout(240_000);

const env = usePlatformBrowser();
const DAY = 86_400_000;
const PRODUCT = 'gid://shopify/Product/3571';

/** [days ago (at noon UTC: inside the same period in any timezone), stars, text] */
const REVIEWS: [number, number, string][] = [
  // the 30 days before: three delivery complaints, one about the fit
  [40, 2, 'Delivery was very slow.'],
  [45, 2, 'The parcel arrived late and the delivery was slow.'],
  [50, 1, 'Delivery was very slow.'],
  [42, 2, 'It does not fit.'],
  // the last 30 days: four fit complaints, two battery ones, one delivery complaint, delivery praised
  [3, 1, 'Runs too small, it does not fit.'],
  [8, 2, 'Too small, the fit is wrong.'],
  [8, 1, 'Way too small and the fit is awful.'],
  [15, 2, 'It does not fit.'],
  [5, 2, 'The battery died after two days.'],
  [20, 1, 'The battery is dead after a day of use.'],
  [10, 2, 'Delivery was very slow.'],
  [12, 5, 'Fast delivery.'],
  [18, 5, 'Fast delivery.'],
];

const card = (page: Page, title: string) => page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** the rating screen from its top (the shell keeps the scroll of the page before); the topics cards are below the rankings */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}
/** a minus as Intl writes it in some languages (U+2212) or as a hyphen */
const MINUS = /[−-]/g;

withPlugins('analytics')('the rating screen shows the complaints that rose and fell, on desktop and phone', async () => {
  const { stack, browser } = env;
  const { appToken } = await stack.installShop();
  const http = client(stack.appUrl, appToken);
  const noon = (daysAgo: number) => new Date(Math.floor(Date.now() / DAY - daysAgo) * DAY + DAY / 2).toISOString();
  const ids: number[] = [];
  for (const [daysAgo, rating, content] of REVIEWS) {
    const res = await http.post('/api/reviews', { productId: PRODUCT, rating, content, firstName: 'Sam', status: 'published', createdAt: noon(daysAgo) });
    expect(res.status).toBe(201);
    ids.push(res.body.id);
  }
  await eventually(
    async () => (await Promise.all(ids.map(async (id) => (await http.get(`/api/insights/reviews/${id}`)).status === 200))).every(Boolean),
    60_000,
  );

  const { page, errors } = await adminPage(browser, stack.appUrl, appToken);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`${stack.appUrl}/analytics/rating?period=30d`);
  // a first visit counts the shop's history before the screen shows its cards
  const rising = card(page, 'Rising complaints');
  await rising.waitFor({ timeout: 90_000 });
  // a line per topic, named with its change, the largest first
  await rising.getByText('Fit (+3)').waitFor();
  await rising.getByText('Battery (+2)').waitFor();
  await card(page, 'Falling complaints')
    .getByText(/^Delivery \([−-]2\)$/)
    .waitFor();
  const table = card(page, 'Complaints by topic').getByRole('table');
  const rows = await Promise.all(
    (await table.getByRole('row').all()).map(async (r) => (await r.locator('th, td').allTextContents()).map((t) => t.trim().replace(MINUS, '-'))),
  );
  expect(rows).toEqual([
    ['Topic', 'Complaints', 'Previous period', 'Change', 'Praise'],
    ['Fit', '4', '1', '+3', '0'],
    ['Battery', '2', '0', '+2', '0'],
    ['Delivery', '1', '3', '-2', '2'],
  ]);
  // the rising lines as a table too: the days of the period, a column per topic
  await rising.getByRole('button', { name: 'Table' }).click();
  expect(await rising.getByRole('columnheader').allTextContents()).toEqual(['Day', 'Fit', 'Battery']);
  await rising.getByRole('button', { name: 'Chart' }).click();
  await rising.getByText('Fit (+3)').waitFor();
  await shoot(page, 'analytics-topics-desktop');
  expect(errors).toEqual([]);

  const phone = await adminPage(browser, stack.appUrl, appToken, { width: 390, height: 844 });
  await phone.page.emulateMedia({ reducedMotion: 'reduce' });
  await phone.page.goto(`${stack.appUrl}/analytics/rating?period=30d`);
  await card(phone.page, 'Falling complaints')
    .getByText(/^Delivery \([−-]2\)$/)
    .waitFor({ timeout: 90_000 });
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await shoot(phone.page, 'analytics-topics-phone');
  expect(phone.errors).toEqual([]);
});
