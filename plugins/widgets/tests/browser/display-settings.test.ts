// The display-settings screens in a real browser: the live preview follows every keystroke before
// saving; Save answers with a toast and survives a reload; leaving with unsaved changes asks first;
// a free shop sees custom CSS behind the plan gate on /branding.
import type { Browser, Page } from 'playwright-core';
import { adminPage, client, createShop, eventually, screenshot, startPlatformStack, type TestApi, useBrowser } from '@plaudit/kernel/testing';
import { displayStore } from '../../api/display-store';

jest.setTimeout(120_000);

// The store emulator answers the product picker's /api/shopify/searchProducts.
let stack: Awaited<ReturnType<typeof startPlatformStack>>;
let api: TestApi;
let browser: Browser;

useBrowser(
  () => startPlatformStack(),
  (s, b) => {
    stack = s;
    api = s.api;
    browser = b;
  },
);

/** The shop's stored display document (the plugin's own settings namespace, as saved: no defaults). */
const saved = async (shopId: number): Promise<Record<string, any>> => displayStore(api.runtime.services.settings).display.get(shopId);
const preview = (page: Page) => page.getByTestId('widget-preview');
/** The colour the preview paints its filled stars with (inside the Shadow DOM root). */
const starColour = (page: Page) =>
  preview(page)
    .locator('.pl-stars-fill')
    .first()
    .evaluate((el) => getComputedStyle(el).color);

test('box: the preview follows the form, Save keeps it, leaving with changes asks first', async () => {
  const { token, shop } = await createShop(api, { name: 'Display Shop', plan: 'pro' });
  const { page, errors } = await adminPage(browser, api.url, token);

  await page.goto(`${api.url}/display-settings`);
  await page.getByRole('heading', { level: 1, name: 'Display reviews' }).waitFor();
  for (const name of ['Review box', 'Star rating', 'Testimonials', 'Upsell ratings', 'Instagram feed'])
    await page.getByRole('heading', { level: 2, name }).waitFor();
  await screenshot(page, 'display-settings-hub');
  await page.getByRole('link', { name: /Review box/ }).click();
  await page.waitForURL('**/display-settings/box');

  await page.getByRole('heading', { level: 1, name: 'Review box' }).waitFor();
  const save = page.getByRole('button', { name: 'Save' });
  await preview(page).locator('.pl-title', { hasText: 'Customer reviews' }).waitFor();
  expect(await save.isDisabled()).toBe(true);
  expect(await starColour(page)).toBe('rgb(245, 166, 35)');

  // every change shows before saving
  await page.getByLabel('Title', { exact: true }).fill('What buyers think');
  await preview(page).locator('.pl-title', { hasText: 'What buyers think' }).waitFor();
  await page.getByLabel('Star colour', { exact: true }).fill('#ff0000');
  await eventually(async () => (await starColour(page)) === 'rgb(255, 0, 0)', 5000);
  // a value the schema refuses shows the catalogue's message and blocks Save; the preview keeps the last good one
  await page.getByLabel('Reviews per page', { exact: true }).fill('40');
  await page.getByText('Number needs to be less than or equal to 20').waitFor();
  expect(await save.isDisabled()).toBe(true);
  await page.getByLabel('Reviews per page', { exact: true }).fill('3');
  await eventually(async () => (await preview(page).locator('.pl-list > li').count()) === 3, 5000);
  await screenshot(page, 'display-settings-box');

  await save.click();
  await page.getByText('Saved successfully').waitFor();
  await eventually(() => save.isDisabled(), 5000);
  const stored = await saved(shop.id);
  expect(stored.reviewBox).toMatchObject({ title: 'What buyers think', perPage: 3 });
  expect(stored.general.starColor).toBe('#ff0000');

  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Review box' }).waitFor();
  await preview(page).locator('.pl-title', { hasText: 'What buyers think' }).waitFor();
  expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('What buyers think');
  expect(await starColour(page)).toBe('rgb(255, 0, 0)');

  // leaving with unsaved changes: the prompt; Cancel stays, Leave page goes
  await page.getByLabel('Title', { exact: true }).fill('Not saved yet');
  await page.getByRole('menuitem', { name: 'Branding' }).click();
  const dialog = page.getByRole('dialog', { name: 'Discard all unsaved changes' });
  await dialog.waitFor();
  await screenshot(page, 'display-settings-leave-prompt');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(new URL(page.url()).pathname).toBe('/display-settings/box');
  expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Not saved yet');
  await page.getByRole('menuitem', { name: 'Branding' }).click();
  await dialog.getByRole('button', { name: 'Leave page' }).click();
  await page.waitForURL('**/branding');
  await page.getByRole('heading', { level: 1, name: 'Branding' }).waitFor();
  // Discard returns to the saved copy, and then nothing asks on the way out
  await page.getByLabel('Text colour', { exact: true }).fill('#123456');
  await page.getByRole('button', { name: 'Discard' }).click();
  expect(await page.getByLabel('Text colour', { exact: true }).inputValue()).toBe('#1f2328');
  await page.getByRole('menuitem', { name: 'Display reviews' }).click();
  await page.getByRole('heading', { level: 1, name: 'Display reviews' }).waitFor();
  expect(errors).toEqual([]);
});

test('testimonials: chosen reviews and products from the shop, recent count 1..10, all in the preview', async () => {
  const { shop, appToken } = await stack.installShop();
  const created = await client(api.url, appToken).post('/api/reviews', {
    productId: 'gid://shopify/Product/1',
    productTitle: 'Ceramic Coffee Mug',
    rating: 5,
    content: 'Chosen for the testimonials wall',
    firstName: 'Rita',
    lastName: 'Moreno',
    status: 'published',
  });
  expect(created.status).toBe(201);
  const { page, errors } = await adminPage(browser, stack.appUrl, appToken);
  await page.goto(`${stack.appUrl}/display-settings/testimonial`);
  await page.getByRole('heading', { level: 1, name: 'Testimonials' }).waitFor();

  // reviews I choose: picked from the shop's published reviews, shown in the preview at once
  // the combobox itself: while a Select's menu closes, its listbox carries the same label
  await page.getByRole('combobox', { name: 'Source', exact: true }).click();
  await page.getByRole('option', { name: 'Reviews I choose' }).click();
  await page.getByRole('combobox', { name: 'Chosen reviews' }).fill('testimonials wall');
  await page.getByRole('option', { name: /Rita M\.: Chosen for the testimonials wall/ }).click();
  await preview(page).getByText('Chosen for the testimonials wall').waitFor();

  // most recent: 3 by default, at most 10
  // the combobox itself: while a Select's menu closes, its listbox carries the same label
  await page.getByRole('combobox', { name: 'Source', exact: true }).click();
  await page.getByRole('option', { name: 'Most recent' }).click();
  const count = page.getByLabel('Number of recent reviews', { exact: true });
  expect(await count.inputValue()).toBe('3');
  await preview(page).getByText('Perfect size for tea', { exact: false }).waitFor();
  await count.fill('11');
  await page.getByText('Number needs to be less than or equal to 10').waitFor();
  await count.fill('2');
  await preview(page).getByText('Perfect size for tea', { exact: false }).waitFor({ state: 'detached' });
  await preview(page).getByText('Holds a big coffee', { exact: false }).waitFor();

  // products from the catalogue (the emulated Shopify)
  await page.getByRole('combobox', { name: 'Only reviews of these products' }).click();
  await page.getByRole('option', { name: 'Ceramic Coffee Mug' }).click();
  await page.getByRole('button', { name: 'Ceramic Coffee Mug' }).waitFor();
  await screenshot(page, 'display-settings-testimonial');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved successfully').waitFor();
  const stored = (await saved(shop.id)).testimonial;
  expect(stored).toMatchObject({
    source: 'recent',
    maxRecentReviews: 2,
    selectedReviews: [created.body.id],
    selectedProducts: [expect.stringMatching(/^gid:\/\/shopify\/Product\/\d+$/)],
  });
  expect(errors).toEqual([]);
});

test('branding beside its preview; on a phone the preview goes below the form', async () => {
  const { token } = await createShop(api, { name: 'Branding Shop', plan: 'pro' });
  const { page, errors } = await adminPage(browser, api.url, token);
  await page.goto(`${api.url}/branding`);
  await page.getByRole('heading', { level: 1, name: 'Branding' }).waitFor();
  expect(await page.getByLabel('Custom CSS', { exact: true }).isDisabled()).toBe(false);
  await screenshot(page, 'branding-pro');

  // a phone: the preview goes below the form
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${api.url}/display-settings/star-rating`);
  await page.getByRole('heading', { level: 1, name: 'Star rating' }).waitFor();
  const form = await page.getByLabel('Star size (px)', { exact: true }).boundingBox();
  const frame = await preview(page).boundingBox();
  expect(frame!.y).toBeGreaterThan(form!.y);
  await screenshot(page, 'display-settings-star-rating-phone');
  expect(errors).toEqual([]);
});

test('branding on a free plan: custom CSS and branding removal show the tier gate', async () => {
  const { token } = await createShop(api, { name: 'Free Shop', plan: 'free', installedAt: new Date('2024-03-01T00:00:00Z') });
  const { page, errors } = await adminPage(browser, api.url, token);
  await page.goto(`${api.url}/branding`);
  await page.getByRole('heading', { level: 1, name: 'Branding' }).waitFor();
  expect(await page.getByLabel('Custom CSS', { exact: true }).isDisabled()).toBe(true);
  await page.getByText('Custom CSS comes with the Pro plan and above.').waitFor();
  expect(await page.getByLabel('Remove the Plaudit branding').isDisabled()).toBe(true);
  const plans = page.getByRole('link', { name: 'See plans' }).first();
  expect(await plans.getAttribute('href')).toBe('/subscription?tier=base');
  // the free parts still save
  await page.getByLabel('Accent colour', { exact: true }).fill('#005bd3');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved successfully').waitFor();
  await screenshot(page, 'branding-free');
  expect(errors).toEqual([]);
});
