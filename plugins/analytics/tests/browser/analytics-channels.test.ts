// Issue 32 on the email screen, in Chromium against the real API, its own worker and the emulators:
// requests went by SMS, WhatsApp and email (tests/channel-shop.ts); the merchant sees the funnel of
// each channel as a chart and as a table, and what the text messages cost: Twilio's SMS priced, Meta's
// WhatsApp message counted by pricing category, said to have no amount. Screenshots at 1280 and 390 px.
import type { Browser, Locator, Page } from 'playwright-core';
import { adminPage, screenshot, startPlatformStack, startTestWorker, useBrowser, withPlugins, type PlatformStack } from '@plaudit/kernel/testing';
import { channelShop, EXPECTED } from '../channel-shop';

jest.setTimeout(240_000);

const env = {} as { stack: PlatformStack; browser: Browser };
useBrowser(
  () => startPlatformStack({ TEMPORAL_TASK_QUEUE: `analytics-channels-browser-${process.pid}` }),
  (stack, browser) => Object.assign(env, { stack, browser }),
);
let stopWorker: (() => Promise<void>) | undefined;
beforeAll(async () => {
  stopWorker = await startTestWorker(env.stack.api.config);
}, 120_000);
afterAll(async () => {
  await stopWorker?.();
});

const card = (page: Page, title: string) => page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function tableOf(section: Locator): Promise<string[][]> {
  const rows = section.getByRole('table').getByRole('row');
  return Promise.all((await rows.all()).map(async (r) => (await r.locator('th, td').allTextContents()).map((t) => t.trim())));
}

async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

withPlugins('messaging', 'review-requests')('the funnel by channel and the cost of text messages, on desktop and phone', async () => {
  const { stack, browser } = env;
  const s = await channelShop(stack);
  const { page, errors } = await adminPage(browser, stack.appUrl, s.appToken);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // the first visit counts the history; the screen answers once it is counted
  await page.goto(`${stack.appUrl}/analytics/email?period=7d`);
  const costs = card(page, 'Cost of text messages');
  await costs.getByRole('row', { name: /^SMS/ }).waitFor({ timeout: 90_000 });
  const byChannel = card(page, 'Funnel by channel');
  await byChannel.getByRole('figure').locator('svg').first().waitFor();
  await page.getByText("Meta's WhatsApp Cloud API reports no amount", { exact: false }).waitFor();
  await shoot(page, 'analytics-channels-1-desktop');

  expect(await tableOf(costs)).toEqual([
    ['Channel', 'Messages', 'With a price', 'Total cost', 'Per message', 'Currency', 'Billable, no amount reported (Meta)'],
    ['SMS', String(EXPECTED.sms), String(EXPECTED.sms), expect.stringMatching(/^\$0\.0\d$/), expect.stringMatching(/^\$0\.0\d+$/), 'USD', ''],
    ['WhatsApp', '1', '0', '–', '–', '', 'utility: 1'],
  ]);
  const toggle = byChannel.getByRole('button', { name: 'Table' });
  await toggle.focus();
  await toggle.press('Space');
  expect(await tableOf(byChannel)).toEqual([
    ['Channel', 'Sent', 'Delivered', 'Clicked', 'Started', 'Reviewed', 'Review rate'],
    ['Email', '1', '–', '0', '0', '0', '0%'],
    ['SMS', '2', '2', '0', '0', '0', '0%'],
    ['WhatsApp', '1', '1', '0', '0', '0', '0%'],
  ]);
  expect(errors).toEqual([]);

  const phone = await adminPage(browser, stack.appUrl, s.appToken, { width: 390, height: 844 });
  await phone.page.emulateMedia({ reducedMotion: 'reduce' });
  await phone.page.goto(`${stack.appUrl}/analytics/email?period=7d`);
  await card(phone.page, 'Cost of text messages').getByRole('row', { name: /^SMS/ }).waitFor({ timeout: 60_000 });
  await card(phone.page, 'Funnel by channel').getByRole('figure').locator('svg').first().waitFor();
  await shoot(phone.page, 'analytics-channels-2-phone');
  expect(phone.errors).toEqual([]);
});
