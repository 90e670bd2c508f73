// The merchant's screen and the shopper's page in Chromium: from the Display reviews hub to
// /product-groups, a group of three products made by searching the catalogue, listed with its
// products; then the first product's page on the demo storefront shows a sibling's review, named
// "Reviewed: <sibling>". A group by tag made on the same screen lists the store's products with the
// tag, shown read-only in its editor; so does a group by metafield. Screenshots at 1280 and 390 px.
import type { Browser, Page } from 'playwright-core';
import { adminPage, collectPageErrors, screenshot, usePlatformBrowser } from '@plaudit/kernel/testing';
import { shopWithReviews } from '../helpers';

jest.setTimeout(180_000);
// Shopify's namespace for the merchant's own metafields (a store's, not one of this app's settings namespaces)
const CUSTOM = 'custom';

const env = usePlatformBrowser();

async function pick(page: Page, title: string) {
  const input = page.getByRole('combobox', { name: 'Products' });
  // the catalogue's search takes a word of the title
  await input.fill(title.split(' ')[0]);
  await page.getByRole('option', { name: title, exact: true }).click();
}

async function storefront(browser: Browser, url: string, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(url);
  return { context, page, errors };
}

test("a group made on the admin screen makes a product page show its siblings' reviews", async () => {
  const { stack, browser } = env;
  const { domain, appToken, admin, products } = await shopWithReviews(stack);
  const [shirt, blue, green] = products;
  const { page, errors } = await adminPage(browser, stack.appUrl, appToken);

  await page.goto(`${stack.appUrl}/display-settings`);
  // each widget's On/Off shown: the hub's cards have their final size before one is clicked
  await page
    .getByText(/^(On|Off)$/)
    .first()
    .waitFor();
  await page.getByRole('link', { name: /Product groups/ }).click();
  await page.waitForURL(/\/product-groups$/);
  await page.getByRole('heading', { level: 1, name: 'Product groups' }).waitFor();
  await page.getByText('No groups yet').waitFor();

  await page.getByRole('link', { name: 'Create' }).click();
  await page.getByRole('heading', { level: 1, name: 'Add a group' }).waitFor();
  await page.getByLabel('Name *').fill('Linen shirt');
  for (const p of products) await pick(page, p.title);
  await page.getByLabel('These products are one item in different variants (colour, size)').check();
  await screenshot(page, 'product-groups-1-form-1280');
  await page.getByRole('button', { name: 'Save' }).click();
  const row = page.getByRole('row', { name: /Linen shirt/ });
  await row.waitFor();
  for (const p of products) expect(await row.textContent()).toContain(p.title);
  expect(await row.textContent()).toContain('Shared: one item');
  await screenshot(page, 'product-groups-2-list-1280');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByText('Linen shirt').first().waitFor();
  await screenshot(page, 'product-groups-3-list-390');

  const stored = (await admin.get('/api/product-groups')).body.items;
  expect(stored.map((g: { name: string; sameProduct: boolean; products: { id: string }[] }) => [g.name, g.sameProduct, g.products.map((p) => p.id)])).toEqual([
    ['Linen shirt', true, [shirt.id, blue.id, green.id]],
  ]);

  // a second group with a product already grouped: the server's message beside the field
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('link', { name: 'Create' }).click();
  await page.getByLabel('Name *').fill('Again');
  await pick(page, shirt.title);
  await pick(page, blue.title);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText(`${shirt.title} is already in the group "Linen shirt"`).waitFor();
  // the browser logs the refused request itself; nothing else went wrong
  expect(errors.filter((e) => !/status of 400 .*\/api\/product-groups\)$/.test(e))).toEqual([]);

  // the shopper's page of the first product: its siblings' reviews, each naming its product
  const url = `${stack.emulator.url}/shops/${domain}/products/${shirt.handle}`;
  for (const width of [1280, 390]) {
    const shop = await storefront(browser, url, width);
    const box = shop.page.locator('.pl-w-review-box');
    await box.getByText(`Reviewed: ${blue.title}`).waitFor();
    await box.getByText(`Reviewed: ${green.title}`).waitFor();
    await box.getByText('Based on 3 reviews').waitFor();
    await box.scrollIntoViewIfNeeded();
    await screenshot(shop.page, `product-groups-4-storefront-${width}`);
    expect(shop.errors).toEqual([]);
    await shop.context.close();
  }
});

test('a group by tag is made on the admin screen; its editor shows the products the store has with the tag', async () => {
  const { stack, browser } = env;
  const { domain, appToken, products } = await shopWithReviews(stack);
  const [shirt, blue] = products;
  for (const p of [shirt, blue]) await stack.control(`/shops/${domain}/products/${p.id.split('/').pop()}/update`, { tags: ['linen-family'] });
  const { page, errors } = await adminPage(browser, stack.appUrl, appToken);

  await page.goto(`${stack.appUrl}/product-groups/create`);
  await page.getByRole('heading', { level: 1, name: 'Add a group' }).waitFor();
  await page.getByLabel('Name *').fill('Linen family');
  await page.getByLabel('By tag').check();
  await page.getByLabel('Tag *').fill('linen-family');
  await screenshot(page, 'product-groups-5-tag-form-1280');
  await page.getByRole('button', { name: 'Save' }).click();
  const row = page.getByRole('row', { name: /Linen family/ });
  await row.waitFor();
  expect(await row.textContent()).toContain('By tag: linen-family');
  await page.getByRole('button', { name: 'Download CSV' }).waitFor();
  await page.getByRole('button', { name: 'Upload CSV' }).waitFor();
  await screenshot(page, 'product-groups-6-tag-list-1280');
  // on a phone the list fits the screen's width (no sideways scrolling)
  await page.setViewportSize({ width: 390, height: 800 });
  await screenshot(page, 'product-groups-7-tag-list-390');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // (at phone width the side menu's drawer may cover the list after the resize: the row is opened at desktop width)
  await page.setViewportSize({ width: 1280, height: 800 });
  await row.click();
  await page.getByRole('heading', { level: 1, name: 'Edit group' }).waitFor();
  await page.getByText('Products in the group now').waitFor();
  for (const p of [shirt, blue]) await page.getByText(p.title, { exact: true }).waitFor();
  await page.setViewportSize({ width: 390, height: 800 });
  await screenshot(page, 'product-groups-8-tag-edit-390');
  expect(errors).toEqual([]);
});

test('a group by metafield is made on the admin screen; its editor shows the metafield and its products', async () => {
  const { stack, browser } = env;
  const { domain, appToken, products } = await shopWithReviews(stack);
  const [shirt, blue] = products;
  for (const p of [shirt, blue])
    await stack.control(`/shops/${domain}/products/${p.id.split('/').pop()}/update`, { metafields: [{ namespace: CUSTOM, key: 'family', value: 'Linen' }] });
  const { page, errors } = await adminPage(browser, stack.appUrl, appToken);

  await page.goto(`${stack.appUrl}/product-groups/create`);
  await page.getByRole('heading', { level: 1, name: 'Add a group' }).waitFor();
  await page.getByLabel('Name *').fill('Linen by metafield');
  await page.getByLabel('By metafield').check();
  await page.getByLabel('Metafield namespace *').fill('custom');
  await page.getByLabel('Metafield key *').fill('family');
  await page.getByLabel('Metafield value *').fill('Linen');
  await screenshot(page, 'product-groups-9-metafield-form-1280');
  await page.getByRole('button', { name: 'Save' }).click();
  const row = page.getByRole('row', { name: /Linen by metafield/ });
  await row.waitFor();
  expect(await row.textContent()).toContain('By metafield: custom.family = Linen');

  await row.click();
  await page.getByRole('heading', { level: 1, name: 'Edit group' }).waitFor();
  expect(await page.getByLabel('Metafield namespace *').inputValue()).toBe('custom');
  for (const p of [shirt, blue]) await page.getByText(p.title, { exact: true }).waitFor();
  await page.setViewportSize({ width: 390, height: 800 });
  await screenshot(page, 'product-groups-10-metafield-edit-390');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(errors).toEqual([]);
});
