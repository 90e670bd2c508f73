// The Syndication screen's Google card in Chromium, against the integrations emulator's Google
// double: a JSON key that is not one refused in the browser, a key of another pair refused by Google,
// then connected (the key never read back), the reviews already published pushed, counts and the
// re-sync shown, and analytics' overview counting it. Desktop (1280) and phone (390) screenshots.
import crypto from 'node:crypto';
import type { Browser } from 'playwright-core';
import {
  adminPage,
  client,
  eventually,
  type PlatformStack,
  screenshot,
  startPlatformStack,
  startTestWorker,
  updateShop,
  useBrowser,
  withPlugins,
} from '@plaudit/kernel/testing';

jest.setTimeout(180_000);

// a task queue and worker of its own: the push runs on this file's worker
const env = {} as { stack: PlatformStack; browser: Browser };
useBrowser(
  () => startPlatformStack({ TEMPORAL_TASK_QUEUE: `syndication-browser-${process.pid}` }),
  (stack, browser) => Object.assign(env, { stack, browser }),
);
let stopWorker: (() => Promise<void>) | undefined;
beforeAll(async () => {
  stopWorker = await startTestWorker(env.stack.api.config);
}, 120_000);
afterAll(async () => {
  await stopWorker?.();
});
const withSyndication = withPlugins('syndication', 'reviews', 'analytics');
const pair = () =>
  crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const jsonKey = (clientEmail: string, privateKey: string) =>
  JSON.stringify({ type: 'service_account', client_email: clientEmail, private_key: privateKey }, null, 2);

withSyndication('connect Google Merchant Center on the Syndication screen and see the reviews pushed (desktop and phone)', async () => {
  const { stack, browser } = env;
  const { appToken, domain, shop } = await stack.installShop();
  // the analytics overview is a paid plan's
  await updateShop(stack.api, shop.id, { plan: 'pro' });
  const http = client(stack.appUrl, appToken);
  const product = stack.emulator.store.shop(domain)!.products[0];
  const created = await http.post('/api/reviews', {
    productId: `gid://shopify/Product/${product.id}`,
    productTitle: product.title,
    productHandle: product.handle,
    rating: 5,
    content: 'Lovely.',
    firstName: 'Ada',
    lastName: 'Lovelace',
    status: 'published',
  });
  expect(created.status).toBe(201);
  const keys = pair();
  const account = { clientEmail: 'push@screen.iam.gserviceaccount.com', accountId: '5150', dataSourceId: '42' };
  stack.integrations.control('google-merchant', 'serviceAccount', { ...account, publicKey: keys.publicKey });

  const { page, errors } = await adminPage(browser, stack.appUrl, appToken);
  await page.goto(`${stack.appUrl}/display-settings/syndication`);
  const card = page.getByTestId('google-card');
  await card.getByText('Google Merchant Center product reviews (Merchant API)').waitFor();
  await card.getByLabel('Service account key (JSON)').fill('{"nope": true}');
  await card.getByLabel('Merchant Center account id').fill(account.accountId);
  await card.getByLabel('Product review data source id').fill(account.dataSourceId);
  await card.getByRole('button', { name: 'Connect' }).click();
  await card.getByText('This is not a service account JSON key', { exact: false }).waitFor();

  await card.getByLabel('Service account key (JSON)').fill(jsonKey(account.clientEmail, pair().privateKey));
  await card.getByRole('button', { name: 'Connect' }).click();
  await card.getByText('Google refused this key or account', { exact: false }).waitFor();
  await screenshot(page, 'syndication-google-1-refused-desktop');

  await card.getByLabel('Service account key (JSON)').fill(jsonKey(account.clientEmail, keys.privateKey));
  await card.getByRole('button', { name: 'Connect' }).click();
  await card.getByRole('button', { name: 'Disconnect' }).waitFor();
  // the re-sync the connect started: the review on Google, the counts on the card (read again while it runs)
  await eventually(
    async () => (stack.integrations.control('google-merchant', 'reviews', { accountId: account.accountId }) as unknown[]).length === 1 || undefined,
  );
  await page.reload();
  await card.getByTestId('google-counts').getByText('On Google: 1', { exact: false }).waitFor();
  await card.getByTestId('google-resync').waitFor();
  expect(await page.content()).not.toContain('PRIVATE KEY');
  await screenshot(page, 'syndication-google-2-connected-desktop');
  // analytics' overview counts the reviews Google holds now
  await page.goto(`${stack.appUrl}/analytics`);
  await page.getByTestId('syndicated-google').getByText('on Google (Merchant Center)').waitFor();
  expect(await page.getByTestId('syndicated-google').textContent()).toContain('1');
  expect(await page.getByTestId('syndicated-shopify').count()).toBe(0);
  await screenshot(page, 'syndication-google-4-analytics-desktop');
  // the one failed call is the refused connect, on purpose
  expect(errors).toEqual([expect.stringMatching(/status of 400 .*\/api\/integrations\/google-merchant\)$/)]);

  const phone = await adminPage(browser, stack.appUrl, appToken, { width: 390, height: 844 });
  await phone.page.goto(`${stack.appUrl}/display-settings/syndication`);
  await phone.page.getByTestId('google-counts').waitFor();
  await screenshot(phone.page, 'syndication-google-3-phone');
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(phone.errors).toEqual([]);
});
