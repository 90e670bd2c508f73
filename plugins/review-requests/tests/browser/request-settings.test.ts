// /collect-reviews/setting-request in Chromium (spec sections 2, 5, 9): the preset delays with custom
// in days (hours with the delivery trigger), stored values shown as their preset, the 'enable
// delivery status' banner staying closed across a reload, and the Save regression of issue 22
// (per-country timing on then off left Save disabled, silently).
import type { Page } from 'playwright-core';
import { adminPage, client, eventually, screenshot, storeSettingsRaw, usePlatformBrowser } from '@plaudit/kernel/testing';

jest.setTimeout(120_000);

const env = usePlatformBrowser();

const delay = (page: Page) => page.getByRole('combobox', { name: 'Delay' });
const save = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });

async function choose(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function openSettings(viewport?: { width: number; height: number }, stored?: object) {
  const { shop, appToken } = await env.stack.installShop();
  if (stored) await storeSettingsRaw(env.stack.api, shop.id, 'review-requests', stored);
  const { page, errors } = await adminPage(env.browser, env.stack.appUrl, appToken, viewport);
  await page.goto(`${env.stack.appUrl}/collect-reviews/setting-request`);
  await save(page).waitFor();
  return { page, errors, shop, http: client(env.stack.appUrl, appToken) };
}

test('Save regression: per-country timing on then off, then a valid change can be saved', async () => {
  const { page, errors, http } = await openSettings();
  const toggle = page.getByLabel('Different timing per country');
  await toggle.check();
  await page.getByText('This field is required').waitFor();
  await toggle.uncheck();
  // nothing was entered: back to the saved copy, nothing to save and no message
  expect(await save(page).isDisabled()).toBe(true);
  expect(await page.getByText('Correct the fields marked in red to save').count()).toBe(0);

  await choose(page, 'Delay', '2 hours');
  await save(page).click();
  await page.getByText('Saved successfully').waitFor();
  expect((await http.get('/api/email')).body.data).toMatchObject({ sendAfter: 'custom', sendAfterCustom: 2, timeUnit: 'hour', isCustomTiming: false });

  // a row that names a country is kept while timing is off; an empty second row blocks nothing
  await toggle.check();
  await page.getByRole('combobox', { name: 'Countries' }).fill('Germ');
  await page.getByRole('option', { name: 'Germany (DE)' }).click();
  await page.getByRole('button', { name: 'Add country timing' }).click();
  await toggle.uncheck();
  await choose(page, 'Delay', '3 hours');
  expect(await save(page).isEnabled()).toBe(true);
  await save(page).click();
  await page.getByText('Saved successfully').waitFor();
  const saved = (await http.get('/api/email')).body.data;
  expect(saved).toMatchObject({ sendAfterCustom: 3, timeUnit: 'hour', isCustomTiming: false });
  expect(saved.timingCountries.map((r: { selectedCountries: string[] }) => r.selectedCountries)).toEqual([['DE']]);
  expect(errors).toEqual([]);
});

test('presets: section 9 list, custom in days (hours only after delivery), bounds message, stored values', async () => {
  const { page, errors, http } = await openSettings(undefined, { sendAfter: 'custom', sendAfterCustom: 120, timeUnit: 'minute', sendMethod: 'fulfillment' });
  // 120 minutes were saved before the presets: they show as the 2-hour preset
  expect(await delay(page).textContent()).toBe('2 hours');
  await delay(page).click();
  const options = await page.getByRole('option').allTextContents();
  expect(options).toEqual([
    '5 minutes',
    '10 minutes',
    '15 minutes',
    '20 minutes',
    '25 minutes',
    '30 minutes',
    '1 hour',
    ...Array.from({ length: 11 }, (_, i) => `${i + 2} hours`),
    '1 day',
    '2 days',
    '3 days',
    '4 days',
    '5 days',
    '1 week',
    '3 weeks',
    '1 month',
    'Custom',
  ]);
  await page.getByRole('option', { name: 'Custom' }).click();
  await page.getByRole('combobox', { name: 'Unit' }).click();
  expect(await page.getByRole('option').allTextContents()).toEqual(['days']);
  await page.getByRole('option', { name: 'days' }).click();
  await choose(page, 'After', 'delivery');
  await page.getByRole('combobox', { name: 'Unit' }).first().click();
  expect(await page.getByRole('option').allTextContents()).toEqual(['days', 'hours']);
  await page.keyboard.press('Escape');

  await page.getByLabel('Number', { exact: true }).fill('400');
  await page.getByText('Number needs to be between equal 1 and 365').waitFor();
  await page.getByText('Correct the fields marked in red to save').waitFor();
  expect(await save(page).isDisabled()).toBe(true);
  await page.getByLabel('Number', { exact: true }).fill('10');
  await save(page).click();
  await page.getByText('Saved successfully').waitFor();
  expect((await http.get('/api/email')).body.data).toMatchObject({ sendAfterCustom: 10, timeUnit: 'day', sendMethod: 'delivery' });

  // a value that is no preset stays custom after a reload
  await page.reload();
  await save(page).waitFor();
  expect(await delay(page).textContent()).toBe('Custom');
  expect(await page.getByLabel('Number', { exact: true }).inputValue()).toBe('10');
  expect(errors).toEqual([]);
});

test("the 'enable delivery status' banner: its action picks delivery; closed, it stays closed after a reload", async () => {
  const { page, errors, http } = await openSettings({ width: 390, height: 844 });
  const banner = page.getByTestId('delivery-status-banner');
  await banner.getByText('Enable delivery status').waitFor();
  await screenshot(page, 'request-settings-banner-phone');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // its action switches the trigger (unsaved); the delivery alert replaces it
  await banner.getByRole('button', { name: 'Send after delivery' }).click();
  await page.getByText('Delivery-based timing needs carriers that report delivery.', { exact: false }).waitFor();
  expect(await banner.count()).toBe(0);
  await page.getByRole('button', { name: 'Discard' }).click();
  await banner.waitFor();

  await banner.getByRole('button', { name: 'Close' }).click();
  await banner.waitFor({ state: 'detached' });
  // the banner hides at once; the shop's flag follows with the PUT
  await eventually(async () => (await http.get('/api/shops')).body.hideBannerSettingRequest === true, 15_000);
  await page.reload();
  await save(page).waitFor();
  await page.getByRole('combobox', { name: 'Delay' }).waitFor();
  expect(await banner.count()).toBe(0);
  expect(errors).toEqual([]);
});

test('screenshots: desktop and phone', async () => {
  for (const [name, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    const { page, errors } = await openSettings(viewport, {
      sendAfter: 'custom',
      sendAfterCustom: 4,
      timeUnit: 'hour',
      sendMethod: 'delivery',
      isCustomTiming: true,
      timingCountries: [
        { priority: 1, sendAfterCustom: 3, timeUnit: 'day', selectedCountries: ['DE', 'FR'] },
        { priority: 2, sendAfterCustom: 12, timeUnit: 'hour', selectedCountries: ['US'] },
      ],
    });
    expect(await delay(page).textContent()).toBe('4 hours');
    await page.getByRole('group', { name: 'Country timing 2' }).waitFor();
    await screenshot(page, `request-settings-${name}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(errors).toEqual([]);
    await page.context().close();
  }
});
