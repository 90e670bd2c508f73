// The plan comparison's wording (issue 37, item 11): prices with their cents ("$19.90/month", not
// "$19.9/month") and every feature by its name ("Public API and webhooks", not "Public api").
import { adminPage, updateShop, usePlatformBrowser } from '@plaudit/kernel/testing';

jest.setTimeout(120_000);

const env = usePlatformBrowser();

test('the plans show cents and the features by their names', async () => {
  const { shop, appToken } = await env.stack.installShop();
  await updateShop(env.stack.api, shop.id, { plan: 'free', setupDone: true });
  const { page, errors } = await adminPage(env.browser, env.stack.appUrl, appToken);
  await page.goto(`${env.stack.appUrl}/subscription`);
  await page.getByTestId('plan-pro').getByText('$19.90/month', { exact: true }).waitFor();
  await page.getByText('Public API and webhooks', { exact: true }).waitFor();
  expect(await page.getByText(/\$\d+\.\d\/month/).count()).toBe(0);
  expect(errors).toEqual([]);
});
