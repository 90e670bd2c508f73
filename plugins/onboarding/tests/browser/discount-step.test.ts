// The onboarding's discount step (issue 37): it sets up the real reward in place (method, value,
// minimums) through the rewards plugin and counts as done only once the reward is on; skipping it
// records a skip, not a done step. A store whose plan lacks rewards is sent to the plans.
import { adminPage, client, screenshot, updateShop, usePlatformBrowser } from '@plaudit/kernel/testing';

jest.setTimeout(120_000);

const env = usePlatformBrowser();
const heading = (page: import('playwright-core').Page, name: string) => page.getByRole('heading', { name, exact: true }).waitFor();

test('the reward is set up in the step, and only then is the step done', async () => {
  const { stack, browser } = env;
  const { appToken } = await stack.installShop();
  const http = client(stack.appUrl, appToken);
  const { page, errors } = await adminPage(browser, stack.appUrl, appToken);
  await page.goto(`${stack.appUrl}/onboarding?step=discount`);
  await heading(page, 'Reward reviews with a discount');
  expect(await page.getByText('does not have yet').count()).toBe(0);
  await page.getByLabel('Fixed amount').check();
  await page.getByLabel('Discount value').fill('5');
  await page.getByLabel('Minimum characters in the review').fill('80');
  await page.getByLabel('Photos that make a photo review').fill('1');
  await page.getByRole('link', { name: 'More reward options' }).waitFor();
  await screenshot(page, 'onboarding-discount-step');
  await page.getByRole('button', { name: 'Turn on the reward' }).click();
  await heading(page, 'Ask past customers for reviews');

  expect((await http.get('/api/shops')).body.quickstart).toMatchObject({ discount: true });
  expect((await http.get('/api/discounts/settings')).body.data).toMatchObject({
    enableDiscount: true,
    typeDiscount: 'fixed',
    valueMode: 'all',
    valueAll: 5,
    charactersRequired: 80,
    photoRequired: 1,
  });
  expect(errors).toEqual([]);
});

test('skipping the step records a skip and leaves the reward off; a plan without rewards links to the plans', async () => {
  const { stack, browser } = env;
  const { shop, appToken } = await stack.installShop();
  // installed before 9 May 2025 on Free: rewards need the Advanced plan
  await updateShop(stack.api, shop.id, { plan: 'free', installedAt: new Date('2025-01-01') });
  const http = client(stack.appUrl, appToken);
  const { page } = await adminPage(browser, stack.appUrl, appToken);
  await page.goto(`${stack.appUrl}/onboarding?step=discount`);
  await page.getByText('Rewards for reviews need the Advanced plan or higher.').waitFor();
  expect(await page.getByRole('button', { name: 'Turn on the reward' }).isDisabled()).toBe(true);
  await page.getByRole('link', { name: 'See plans' }).waitFor();
  await page.getByRole('button', { name: 'Skip', exact: true }).click();
  await heading(page, 'Ask past customers for reviews');
  expect((await http.get('/api/shops')).body.quickstart).toMatchObject({ discount: false });
  expect((await http.get('/api/discounts/settings')).body.data.enableDiscount).toBe(false);
});
