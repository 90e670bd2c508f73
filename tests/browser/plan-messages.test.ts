// Plan messages that agree with each other (issue 37): a full-access store sees no "needs the
// Advanced plan" gate on /subscription?tier=second and no Free per-import limit on the import
// screen, while a Free store installed before 9 May 2025 sees both; and a store on the 50% leave
// offer is told the offer ends before it switches to yearly billing.
import type { Browser } from 'playwright-core';
import { adminPage } from '../support/admin-session';
import { client, updateShop } from '../support/api';
import { screenshot, useBrowser } from '../support/browser';
import { startPlatformStack } from '../support/platform';

jest.setTimeout(120_000);

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
let browser: Browser;
useBrowser(
  () => startPlatformStack(),
  (s, b) => {
    stack = s;
    browser = b;
  },
);

const GATE = 'This feature needs the Advanced plan or higher.';
const FREE_LIMIT = 'On the Free plan, each import brings a limited number of reviews.';

test('a full-access store sees neither the plan gate nor the Free import limit; a Free store sees both', async () => {
  // installed now: full access on the Free plan
  const full = await stack.installShop();
  await updateShop(stack.api, full.shop.id, { plan: 'free', setupDone: true });
  const { page, errors } = await adminPage(browser, stack.appUrl, full.appToken);
  await page.goto(`${stack.appUrl}/subscription?tier=second`);
  await page.getByText('Your store has full access to every feature.').waitFor();
  expect(await page.getByText(GATE).count()).toBe(0);
  await screenshot(page, 'plan-messages-full-access');
  const limit = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/imports/limit');
  await page.goto(`${stack.appUrl}/collect-reviews/reviews/import`);
  expect((await (await limit).json()).data).toEqual({ runLimit: 10_000, limited: false });
  await page.getByRole('heading', { name: 'Import reviews from a file', level: 1 }).waitFor();
  expect(await page.getByText(FREE_LIMIT).count()).toBe(0);
  expect(errors).toEqual([]);

  const free = await stack.installShop();
  await updateShop(stack.api, free.shop.id, { plan: 'free', installedAt: new Date('2025-01-01'), setupDone: true });
  const other = await adminPage(browser, stack.appUrl, free.appToken);
  await other.page.goto(`${stack.appUrl}/subscription?tier=second`);
  await other.page.getByText(GATE).waitFor();
  await other.page.goto(`${stack.appUrl}/collect-reviews/reviews/import`);
  await other.page.getByText(FREE_LIMIT).waitFor();
  expect(other.errors).toEqual([]);
});

/** Subscribes through the API and approves on the emulator's confirmation page, then follows the return into the app. */
async function approve(http: ReturnType<typeof client>, path: string) {
  const res = await http.get(`/api/subscription/shopify/subscribe/${path}`);
  expect(res.body).toMatchObject({ success: true, isRedirect: true });
  const decided = await fetch(res.body.confirmationUrl, { method: 'POST', body: new URLSearchParams({ decision: 'approve' }), redirect: 'manual' });
  expect(decided.status).toBe(302);
  expect((await fetch(decided.headers.get('location')!, { redirect: 'manual' })).status).toBe(302);
}

test('on the leave offer, switching to yearly billing says first that the 50% ends', async () => {
  const { shop, appToken } = await stack.installShop();
  await updateShop(stack.api, shop.id, { plan: 'free', installedAt: new Date('2025-01-01'), setupDone: true });
  const http = client(stack.appUrl, appToken);
  await approve(http, 'pro');
  await approve(http, 'pro?offer=leave');
  expect((await http.get('/api/subscription')).body.data.discount).toMatchObject({ percentage: 50, leaveOffer: true });

  const { page, errors } = await adminPage(browser, stack.appUrl, appToken);
  await page.goto(`${stack.appUrl}/subscription`);
  await page.getByText('Discount: 50% off for 2 billing periods').waitFor();
  await page.getByRole('button', { name: 'Yearly (save 15%)' }).click();
  await page.getByTestId('plan-pro').getByRole('button', { name: 'Switch to yearly billing' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Your 50% offer ends with this change').waitFor();
  await screenshot(page, 'plan-messages-leave-offer');
  // keeping the offer changes nothing
  await dialog.getByRole('button', { name: 'Keep my offer' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(new URL(page.url()).pathname).toBe('/subscription');
  expect((await http.get('/api/subscription')).body.data).toMatchObject({ interval: 'monthly', discount: { leaveOffer: true } });
  // confirming goes on to Shopify's confirmation page for the yearly plan
  await page.getByTestId('plan-pro').getByRole('button', { name: 'Switch to yearly billing' }).click();
  await dialog.getByRole('button', { name: 'Change anyway' }).click();
  await page.getByRole('heading', { name: 'Approve subscription' }).waitFor();
  expect(errors).toEqual([]);
});
