// Done when (issue 20): a customer's 10-second video review plays in the review box. In Chromium,
// at phone width: the review page from a request email, a video chosen and sent in chunks by
// tus-js-client, the review sent; then the emulated product page, where the review box shows the
// poster and the video plays when the shopper presses it; and Manage reviews, where the merchant
// sees its poster and plays it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminPage, client, eventually, screenshot, usePlatformBrowser, withPlugins } from '@plaudit/kernel/testing';
import { makeVideo, writeLinkFor } from '../helpers';

jest.setTimeout(180_000);
const env = usePlatformBrowser();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-video-browser-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

withPlugins('reviews', 'widgets')("done when: a customer's 10-second video review plays in the review box", async () => {
  const { file } = await makeVideo(dir, 'ten-seconds.mp4', 10);
  const { domain, product, url, appToken } = await writeLinkFor(env.stack);
  const products = await env.stack.api.runtime.services.platform!.adminApi(domain).products({ first: 20 });
  const handle = products.nodes.find((p) => p.id === product)!.handle;

  // the review page on a phone: the video field appears with its script, says its limits, uploads
  const phone = await (await env.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  const errors: string[] = [];
  phone.on('pageerror', (e) => errors.push(e.message));
  await phone.goto(url);
  await phone.getByText('One video: MP4, MOV or WebM, up to 100 MB and 60 seconds.').waitFor();
  await phone.locator('label[for="r5"]').click();
  await phone.getByLabel('Your review', { exact: false }).fill('It pours without a drop, see for yourself.');
  await phone.locator('#videoFile').setInputFiles(file);
  await phone.getByText('Video uploaded.', { exact: false }).waitFor({ timeout: 60_000 });
  await phone.getByLabel('What you say in the video', { exact: false }).fill('Pouring coffee');
  await screenshot(phone, 'video-review-page-390');
  const id = await phone.locator('input[name=video]').inputValue();
  expect(id).toMatch(/^[0-9a-f]{32}$/);
  await phone.getByRole('button', { name: /submit|send/i }).click();
  await phone.getByText('Thank you', { exact: false }).waitFor();

  // transcoded by the workflow, then joined to its review (the VideoTranscoded event's delivery, after
  // `ready`): the product page is loaded once, so it must find the video already in the review's media
  await eventually(
    async () => {
      const upload = await env.stack.api.knex('video_uploads').where({ id }).first();
      if (upload?.status !== 'ready') return false;
      // through the reviews plugin's API: its table is not this plugin's (tests/unit/plugin-boundaries.test.ts)
      const review = await client(env.stack.appUrl, appToken).get(`/api/reviews/${upload.reviewId}`);
      return (review.body.media ?? []).some((m: { type: string }) => m.type === 'video');
    },
    90_000,
    500,
  );
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ]) {
    const page = await (await env.browser.newContext({ viewport: { width, height } })).newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${env.stack.emulator.url}/shops/${domain}/products/${handle}`);
    const video = page.locator('video.pl-video');
    await video.waitFor();
    expect(await video.getAttribute('poster')).toMatch(/\/media\/video\/[0-9a-f]{32}\.jpg$/);
    expect(await video.evaluate((v: HTMLVideoElement) => [v.paused, v.readyState === 0 || v.currentTime === 0])).toEqual([true, true]);
    await video.scrollIntoViewIfNeeded();
    await screenshot(page, `video-review-box-${width}`);
    if (width === 1280) {
      // the shopper presses play on the player's own controls (the button at its left, mid-height)
      await video.click({ position: { x: 24, y: 72 } });
      const state = () =>
        video.evaluate((v: HTMLVideoElement) => ({
          paused: v.paused,
          time: v.currentTime,
          error: v.error?.message ?? v.error?.code ?? null,
          ready: v.readyState,
          h264: v.canPlayType('video/mp4; codecs="avc1.64001f, mp4a.40.2"'),
        }));
      await eventually(
        async () => {
          const s = await state();
          if (s.error) throw new Error(JSON.stringify(s));
          return !s.paused && s.time > 0.5;
        },
        30_000,
        250,
      ).catch(async (err) => {
        throw new Error(`${(err as Error).message}; ${JSON.stringify(await state())}`);
      });
      await screenshot(page, 'video-review-playing-1280');
    }
  }
  // the merchant moderating sees the video's poster in Manage reviews, and plays it there
  const admin = await adminPage(env.browser, env.stack.appUrl, appToken);
  await admin.page.goto(`${env.stack.appUrl}/reviews/list`);
  const tile = admin.page.getByTestId('review-media').getByRole('button', { name: 'Video' });
  await tile.waitFor();
  expect(await tile.locator('img').getAttribute('src')).toMatch(/\/media\/video\/[0-9a-f]{32}\.jpg$/);
  await tile.click();
  const player = admin.page.getByRole('dialog', { name: 'Video' }).locator('video');
  await player.waitFor();
  expect(await player.locator('track[kind=captions]').count()).toBe(1);
  await player.evaluate((v: HTMLVideoElement) => ((v.muted = true), v.play()));
  await eventually(() => player.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0.5), 30_000, 250);
  await screenshot(admin.page, 'video-review-admin-player-1280');
  expect([...errors, ...admin.errors]).toEqual([]);
});

withPlugins('reviews', 'widgets')("the storefront's review form takes a video: its script loads when one is chosen, the review goes with it", async () => {
  const { file } = await makeVideo(dir, 'three-seconds.mp4', 3);
  const { domain } = await env.stack.installShop();
  const [product] = (await env.stack.api.runtime.services.platform!.adminApi(domain).products({ first: 1 })).nodes;
  const page = await (await env.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const loaded: string[] = [];
  page.on('request', (r) => r.url().includes('/r/video/upload.js') && loaded.push(r.url()));
  await page.goto(`${env.stack.emulator.url}/shops/${domain}/products/${product.handle}`);
  await page.getByText('Write a review', { exact: true }).click();
  const form = page.locator('form[data-pl-form]');
  await form.getByText('One video: MP4, MOV or WebM, up to 100 MB and 60 seconds.').waitFor();
  // nothing of the upload is loaded for a shopper who sends no video
  expect(loaded).toEqual([]);
  await form.locator('label[title="4 stars"]').click();
  await form.getByLabel('Review', { exact: true }).fill('The clip shows the colour in daylight.');
  await form.getByLabel('First name').fill('Noor');
  await form.getByLabel('Email').fill('noor@example.com');
  await form.getByLabel('Video (optional)').setInputFiles(file);
  page.on('console', (m) => errors.push(`console: ${m.text()}`));
  page.on('requestfailed', (r) => errors.push(`failed: ${r.method()} ${r.url()} ${r.failure()?.errorText}`));
  await form
    .getByText('Video uploaded.', { exact: false })
    .waitFor({ timeout: 20_000 })
    .catch(async (err) => {
      throw new Error(`${(err as Error).message}\nstatus: ${await form.locator('[data-pl-video-status]').textContent()}\n${errors.join('\n')}`);
    });
  expect(loaded).toHaveLength(1);
  await screenshot(page, 'video-storefront-form-390');
  const id = await form.locator('input[name=video]').inputValue();
  await form.getByRole('button', { name: 'Submit review' }).click();
  await form.getByText('Thank you! Your review has been received.', { exact: false }).waitFor();
  await eventually(async () => (await env.stack.api.knex('video_uploads').where({ id }).first())?.status === 'ready', 90_000, 500);
  // the form is ready for another review: the sent video is not kept
  expect(await form.locator('input[name=video]').inputValue()).toBe('');
  expect(errors).toEqual([]);
});
