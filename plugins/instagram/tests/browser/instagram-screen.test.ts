// The Instagram feed screen in Chromium against the store and integrations emulators: Connect opens
// Instagram's window in a new tab, Allow brings the merchant back to our "connected" page, the screen
// shows @username and, once synced, the grid of posts from our own storage; a post is hidden and
// tagged with the Ceramic Coffee Mug, both kept after a reload; the storefront feed through the app
// proxy shows the three visible posts with the mug's post shoppable. Screenshots at 1280 and 390 px.
import type { Browser } from 'playwright-core';
import { adminPage, client, eventually, screenshot, startPlatformStack, startTestWorker, useBrowser, type PlatformStack } from '@plaudit/kernel/testing';

jest.setTimeout(180_000);

// a task queue of its own: the sync must run on this file's worker, not another test's on the shared server
const env = {} as { stack: PlatformStack; browser: Browser };
useBrowser(
  () => startPlatformStack({ TEMPORAL_TASK_QUEUE: `instagram-browser-${process.pid}` }),
  (stack, browser) => Object.assign(env, { stack, browser }),
);
let stopWorker: (() => Promise<void>) | undefined;
beforeAll(async () => {
  stopWorker = await startTestWorker(env.stack.api.config);
}, 120_000);
afterAll(async () => {
  await stopWorker?.();
});

test('connect through Instagram, see the synced posts, hide one and tag one with a product', async () => {
  const { stack, browser } = env;
  const { appToken, domain } = await stack.installShop();
  const username = `mugs.${Math.random().toString(36).slice(2, 7)}`;
  stack.integrations.control('instagram', 'login', { username });
  const { page, errors } = await adminPage(browser, stack.appUrl, appToken);

  await page.goto(`${stack.appUrl}/display-settings/instagram-feed`);
  await page.getByRole('heading', { name: 'Instagram feed', level: 1 }).waitFor();
  await page.getByText('asking other accounts for the rights').waitFor();
  await screenshot(page, 'instagram-1-not-connected-desktop');

  // Instagram's window opens in a new tab; Allow sends the merchant back to our callback page
  const [popup] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Connect Instagram' }).click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toContain('/hosts/www.instagram.com/oauth/authorize');
  await popup.getByText(`@${username}`).waitFor();
  await popup.locator('#allow').click();
  await popup.getByRole('heading', { name: 'Instagram connected' }).waitFor();
  expect(popup.url()).toContain(`${stack.appUrl}/instagram/oauth/callback`);
  await screenshot(popup, 'instagram-2-callback');
  await popup.close();

  // the screen notices by itself, then shows the synced posts (our own copies of the pictures)
  await page.getByText(`Connected as @${username}`).waitFor({ timeout: 60_000 });
  await page
    .getByText('Last sync:')
    .waitFor({ timeout: 60_000 })
    .catch(async (err) => {
      // a sync that failed says why in the account's lastSyncError
      console.log(JSON.stringify((await client(stack.appUrl, appToken).get('/api/instagram')).body));
      throw err;
    });
  await page.getByRole('heading', { name: 'Posts (4)' }).waitFor();
  const cards = page.locator('[data-post]');
  await eventually(async () => (await cards.count()) === 4);
  const sources = await page.locator('[data-post] img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
  expect(sources.every((s) => s.startsWith(`${stack.appUrl}/instagram/media/`))).toBe(true);
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-post] img')].every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
  );

  // hide the first post
  const first = cards.nth(0);
  await first.getByLabel('Shown').click();
  await page.getByText('Saved').first().waitFor();
  expect(await first.getByLabel('Shown').isChecked()).toBe(false);

  // tag the second with the mug
  const second = cards.nth(1);
  await second.getByRole('button', { name: 'Tag products' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tag products' });
  await dialog.getByLabel('Add a product').fill('Mug');
  await page.getByRole('option', { name: /Ceramic Coffee Mug/ }).click();
  await dialog.getByRole('button', { name: 'Ceramic Coffee Mug' }).waitFor();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await second.getByText('Ceramic Coffee Mug').waitFor();
  await screenshot(page, 'instagram-3-posts-desktop');

  // both kept after a reload
  await page.reload();
  await page.getByRole('heading', { name: 'Posts (4)' }).waitFor();
  expect(await page.locator('[data-post]').nth(0).getByLabel('Shown').isChecked()).toBe(false);
  await page.locator('[data-post]').nth(1).getByText('Ceramic Coffee Mug').waitFor();

  // the phone width: the grid in two columns, nothing wider than the screen
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('[data-post]').nth(3).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'instagram-4-posts-phone');
  expect(errors).toEqual([]);

  // the storefront: the theme block on the home page (grid) and the feed itself (carousel) through
  // the store's app proxy: three visible posts, the mug's post shoppable
  const pages = {
    grid: `${stack.emulator.url}/shops/${domain}/`,
    carousel: `${stack.emulator.url}/shops/${domain}/apps/plaudit/instagram/feed?layout=carousel`,
  };
  for (const [layout, viewport] of [
    ['grid', { width: 1280, height: 800 }],
    ['carousel', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(pages[layout]);
    // three visible posts: two pictures and the video, shown by its poster until pressed
    await eventually(async () => (await page.locator('.plaudit-ig [data-media]').count()) === 3);
    expect([await page.locator('.plaudit-ig img').count(), await page.locator('.plaudit-ig video[poster]').count()]).toEqual([2, 1]);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.plaudit-ig img')].every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
    );
    expect(await page.locator('a[data-product]').getAttribute('href')).toBe('/products/ceramic-coffee-mug');
    await page.locator('.plaudit-ig').scrollIntoViewIfNeeded();
    await screenshot(page, `instagram-5-storefront-${layout}`);
  }
  // the video plays in place when the shopper presses play (the player's own button: bottom left,
  // 48 px up, where Chromium draws it on small players)
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(pages.grid);
  const video = page.locator('.plaudit-ig video');
  await video.scrollIntoViewIfNeeded();
  const box = (await video.boundingBox())!;
  await video.click({ position: { x: 24, y: box.height - 48 } });
  await page.waitForFunction(
    () => {
      const v = document.querySelector<HTMLVideoElement>('.plaudit-ig video');
      return !!v && !v.paused && v.currentTime > 0.3;
    },
    undefined,
    { timeout: 30_000 },
  );
  await screenshot(page, 'instagram-6-video-playing');
});
