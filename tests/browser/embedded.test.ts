// The embedded admin as the Shopify admin opens it: /embed?embedded=1&shop=...&host=... with App
// Bridge (here the store emulator's stand-in) in <head>; every API call carries a session token.
import { collectPageErrors, screenshot } from '../support/browser';
import { usePlatformBrowser } from '../support/platform-browser';

const env = usePlatformBrowser();

test('App Bridge loads first in <head> and the admin works on session tokens alone', async () => {
  const { domain } = await env.stack.installShop();
  const page = await env.browser.newPage();
  const errors = collectPageErrors(page);
  const authorizations: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/')) authorizations.push(r.headers().authorization ?? '');
  });
  const host = Buffer.from(`admin.shopify.com/store/${domain.split('.')[0]}`).toString('base64url');
  await page.goto(`${env.stack.appUrl}/embed?embedded=1&shop=${domain}&host=${host}`);
  // a new shop's launch lands on its onboarding
  await page.getByRole('heading', { level: 1, name: 'Set up Plaudit' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/embed/onboarding');
  const head = await page.evaluate(() => document.head.innerHTML);
  expect(head.indexOf('app-bridge.js')).toBeGreaterThan(-1);
  expect(head.indexOf('app-bridge.js')).toBeLessThan(head.indexOf('type="module"'));
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.waitForURL('**/embed/settings');
  expect(authorizations.length).toBeGreaterThan(0);
  // Session tokens (Shopify's JWT), never an app token from local storage.
  for (const a of authorizations) expect(JSON.parse(Buffer.from(a.split('.')[1], 'base64url').toString()).dest).toBe(`https://${domain}`);
  expect(await page.evaluate(() => localStorage.getItem('plaudit.token'))).toBeNull();
  await screenshot(page, 'embedded-settings');
  expect(errors).toEqual([]);
});
