// The general tab of /settings in a real browser: every field changed, saved, kept across a reload;
// a bad number or email shows spec section 5's message and keeps Save off; a free shop is told that
// deletes skip the recycle bin. Screenshots at desktop and phone width.
import type { Browser, Page } from 'playwright-core';
import { adminPage, client, createShop, eventually, screenshot, startTestApi, type TestApi, useBrowser } from '@plaudit/kernel/testing';

jest.setTimeout(120_000);

let api: TestApi;
let browser: Browser;
useBrowser(
  () => startTestApi(),
  (s, b) => {
    api = s;
    browser = b;
  },
);

const save = (page: Page) => page.getByRole('button', { name: 'Save' });
const days = (page: Page) => page.getByLabel('After (days)');

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('general tab: each field changes, saves and survives a reload; bad values show their message', async () => {
  const { token } = await createShop(api, { name: 'General Shop', plan: 'pro', email: 'owner@general.example' });
  const { page, errors } = await adminPage(browser, api.url, token);
  await page.goto(`${api.url}/settings`);
  // general is the first tab: /settings opens on it
  await page.getByRole('tab', { name: 'General', selected: true }).waitFor();
  await page.getByRole('heading', { name: 'Who can write reviews' }).waitFor();
  expect(await page.getByText('On your plan deleted reviews are removed at once').count()).toBe(0);
  expect(await save(page).isDisabled()).toBe(true);

  await page.getByLabel('Only customers who bought the product').check();
  await page.getByLabel('Hold new reviews until I publish them').check();
  expect(await page.getByLabel('Publish held reviews automatically').isChecked()).toBe(true);
  expect(await days(page).inputValue()).toBe('14');
  await days(page).fill('400');
  await page.getByText('Number needs to be between equal 1 and 365').waitFor();
  expect(await save(page).isDisabled()).toBe(true);
  await days(page).fill('');
  await page.getByText('This field is required').waitFor();
  expect(await save(page).isDisabled()).toBe(true);
  await days(page).fill('21');
  await pick(page, 'Keep deleted reviews for', '15 days');
  await page.getByLabel('Rich snippets').uncheck();
  await page.getByLabel('Customer photos and videos').uncheck();
  await page.getByLabel('Email me about new reviews (at most once an hour)').uncheck();
  await page.getByLabel('Send new reviews to').fill('team@general.example');
  await page.getByLabel('Send negative reviews to').fill('not-an-email');
  await page.getByText('Invalid email').waitFor();
  expect(await save(page).isDisabled()).toBe(true);
  await screenshot(page, 'settings-general-invalid');
  await page.getByLabel('Send negative reviews to').fill('care@general.example');
  await pick(page, 'A review is negative at', '2 stars or fewer');
  expect(await save(page).isDisabled()).toBe(false);
  await save(page).click();
  await page.getByText('Saved successfully').waitFor();
  await eventually(() => save(page).isDisabled(), 10_000);

  await page.reload();
  await page.getByRole('heading', { name: 'Who can write reviews' }).waitFor();
  expect(await page.getByLabel('Only customers who bought the product').isChecked()).toBe(true);
  expect(await page.getByLabel('Hold new reviews until I publish them').isChecked()).toBe(true);
  expect(await days(page).inputValue()).toBe('21');
  expect(await page.getByRole('combobox', { name: 'Keep deleted reviews for' }).textContent()).toBe('15 days');
  expect(await page.getByLabel('Rich snippets').isChecked()).toBe(false);
  expect(await page.getByLabel('Customer photos and videos').isChecked()).toBe(false);
  expect(await page.getByLabel('Email me about new reviews (at most once an hour)').isChecked()).toBe(false);
  expect(await page.getByLabel('Email me at once about negative reviews').isChecked()).toBe(true);
  expect(await page.getByLabel('Send new reviews to').inputValue()).toBe('team@general.example');
  expect(await page.getByLabel('Send negative reviews to').inputValue()).toBe('care@general.example');
  expect(await page.getByRole('combobox', { name: 'A review is negative at' }).textContent()).toBe('2 stars or fewer');
  expect(await save(page).isDisabled()).toBe(true);
  expect((await client(api.url, token).get('/api/reviews/settings')).body.data).toEqual({
    customerEligibility: 'buyers',
    autoPublish: 'hold',
    autoPublishHeldAfterDays: 21,
    trashRetentionDays: 15,
    richSnippets: false,
    ugcDisplay: false,
    enabledEmailNewReview: false,
    enabledEmailNegativeReview: true,
    receiverNewReview: 'team@general.example',
    receiverNegativeReview: 'care@general.example',
    negativeThreshold: 2,
  });

  // never auto-publish: saved as null, the days field goes away and stays away after a reload
  await page.getByLabel('Publish held reviews automatically').uncheck();
  await save(page).click();
  await page.getByText('Saved successfully').waitFor();
  await page.reload();
  await page.getByRole('heading', { name: 'Who can write reviews' }).waitFor();
  expect(await page.getByLabel('Publish held reviews automatically').isChecked()).toBe(false);
  expect(await days(page).count()).toBe(0);
  await screenshot(page, 'settings-general');
  expect(errors).toEqual([]);
});

test('general tab on a phone, and a free shop told that deletes skip the recycle bin', async () => {
  const { token } = await createShop(api, { name: 'Free Shop', plan: 'free', installedAt: new Date('2024-03-01T00:00:00Z') });
  const { page, errors } = await adminPage(browser, api.url, token, { width: 390, height: 844 });
  await page.goto(`${api.url}/settings/general`);
  await page.getByText('On your plan deleted reviews are removed at once. The recycle bin comes with the paid plans.').waitFor();
  expect(await page.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/subscription?tier=base');
  // no sideways scrolling at phone width
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'settings-general-phone');
  expect(errors).toEqual([]);
});
