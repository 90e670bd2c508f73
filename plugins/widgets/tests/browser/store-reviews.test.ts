// Store reviews on the web in Chromium, at a desktop's 1280 px and a phone's 390 px: the store
// badge (the store's own rating, a link a shopper can tap), which opens the shop's reviews page;
// "Next page" leads on; the page on the shop's own domain (the emulator's app proxy) in German.
// No horizontal scroll, no page error. Screenshots: .data/screens/store-reviews-*.png.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { client, collectPageErrors, usePlatformBrowser } from '@plaudit/kernel/testing';

jest.setTimeout(180_000);

const env = usePlatformBrowser();
const SCREENS = path.resolve(__dirname, '../../../../.data/screens');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENS, `store-reviews-${name}.png`), fullPage: true });

const VIEWPORTS = [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const;

test('the badge opens the reviews page, pages link on, the German page fits a phone and a desktop', async () => {
  const { stack, browser } = env;
  const { domain, appToken } = await stack.installShop();
  const http = client(stack.appUrl, appToken);
  const post = async (fields: Record<string, unknown>) => {
    const res = await http.post('/api/reviews', { status: 'published', lastName: 'Lee', ...fields });
    expect(res.status).toBe(201);
  };
  for (const [i, rating] of [5, 5, 4].entries())
    await post({ kind: 'store', rating, firstName: ['Mia', 'Noor', 'Olu'][i], content: `Fast delivery and a kind note in the parcel (${i + 1}).` });
  for (let i = 0; i < 9; i++)
    await post({
      productId: 'gid://shopify/Product/9101',
      productTitle: 'Linen Scarf',
      rating: 3 + (i % 3),
      firstName: 'Ann',
      title: i % 2 ? null : 'Soft and light',
      content: `Wears well after many washes, colour still bright (${i + 1}).`,
    });

  for (const [name, viewport] of VIEWPORTS) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    // the badge's HTML placed in a page as the theme's loader places it (the direct mount: its link is absolute)
    const fragment = await fetch(`${stack.appUrl}/storefront/shops/${domain}/widgets/store-badge`);
    expect(fragment.status).toBe(200);
    await page.setContent(
      `<!doctype html><html lang="en"><body style="margin:0;padding:24px;font-family:Georgia,serif"><footer><p>Linen &amp; Co.</p>${await fragment.text()}</footer></body></html>`,
    );
    const badge = page.getByRole('link', { name: /^4\.7 out of 5 stars, 3 store reviews\. Read the reviews of / });
    await badge.waitFor();
    expect(await page.locator('.pl-badge-average').textContent()).toBe('4.7');
    const box = (await badge.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await shot(page, `badge-${name}`);

    await badge.click();
    await page.waitForURL(/\/reviews\?locale=en$/);
    await page.getByRole('heading', { level: 1, name: /^What customers say about / }).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('index,follow');
    expect(await page.getByText('Based on 12 reviews').count()).toBe(1);
    expect(await page.locator('article.pl-review').count()).toBe(10);
    // newest first: the nine product reviews, then the newest store review
    expect(await page.getByText('Review of the store').count()).toBe(1);
    expect(await page.getByText('Page 1 of 2').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'How reviews are collected' }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(page, `page-${name}`);

    await page.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL(/\/reviews\?page=2&locale=en$/);
    expect(await page.locator('article.pl-review').count()).toBe(2);
    expect(await page.getByText('Review of the store').count()).toBe(2);
    expect(await page.getByRole('link', { name: 'Previous page' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Next page' }).count()).toBe(0);

    // on the shop's own domain through the app proxy, in German
    const res = await page.goto(`${stack.emulator.url}/shops/${domain}/apps/plaudit/reviews?locale=de`);
    expect(res?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: /^Das sagen Kunden über / }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect(await page.getByText('Basierend auf 12 Bewertungen').count()).toBe(1);
    expect(await page.getByText('Bewertung des Shops').count()).toBe(1);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(ld).toMatchObject({ '@type': 'Organization', aggregateRating: { reviewCount: 3, ratingValue: 4.67 } });
    // the store reviews this page shows
    expect(ld.review).toHaveLength(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(page, `page-de-${name}`);

    expect(errors).toEqual([]);
    await context.close();
  }
});
