// The Google Shopping screen in Chromium against the real API and the store emulator: the merchant
// opens it from Display reviews, sees the feed's address, its reviews against Google's 50 and the
// handmade product that has no GTIN, and a feed address per language the shop sells in; at 1280 and 390 px (screenshots), no horizontal overflow.
import { adminPage, client, screenshot, usePlatformBrowser } from '@plaudit/kernel/testing';

jest.setTimeout(180_000);

const env = usePlatformBrowser();

test('from Display reviews to the Google Shopping screen: feed address, review count, the product without a GTIN', async () => {
  const { stack, browser } = env;
  const { domain, appToken } = await stack.installShop();
  const http = client(stack.appUrl, appToken);
  const products = stack.emulator.store.shop(domain)!.products;
  const handmade = products.find((p) => p.variants.every((v) => !v.barcode))!;
  const barcoded = products.find((p) => p.variants.every((v) => v.barcode))!;
  for (const p of [handmade, handmade, barcoded]) {
    const res = await http.post('/api/reviews', {
      productId: `gid://shopify/Product/${p.id}`,
      productTitle: p.title,
      rating: 5,
      content: 'Lovely.',
      firstName: 'Ann',
      status: 'published',
    });
    expect(res.status).toBe(201);
  }

  const { page, errors } = await adminPage(browser, stack.appUrl, appToken);
  await page.goto(`${stack.appUrl}/display-settings`);
  // each widget's On/Off shown: the hub's cards have their final size before one is clicked
  await page
    .getByText(/^(On|Off)$/)
    .first()
    .waitFor();
  await page.getByRole('link', { name: /Google Shopping/ }).click();
  await page.waitForURL('**/display-settings/google');
  await page.getByRole('heading', { level: 1, name: 'Google Shopping' }).waitFor();
  expect(await page.getByLabel('Feed address for Merchant Center').inputValue()).toMatch(/\/apps\/plaudit\/feeds\/google-product-reviews\.xml$/);
  expect(await page.getByTestId('google-reviews').textContent()).toBe('Reviews in the feed: 3');
  await page.getByText('Google asks for at least 50 reviews before it shows ratings; your feed has 3.').waitFor();
  expect(await page.getByTestId('google-without-gtin').getByRole('listitem').allTextContents()).toEqual([`${handmade.title}: 2 reviews`]);
  // the emulator's shops sell in English and French: a feed address per language
  const languages = page.getByTestId('google-language-feeds');
  expect(await languages.getByLabel('English (en)').inputValue()).toMatch(/\/apps\/plaudit\/feeds\/google-product-reviews\.xml\?language=en$/);
  expect(await languages.getByLabel('French (fr)').inputValue()).toMatch(/\?language=fr$/);
  await screenshot(page, 'google-readiness-desktop');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('google-without-gtin').waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshot(page, 'google-readiness-phone');
  expect(errors).toEqual([]);
});
