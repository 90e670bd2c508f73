// The request queue counts in the language's plural forms (issue 37, item 11): "1 request", not
// "1 requests".
import { adminPage, updateShop, usePlatformBrowser } from '@plaudit/kernel/testing';
import { seedQueue } from './queue-helpers';

jest.setTimeout(120_000);

const env = usePlatformBrowser();

test("the queue's count takes the plural form of its number", async () => {
  const { shop, appToken } = await env.stack.installShop();
  await updateShop(env.stack.api, shop.id, { setupDone: true });
  const { page } = await adminPage(env.browser, env.stack.appUrl, appToken);
  await seedQueue(env.stack, shop.id, [{ order: 3001, status: 'waiting', customerName: 'Ada One' }]);
  await page.goto(`${env.stack.appUrl}/collect-reviews/review-request`);
  await page.getByText('Page 1 · 1 request', { exact: true }).waitFor();

  await seedQueue(env.stack, shop.id, [{ order: 3002, status: 'waiting', customerName: 'Bo Two' }]);
  await page.reload();
  await page.getByText('Page 1 · 2 requests', { exact: true }).waitFor();
});
