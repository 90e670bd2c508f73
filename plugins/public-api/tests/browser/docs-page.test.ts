// The documentation page in Chromium: Swagger UI, served from this server, renders the public API's
// document under the page's own Content-Security-Policy without a single console error (a CSP
// violation is one), and never reaches another host. Screenshot for review.
import type { Browser } from 'playwright-core';
import { collectPageErrors, screenshot, startTestApi, useBrowser, type TestApi } from '@plaudit/kernel/testing';

let api: TestApi;
let browser: Browser;
useBrowser(
  () => startTestApi(),
  (s, b) => {
    api = s;
    browser = b;
  },
);

test('the docs page renders the document, its quick start and its operations', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = collectPageErrors(page);
  const elsewhere: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(api.url) && !r.url().startsWith('data:')) elsewhere.push(r.url());
  });
  await page.goto(`${api.url}/api/public/v1/docs`);
  await page.getByRole('heading', { name: /Plaudit public API/ }).waitFor();
  await page.getByRole('heading', { name: 'Quick start' }).waitFor();
  await page.getByText('listReviews', { exact: true }).first().waitFor();
  await page.getByText('getStorefrontSummaries', { exact: true }).first().waitFor();
  await screenshot(page, 'public-api-docs');
  expect(errors).toEqual([]);
  expect(elsewhere).toEqual([]);
});
