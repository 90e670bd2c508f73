// The disclosure page as a shopper sees it on the store's own domain (the store emulator's app proxy,
// signed as Shopify signs it), in Chromium at phone and desktop widths: German from ?locale=, the
// shop's moderation rule as saved, one h1 and a heading per question, no horizontal scroll, no page
// error. Screenshots: test-results/review-disclosure-*.png.
import { client, collectPageErrors, screenshot, usePlatformBrowser } from '@plaudit/kernel/testing';

jest.setTimeout(120_000);

const env = usePlatformBrowser();

test('on the storefront, in German, fitting a phone and a desktop', async () => {
  const { domain, appToken } = await env.stack.installShop();
  const http = client(env.stack.appUrl, appToken);
  expect((await http.put('/api/reviews/settings', { autoPublish: 'hold', autoPublishHeldAfterDays: 10 })).status).toBe(200);
  const url = `${env.stack.emulator.url}/shops/${domain}/apps/plaudit/how-reviews-are-collected?locale=de`;

  for (const [name, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 900 }],
  ] as const) {
    const context = await env.browser.newContext({ viewport });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const res = await page.goto(url);
    expect(res?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: /^Wie Bewertungen bei .+ gesammelt werden$/ }).waitFor();
    expect(await page.getByRole('heading', { level: 2 }).count()).toBe(5);
    expect(await page.getByText('Neue Bewertungen werden zurückgehalten, bis der Shop sie gelesen hat.').count()).toBe(1);
    expect(await page.getByText('Eine Bewertung, die 10 Tage lang zurückgehalten wurde, wird automatisch veröffentlicht.').count()).toBe(1);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, `review-disclosure-${name}`);
    expect(errors).toEqual([]);
    await context.close();
  }
});
