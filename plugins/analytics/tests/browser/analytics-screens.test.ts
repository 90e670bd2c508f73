// Issue 18 "done when", in Chromium against the real API, worker and store emulator: the merchant of
// a shop with reviews, sent requests, an attributed order and questions opens Analytics from the
// dashboard, sees the history being counted, then the last 30 days: the figures (questions asked and
// answered too), the rating trend, the funnel from sent to photo added and the attributed revenue,
// each chart also as a table (reached by keyboard) and as a CSV equal to that table. Screenshots of
// the three screens at 1280 and 390 px.
import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { adminPage, downloadedFile, screenshot, usePlatformBrowser } from '@plaudit/kernel/testing';
import { demoShop, EARLIER, IMPORTED, QUESTIONS, REQUESTS } from './demo-data';

jest.setTimeout(240_000);

const env = usePlatformBrowser();
const PHONE = { width: 390, height: 844 };

const card = (page: Page, title: string) => page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const figure = (page: Page, key: string) => page.getByTestId(`figure-${key}`).getByRole('paragraph');

/** The table view's cells, row by row, header first. */
async function tableOf(section: Locator): Promise<string[][]> {
  const rows = section.getByRole('table').getByRole('row');
  return Promise.all((await rows.all()).map(async (r) => (await r.locator('th, td').allTextContents()).map((t) => t.trim())));
}

/** A full-page screenshot from the top (the shell keeps the scroll of the page before). */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

async function showTable(section: Locator) {
  // by keyboard: focus the switch, press Space
  const toggle = section.getByRole('button', { name: 'Table' });
  await toggle.focus();
  await toggle.press('Space');
  await section.getByRole('table').waitFor();
}

async function downloadCsv(page: Page, section: Locator): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: /^Download CSV/ }).click()]);
  return fs.readFileSync(await downloadedFile(download), 'utf8').replace(/^\uFEFF/, '');
}

test("done when: the demo shop's last 30 days, as charts and as tables, on desktop and phone", async () => {
  const { stack, browser } = env;
  const { appToken } = await demoShop(stack);
  const { page, errors } = await adminPage(browser, stack.appUrl, appToken);
  // charts draw at once for a merchant who asks for less motion: screenshots show them whole
  await page.emulateMedia({ reducedMotion: 'reduce' });

  // the dashboard's card leads to the overview; a first visit counts the shop's history
  await page.goto(`${stack.appUrl}/`);
  await page
    .locator('[data-zone="dashboard"]')
    .getByRole('link', { name: /Analytics/ })
    .click();
  await page.waitForURL('**/analytics');
  await page.getByRole('status').getByText("Your shop's history is being counted.", { exact: false }).waitFor();
  const reviews = IMPORTED + 2;
  await figure(page, 'reviews').getByText(String(reviews), { exact: true }).waitFor({ timeout: 90_000 });
  expect(await page.getByRole('status').count()).toBe(0);
  expect(await figure(page, 'requestsSent').textContent()).toBe(String(REQUESTS));
  expect(await figure(page, 'reviewRate').textContent()).toBe('50%');
  expect(await figure(page, 'attributedOrders').textContent()).toBe('1');
  expect(await figure(page, 'attributedRevenue').textContent()).toMatch(/[1-9]/);
  // against the 30 days before: reviews up, requests new (n/a)
  expect(await page.getByTestId('figure-reviews').textContent()).toContain(`+${Math.round(((reviews - EARLIER) / EARLIER) * 100)}%vs previous period`);
  expect(await page.getByTestId('figure-requestsSent').textContent()).toContain('n/avs previous period');
  // the questions plugin is installed: its figures, new in this period
  expect(await figure(page, 'questionsAsked').textContent()).toBe(String(QUESTIONS.asked));
  expect(await figure(page, 'questionsAnswered').textContent()).toBe(String(QUESTIONS.answered));
  expect(await page.getByTestId('figure-questionsAnswered').textContent()).toContain(`Questions answered${QUESTIONS.answered}n/avs previous period`);
  await page.getByText('An order counts when its landing page carries the UTM parameters', { exact: false }).waitFor();
  await shoot(page, 'analytics-1-overview-desktop');

  // Rating: the trend as a line, its table, its CSV equal to the table
  await page.getByRole('tab', { name: 'Rating' }).click();
  await page.waitForURL('**/analytics/rating?period=30d');
  const trend = card(page, 'Average rating over time');
  await trend.getByRole('figure').locator('svg').first().waitFor();
  await card(page, 'Best rated products')
    .getByRole('row', { name: /Ceramic Coffee Mug/ })
    .waitFor();
  expect(
    await card(page, 'Lowest rated products')
      .getByRole('row', { name: /Wool Socks/ })
      .textContent(),
  ).toContain('1.8');
  await shoot(page, 'analytics-2-rating-desktop');
  await showTable(trend);
  const trendRows = await tableOf(trend);
  expect(trendRows[0]).toEqual(['Day', 'Reviews', 'Average rating']);
  expect(trendRows).toHaveLength(31);
  expect(trendRows.slice(1).reduce((n, r) => n + Number(r[1]), 0)).toBe(reviews);
  // today: the two reviews written from the request emails, 5 and 4 stars
  expect(trendRows.at(-1)!.slice(1)).toEqual(['2', '4.5']);
  // the CSV: the same rows, raw (days as yyyy-mm-dd, unrounded averages, nothing for n/a)
  const trendCsv = (await downloadCsv(page, trend))
    .trim()
    .split('\r\n')
    .map((l) => l.split(','));
  expect(trendCsv[0]).toEqual(['Day', 'Reviews', 'Average rating']);
  expect(trendCsv).toHaveLength(trendRows.length);
  trendCsv.slice(1).forEach(([day, count, average], i) => {
    const [, shownCount, shownAverage] = trendRows[i + 1];
    expect([day, count, average === '' ? 'n/a' : Number(average).toFixed(2)]).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      shownCount,
      shownAverage === 'n/a' ? 'n/a' : Number(shownAverage).toFixed(2),
    ]);
  });

  // the period picker: 12 months in months, then a custom range kept in the URL
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Last 12 months' }).click();
  await page.waitForURL('**/analytics/rating?period=12m');
  await trend.getByRole('columnheader', { name: 'Month' }).waitFor();
  const months = await tableOf(trend);
  expect(months.slice(1).reduce((n, r) => n + Number(r[1]), 0)).toBe(reviews + EARLIER);
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Custom range' }).click();
  await page.waitForURL(/from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d/);
  const url = page.url();
  await page.getByLabel('From', { exact: true }).fill('2099-01-01');
  await page.getByText('The start must be before the end').waitFor();
  expect(page.url()).toBe(url);
  await page.getByRole('tab', { name: 'Overview' }).click();
  // the overview mounts its own picker: open that one, not the rating screen's on its way out
  await page.waitForURL(/\/analytics\?from=\d{4}-\d\d-\d\d&to=/);
  await figure(page, 'reviews').waitFor();
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Last 30 days' }).click();
  await page.waitForURL('**/analytics?period=30d');

  // Email: the funnel from sent to photo added, with the rates between steps, and attribution
  await page.getByRole('tab', { name: 'Email funnel' }).click();
  await page.waitForURL('**/analytics/email?period=30d');
  const funnel = card(page, 'Request funnel');
  await funnel.getByRole('figure').getByText('3 · 75%').waitFor();
  expect(await page.getByTestId('panel-attribution').textContent()).toContain('Attributed orders');
  await shoot(page, 'analytics-3-email-desktop');
  await showTable(funnel);
  const steps = [
    ['Step', 'Number', 'Rate from the step before'],
    ['Sent', '4', ''],
    ['Opened', '3', '75%'],
    ['Clicked', '2', '66.7%'],
    ['Reviewed', '2', '100%'],
    ['Photo added', '1', '50%'],
  ];
  expect(await tableOf(funnel)).toEqual(steps);
  expect(await downloadCsv(page, funnel)).toBe(
    'Step,Number,Rate from the step before\r\nSent,4,\r\nOpened,3,0.75\r\nClicked,2,0.6666666666666666\r\nReviewed,2,1\r\nPhoto added,1,0.5\r\n',
  );
  await shoot(page, 'analytics-4-email-table-desktop');
  expect(errors).toEqual([]);

  // the same screens on a phone
  const phone = await adminPage(browser, stack.appUrl, appToken, PHONE);
  await phone.page.emulateMedia({ reducedMotion: 'reduce' });
  for (const [path, name, ready] of [
    ['/analytics', 'overview', 'Reviews received'],
    ['/analytics/rating', 'rating', 'Average rating over time'],
    ['/analytics/email', 'email', 'Request funnel'],
  ]) {
    await phone.page.goto(`${stack.appUrl}${path}?period=30d`);
    await phone.page.getByRole('heading', { name: ready }).waitFor();
    await phone.page.locator('.MuiSkeleton-root').first().waitFor({ state: 'detached' });
    await shoot(phone.page, `analytics-5-${name}-phone`);
  }
  expect(phone.errors).toEqual([]);
});
