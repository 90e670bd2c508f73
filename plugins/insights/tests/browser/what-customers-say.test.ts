// "What customers say" as a shopper sees it, in Chromium on the emulated storefront: the product
// page's review box (loaded through the app proxy) shows quoted sentences and topic links in English
// and, under Markets' /de/ subfolder, in German; a topic link filters the list in place (the block
// and the toolbar do not move) and "Show all reviews" brings the rest back; without script the same
// link opens the box listing that topic's reviews. Screenshots at desktop and phone widths.
import type { Page } from 'playwright-core';
import { client, collectPageErrors, eventually, screenshot, usePlatformBrowser, withPlugins } from '@plaudit/kernel/testing';

jest.setTimeout(240_000);

const env = usePlatformBrowser();

const REVIEWS: [number, string, string, string][] = [
  [5, 'The fit is perfect. The fabric feels soft.', 'Ann', 'Lee'],
  [5, 'Fits perfectly and the stitching is excellent.', 'Bob', 'Stone'],
  [2, 'The fit is terrible. It runs small.', 'Cy', 'Park'],
  [5, 'Die Passform ist perfekt. Tolle Qualität!', 'Dana', 'Weber'],
  [4, 'Der Stoff ist weich und angenehm.', 'Eva', 'Koch'],
  [2, 'The material is thin and scratchy.', 'Finn', 'Berg'],
];

/** the page at desktop and phone widths, the popup closed (it floats over the box) */
async function bothWidths(page: Page, name: string) {
  const close = page.locator('.pl-popup .pl-close');
  if (await close.isVisible()) await close.click();
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize({ width: 390, height: 844 });
  const widths = await page.locator('.pl-say').evaluate((say) => {
    const right = say.getBoundingClientRect().right;
    return {
      overflow: [...say.querySelectorAll('.pl-topic')].filter((a) => a.getBoundingClientRect().right > right + 0.5).length,
      page: document.documentElement.scrollWidth,
    };
  });
  expect(widths).toEqual({ overflow: 0, page: 390 });
  await screenshot(page, `${name}-phone`);
  await page.setViewportSize({ width: 1200, height: 900 });
}

withPlugins('widgets', 'reviews')('topic links filter the review box in place, in English and German, and work without script', async () => {
  const { stack, browser } = env;
  const { domain, appToken } = await stack.installShop();
  const http = client(stack.appUrl, appToken);
  const [product] = (await stack.api.runtime.services.platform!.adminApi(domain).products({ first: 1, query: 'status:active' })).nodes;
  const ids: number[] = [];
  for (const [rating, content, firstName, lastName] of REVIEWS) {
    const res = await http.post('/api/reviews', {
      productId: product.id,
      productTitle: product.title,
      productHandle: product.handle,
      rating,
      content,
      firstName,
      lastName,
      status: 'published',
    });
    expect(res.status).toBe(201);
    ids.push(res.body.id);
  }
  await eventually(
    async () => (await Promise.all(ids.map(async (id) => (await http.get(`/api/insights/reviews/${id}`)).status === 200))).every(Boolean),
    60_000,
  );

  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${stack.emulator.url}/shops/${domain}/products/${product.handle}`);
  const box = page.locator('.pl-w-review-box');
  const say = box.locator('.pl-say');
  await say.getByRole('heading', { name: 'What customers say' }).waitFor();
  expect(await say.locator('q').allTextContents()).toEqual([
    'Fits perfectly and the stitching is excellent.',
    'The fabric feels soft.',
    'The fit is terrible.',
  ]);
  expect(await say.locator('cite').allTextContents()).toEqual(['Bob S.', 'Ann L.', 'Cy P.']);
  const topics = say.getByRole('list', { name: 'Show the reviews that mention a topic' }).getByRole('link');
  expect(await topics.evaluateAll((links) => links.map((a) => a.firstChild?.textContent?.trim()))).toEqual(['Fit', 'Material', 'Quality']);

  // the "Fit" link with script: the list in place, nothing above it moves, no navigation
  // page coordinates (a click may scroll the link into view)
  const where = () =>
    box.evaluate((el) =>
      ['.pl-say', '.pl-toolbar'].map((sel) => {
        const r = el.querySelector(sel)!.getBoundingClientRect();
        return [r.left, r.top + window.scrollY, r.width, r.height];
      }),
    );
  const before = await where();
  const url = page.url();
  await say.getByRole('link', { name: /^Fit \(/ }).click();
  await box.getByRole('status').getByText('Showing 4 reviews').waitFor();
  expect(await box.locator('.pl-list .pl-review-body').allTextContents()).toEqual(
    expect.arrayContaining([REVIEWS[0][1], REVIEWS[1][1], REVIEWS[2][1], REVIEWS[3][1]]),
  );
  expect(await box.locator('.pl-list > li').count()).toBe(4);
  expect(await say.getByRole('link', { name: /^Fit \(/ }).getAttribute('aria-current')).toBe('true');
  expect(page.url()).toBe(url);
  expect(await where()).toEqual(before);
  await bothWidths(page, 'insights-box-english-fit');

  await box.getByRole('button', { name: 'Show all reviews' }).click();
  await eventually(async () => (await box.locator('.pl-list > li').count()) > 4);
  expect(await say.getByRole('link', { name: /^Fit \(/ }).getAttribute('aria-current')).toBeNull();

  // the German storefront (Markets' /de/ subfolder): German words, German reviews quoted first
  await page.goto(`${stack.emulator.url}/shops/${domain}/de/products/${product.handle}`);
  await say.getByRole('heading', { name: 'Das sagen Kunden' }).waitFor();
  const themen = say.getByRole('list', { name: 'Bewertungen zu einem Thema anzeigen' }).getByRole('link');
  expect(await themen.evaluateAll((links) => links.map((a) => a.firstChild?.textContent?.trim()))).toEqual(['Passform', 'Material', 'Qualität']);
  expect(await say.locator('q').first().textContent()).toBe('Die Passform ist perfekt.');
  await say.getByRole('link', { name: /^Material \(/ }).click();
  await box.getByRole('status').getByText('3 Bewertungen werden angezeigt').waitFor();
  await bothWidths(page, 'insights-box-german-material');
  expect(errors).toEqual([]);
  await context.close();

  // without script: the link opens the box listing that topic's reviews. The box as the app proxy
  // serves it to this shop; its links are the proxy's /apps/plaudit paths, which the emulator serves
  // per shop under /shops/<domain> (on Shopify the shop's own domain), so they are followed there.
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1200, height: 900 } });
  const plain = await noScript.newPage();
  const storefront = `${stack.emulator.url}/shops/${domain}`;
  await plain.goto(`${storefront}/apps/plaudit/widgets/review-box?product_id=${product.id.split('/').pop()}&locale=en`);
  const follow = async (name: RegExp) => {
    const href = await plain.getByRole('link', { name }).getAttribute('href');
    expect(href).toMatch(/^\/apps\/plaudit\/widgets\/review-box\?/);
    await plain.goto(`${storefront}${href}`);
  };
  await follow(/^Quality \(/);
  expect(new URL(plain.url()).searchParams.get('topic')).toBe('quality');
  expect(await plain.locator('.pl-list .pl-review-body').allTextContents()).toEqual(expect.arrayContaining([REVIEWS[1][1], REVIEWS[3][1]]));
  expect(await plain.locator('.pl-list > li').count()).toBe(2);
  expect(await plain.getByRole('link', { name: /^Quality \(/ }).getAttribute('aria-current')).toBe('true');
  await screenshot(plain, 'insights-box-no-script-quality');
  // the selected link leads back to every review
  await follow(/^Quality \(/);
  expect(new URL(plain.url()).searchParams.has('topic')).toBe(false);
  await plain.locator('.pl-list > li').nth(4).waitFor();
  await noScript.close();
});
