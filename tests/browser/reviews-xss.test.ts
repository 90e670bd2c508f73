// A review whose text is an XSS payload is stored verbatim and rendered inert in the admin list:
// no dialog fires, no element is injected, the text shows as text.
import type { Browser } from 'playwright-core';
import { client, createShop, startTestApi, type TestApi } from '../support/api';
import { adminPage } from '../support/admin-session';
import { screenshot, useBrowser } from '../support/browser';

let api: TestApi;
let browser: Browser;

useBrowser(
  () => startTestApi(),
  (s, b) => {
    api = s;
    browser = b;
  },
);

const PAYLOADS = ['<img src=x onerror=alert(1)>', '<script>alert(2)</script>', '"><svg onload=alert(3)>'];

test('XSS payloads in reviews are stored verbatim and shown as text', async () => {
  const { token, shop } = await createShop(api, { name: 'XSS Shop', plan: 'pro' });
  const http = client(api.url, token);
  for (const [i, content] of PAYLOADS.entries()) {
    const res = await http.post('/api/reviews', {
      productId: 'gid://shopify/Product/1',
      productTitle: '<b>Bold</b> product',
      rating: 1 + i,
      content,
      firstName: '<i>Eve</i>',
    });
    expect(res.status).toBe(201);
  }
  const stored = await api.knex('reviews').where({ shopId: shop.id }).orderBy('id').pluck('content');
  expect(stored).toEqual(PAYLOADS);

  const { page, errors } = await adminPage(browser, api.url, token);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(`${api.url}/reviews/list`);
  await page.getByRole('heading', { level: 1, name: 'Manage reviews' }).waitFor();
  for (const p of PAYLOADS) await page.getByTestId('review-content').filter({ hasText: p }).waitFor();
  // every image loaded or failed, and the events queued meanwhile dispatched: an injected onerror
  // handler would have opened its dialog by now
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(dialogs).toEqual([]);
  expect(
    await page.locator('[data-testid="reviews-table"] img[src="x"], [data-testid="reviews-table"] script, [data-testid="reviews-table"] svg[onload]').count(),
  ).toBe(0);
  expect(await page.getByText('<b>Bold</b> product').count()).toBeGreaterThan(0);
  await screenshot(page, 'reviews-xss');
  // the menu entry leads here
  expect(await page.getByText('Manage reviews', { exact: true }).count()).toBeGreaterThan(1);
  expect(errors).toEqual([]);
});
