// "Your reviews" in Chromium (issue 33), at phone and desktop widths: the review page from a request
// email carries the link; the customer writes a review, follows the link from the thanks page,
// lowers their stars (live at once), rewrites it with a photo, downloads their data and deletes it;
// the storefront feed follows each step. Screenshots: test-results/self-service-*.png.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { collectPageErrors, downloadedFile, screenshot, usePlatformBrowser } from '@plaudit/kernel/testing';
import { ReviewFeed } from '@plaudit/contracts/reviews';
import { writeLinkFor } from '../helpers';

jest.setTimeout(120_000);

const env = usePlatformBrowser();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function feedOf(shop: { id: number; shopifyDomain: string }, productId: string) {
  const feed = env.stack.api.runtime.services.capabilities.require(ReviewFeed);
  return (await feed.reviews(env.stack.api.runtime.services.tenant(shop.id, shop.shopifyDomain), { productId, limit: 10 })).items;
}

/** The page has no horizontal scroll at this width (nothing wider than the phone). */
async function fitsWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

test('write a review, open "your reviews" from the thanks page, lower the stars, rewrite with a photo, download, delete', async () => {
  const { shop, url, product } = await writeLinkFor(env.stack);
  const phone = await env.browser.newContext({ viewport: PHONE });
  const page = await phone.newPage();
  const errors = collectPageErrors(page);

  await page.goto(url);
  await page.getByRole('heading', { name: /How do you like/ }).waitFor();
  // the signed review page itself carries the link
  expect(await page.getByRole('link', { name: 'See, change or delete your reviews' }).count()).toBe(1);
  await page.locator('label[for="r5"]').click();
  await page.getByLabel('Your review').fill('Soft and warm, five stars.');
  await page.getByRole('button', { name: 'Submit review' }).click();
  await page.getByRole('heading', { name: 'Thank you!' }).waitFor();
  await page.getByRole('link', { name: 'See, change or delete your reviews' }).click();
  await page.getByRole('heading', { name: /Your reviews at/ }).waitFor();
  const [written] = await feedOf(shop, product);
  expect(written).toMatchObject({ rating: 5, content: 'Soft and warm, five stars.' });
  const card = page.locator(`#review-${written.id}`);
  expect(await card.getByText('Live on the store').count()).toBe(1);
  expect(await fitsWidth(page)).toBe(true);
  await screenshot(page, 'self-service-1-phone-list');

  // two stars, nothing else: saved and live at once
  await card.locator(`label[for="r${written.id}-2"]`).click();
  await card.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Your changes are saved and live on the store.').waitFor();
  expect((await feedOf(shop, product))[0]).toMatchObject({ id: written.id, rating: 2 });
  await screenshot(page, 'self-service-2-phone-saved');
  const mine = page.url();
  await phone.close();

  // at a desktop: new words and a photo (the shop publishes new reviews at once, so does the edit)
  const desktop = await env.browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  const wide = await desktop.newPage();
  const wideErrors = collectPageErrors(wide);
  await wide.goto(mine.split('?')[0]);
  const wideCard = wide.locator(`#review-${written.id}`);
  await wideCard.getByLabel('Your review').fill('It pilled after two washes.');
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
  await wideCard.locator(`#photos-${written.id}`).setInputFiles({ name: 'pilling.png', mimeType: 'image/png', buffer: photo });
  await wideCard.getByRole('button', { name: 'Save changes' }).click();
  await wide.getByText('Your changes are saved and live on the store.').waitFor();
  const [edited] = await feedOf(shop, product);
  expect(edited).toMatchObject({ rating: 2, content: 'It pilled after two washes.' });
  expect(edited.media).toHaveLength(1);
  expect(await wide.locator(`#review-${written.id} .photos img`).count()).toBe(1);
  await screenshot(wide, 'self-service-3-desktop-edited');

  // download my data: this review, as JSON
  const [download] = await Promise.all([wide.waitForEvent('download'), wide.getByRole('link', { name: 'Download my data (JSON)' }).click()]);
  const data = JSON.parse(fs.readFileSync(await downloadedFile(download), 'utf8'));
  expect(data.reviews.map((r: { id: number }) => r.id)).toEqual([written.id]);
  expect(data.changes).toHaveLength(2);

  // delete asks once more (no script: a disclosure), then the review is gone for good
  await wideCard.getByText('Delete this review').click();
  await wideCard.getByText('Deleting cannot be undone').waitFor();
  await screenshot(wide, 'self-service-4-desktop-delete-asks');
  await wideCard.getByRole('button', { name: 'Delete for good' }).click();
  await wide.getByText('Your review was deleted.').waitFor();
  expect(await wide.getByText('You have no reviews at this store.').count()).toBe(1);
  expect(await feedOf(shop, product)).toEqual([]);
  await screenshot(wide, 'self-service-5-desktop-deleted');
  await desktop.close();
  expect([...errors, ...wideErrors]).toEqual([]);
});

test('an expired link at phone width offers a fresh one by email', async () => {
  const { shop } = await writeLinkFor(env.stack);
  const token = env.stack.api.runtime.services.links.sign('reviews.mine', shop.shopifyDomain, { email: 'late@example.com' }, -60);
  const phone = await env.browser.newContext({ viewport: PHONE });
  const page = await phone.newPage();
  await page.goto(`${env.stack.appUrl}/r/mine/${token}`);
  await page.getByRole('heading', { name: 'This link has expired' }).waitFor();
  await screenshot(page, 'self-service-6-phone-expired');
  await page.getByRole('button', { name: 'Email me a new link' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
  expect(await page.getByText('We sent a new link to your reviews to late@example.com.').count()).toBe(1);
  expect(await fitsWidth(page)).toBe(true);
  await phone.close();
});
