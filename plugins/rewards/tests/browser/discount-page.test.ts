// /collect-reviews/discount in Chromium: the FTC sentence, the reminder checked against the expiry
// before saving, save and reload, the second-tier gate (switching rewards on below it leads to the
// plans), points as the reward once a loyalty app is connected; desktop and phone screenshots.
import { adminPage, screenshot, updateShop, usePlatformBrowser } from '@plaudit/kernel/testing';

jest.setTimeout(120_000);

const env = usePlatformBrowser();

test('rewards are switched on with a reminder inside the expiry, saved, and still there after a reload', async () => {
  const { stack, browser } = env;
  const { appToken } = await stack.installShop();
  const { page, errors } = await adminPage(browser, stack.appUrl, appToken);
  await page.goto(`${stack.appUrl}/collect-reviews/discount`);
  await page.getByRole('heading', { name: 'Discounts for reviews', level: 1 }).waitFor();
  await page.getByText('US law (FTC 16 CFR 465.4 and 255.5)', { exact: false }).waitFor();

  await page.getByLabel('Reward reviews with a discount code').check();
  await page.getByLabel('Code valid for (days)').fill('5');
  await page.getByLabel('Expiry reminder (days before)').fill('6');
  await page.getByText('the expiry reminder field is required and must be at most the expiry days').waitFor();
  expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
  await page.getByLabel('Expiry reminder (days before)').fill('2');
  await page.getByLabel('Minimum characters').fill('80');
  await page.getByText('Fill at least 80 characters').waitFor();
  await screenshot(page, 'rewards-1-settings-desktop');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('saved successfully').waitFor();

  await page.reload();
  await page.getByLabel('Code valid for (days)').and(page.locator('[value="5"]')).waitFor();
  expect(await page.getByLabel('Reward reviews with a discount code').isChecked()).toBe(true);
  expect(await page.getByLabel('Expiry reminder (days before)').inputValue()).toBe('2');
  expect(errors).toEqual([]);

  const phone = await adminPage(browser, stack.appUrl, appToken, { width: 390, height: 844 });
  await phone.page.goto(`${stack.appUrl}/collect-reviews/discount`);
  await phone.page.getByRole('heading', { name: 'Discounts for reviews', level: 1 }).waitFor();
  await screenshot(phone.page, 'rewards-2-settings-phone');
});

test('below the second tier, switching rewards on leads to the plans', async () => {
  const { stack, browser } = env;
  const { shop, appToken } = await stack.installShop();
  await updateShop(stack.api, shop.id, { plan: 'pro', installedAt: new Date('2025-01-01'), setupDone: true });
  const { page } = await adminPage(browser, stack.appUrl, appToken);
  await page.goto(`${stack.appUrl}/collect-reviews/discount`);
  await page.getByLabel('Reward reviews with a discount code').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL('**/subscription?tier=second');
});

test('points as the reward: offered only with a loyalty app connected, then chosen with its note (desktop and phone)', async () => {
  const { stack, browser } = env;
  const { shop, appToken } = await stack.installShop();
  const { page, errors } = await adminPage(browser, stack.appUrl, appToken);
  await page.goto(`${stack.appUrl}/collect-reviews/discount`);
  expect(await page.getByLabel('Loyalty points (connect a loyalty app in Integrations)').isDisabled()).toBe(true);

  await stack.api.runtime.services.integrations.connect(shop.id, 'smile', { privateKey: 'smile_key', activityToken: 'activity_review' });
  await page.reload();
  await page.getByLabel('Loyalty points through Smile.io').check();
  await page.getByTestId('points-note').getByText('Smile.io gives its points for every shopper', { exact: false }).waitFor();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('saved successfully').waitFor();
  await screenshot(page, 'rewards-3-points-desktop');
  await page.reload();
  expect(await page.getByLabel('Loyalty points through Smile.io').isChecked()).toBe(true);
  expect(errors).toEqual([]);

  const phone = await adminPage(browser, stack.appUrl, appToken, { width: 390, height: 844 });
  await phone.page.goto(`${stack.appUrl}/collect-reviews/discount`);
  await phone.page.getByTestId('points-note').waitFor();
  await screenshot(phone.page, 'rewards-4-points-phone');
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
