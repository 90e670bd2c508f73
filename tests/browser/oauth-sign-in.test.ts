// A merchant signs in through the store emulator's OAuth, as a newcomer would with `npm start`.
import type { Browser } from 'playwright-core';
import { collectPageErrors, screenshot, useBrowser } from '../support/browser';
import { startPlatformStack } from '../support/platform';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
let browser: Browser;
// @shopify/shopify-api refuses OAuth callbacks from bots, and HeadlessChrome's default agent is one.
const userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

useBrowser(
  () => startPlatformStack(),
  (s, b) => {
    stack = s;
    browser = b;
  },
);

test('shop domain -> consent page -> install -> the admin, where a new shop lands on onboarding', async () => {
  const { domain } = await stack.installShop();
  const page = await browser.newPage({ userAgent });
  const errors = collectPageErrors(page);
  await page.goto(`${stack.appUrl}/auth/login`);
  await page.getByLabel('Shop domain').fill(domain);
  await page.getByRole('button', { name: 'Continue with Shopify' }).click();
  await page.waitForURL(`${stack.emulator.url}/**`);
  await screenshot(page, 'oauth-consent');
  await page.getByRole('button', { name: /install/i }).click();
  await page.getByRole('heading', { level: 1, name: 'Set up Plaudit' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/onboarding');
  expect(new URL(page.url()).hash).toBe('');
  await screenshot(page, 'oauth-signed-in');
  expect(errors).toEqual([]);
});

test('a bad shop domain is refused on the sign-in page', async () => {
  const page = await browser.newPage({ userAgent });
  await page.goto(`${stack.appUrl}/auth/login`);
  await page.getByLabel('Shop domain').fill('not a shop!');
  await page.getByRole('button', { name: 'Continue with Shopify' }).click();
  await page.getByText('Invalid domain').waitFor();
  expect(new URL(page.url()).pathname).toBe('/auth/login');
});

test('a development store ends on the not-supported page', async () => {
  const page = await browser.newPage({ userAgent });
  await page.goto(`${stack.appUrl}/auth/login`);
  await page.getByLabel('Shop domain').fill('plaudit-dev.myshopify.com');
  await page.getByRole('button', { name: 'Continue with Shopify' }).click();
  await page.waitForURL(`${stack.emulator.url}/**`);
  await page.getByRole('button', { name: /install/i }).click();
  await page.getByText('This store is not supported').waitFor();
  await screenshot(page, 'not-supported');
});
