// Manage reviews in Chromium (issue 22): a delete asks in the app's own dialog and says what
// happens (the recycle bin for the retention setting's days, restorable; or for good), testimonial
// reviews carry a badge, a review's photos show as thumbnails that open full size, and the edit page tells the merchant that a customer's review needs an
// edit request first, and sends it.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { adminPage, client, eventually, listMail, screenshot, updateShop, usePlatformBrowser } from '@plaudit/kernel/testing';
import { cleanImage, storeImage } from '../../api/collect/media';

jest.setTimeout(120_000);

const env = usePlatformBrowser();

async function insertReview(shopId: number, content: string, fields: Record<string, unknown> = {}): Promise<number> {
  const [row] = await env.stack.api
    .knex('reviews')
    .insert({ shopId, kind: 'store', rating: 4, content, firstName: 'Rae', source: 'admin', status: 'published', ...fields })
    .returning('id');
  return row.id;
}

const reviewRow = (page: Page, content: string) => page.getByTestId('review-row').filter({ hasText: content });

async function rowAction(page: Page, content: string, action: string) {
  await reviewRow(page, content).getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

async function signedIn(viewport?: { width: number; height: number }) {
  const { shop, appToken } = await env.stack.installShop();
  const { page, errors } = await adminPage(env.browser, env.stack.appUrl, appToken, viewport);
  return { shop, page, errors, http: client(env.stack.appUrl, appToken) };
}

const statusOf = async (id: number) => (await env.stack.api.knex('reviews').where({ id }).first())?.status;

test('delete: the dialog names the recycle bin and its days; the review lands there, restorable; from the bin it goes for good', async () => {
  const { shop, page, errors, http } = await signedIn();
  expect((await http.put('/api/reviews/settings', { trashRetentionDays: 15 })).status).toBe(200);
  const id = await insertReview(shop.id, 'Into the bin with this one');
  await page.goto(`${env.stack.appUrl}/reviews/list`);

  await rowAction(page, 'Into the bin with this one', 'Delete');
  const toBin = page.getByRole('dialog', { name: 'Move to the recycle bin?' });
  await toBin
    .getByText('It is kept there for 15 days: until then you can restore it from the Recycle bin tab; after that it is deleted for good.', { exact: false })
    .waitFor();
  expect(await toBin.textContent()).not.toContain('cannot be restored');
  await screenshot(page, 'reviews-delete-dialog');
  await toBin.getByRole('button', { name: 'Cancel' }).click();
  await toBin.waitFor({ state: 'detached' });
  expect(await statusOf(id)).toBe('published');

  await rowAction(page, 'Into the bin with this one', 'Delete');
  await toBin.getByRole('button', { name: 'Move to recycle bin' }).click();
  await page.getByText('Deleted', { exact: true }).waitFor();
  await reviewRow(page, 'Into the bin with this one').waitFor({ state: 'detached' });
  expect(await statusOf(id)).toBe('trash');

  await page.getByRole('tab', { name: 'Recycle bin' }).click();
  await reviewRow(page, 'Into the bin with this one').waitFor();
  await rowAction(page, 'Into the bin with this one', 'Delete');
  const forGood = page.getByRole('dialog', { name: 'Delete for good?' });
  await forGood.getByText('This review will be deleted for good. It cannot be restored.').waitFor();
  await forGood.getByRole('button', { name: 'Delete for good' }).click();
  await reviewRow(page, 'Into the bin with this one').waitFor({ state: 'detached' });
  expect(await statusOf(id)).toBeUndefined();
  expect(errors).toEqual([]);
});

test('delete while the recycle bin cannot be checked: the dialog says so, deletes nothing, and checks again on request', async () => {
  const { shop, page } = await signedIn();
  const id = await insertReview(shop.id, 'Kept while the check fails');
  // the browser's calls for the recycle-bin setting fail (the admin retries each query 3 times)
  // until the merchant asks again
  let failing = true;
  await page.route('**/api/reviews/recycle-bin', (route) =>
    failing ? route.fulfill({ status: 503, json: { success: false, message: 'Service unavailable' } }) : route.continue(),
  );
  await page.goto(`${env.stack.appUrl}/reviews/list`);

  await rowAction(page, 'Kept while the check fails', 'Delete');
  const failed = page.getByRole('dialog', { name: 'Could not check the recycle bin' });
  await failed.getByText('(Service unavailable). Nothing has been deleted.', { exact: false }).waitFor({ timeout: 60_000 });
  expect(await failed.getByRole('button', { name: 'Cancel' }).isEnabled()).toBe(true);
  await screenshot(page, 'reviews-delete-check-failed');
  expect(await statusOf(id)).toBe('published');

  failing = false;
  await failed.getByRole('button', { name: 'Check again' }).click();
  const toBin = page.getByRole('dialog', { name: 'Move to the recycle bin?' });
  await toBin.getByRole('button', { name: 'Move to recycle bin' }).click();
  await reviewRow(page, 'Kept while the check fails').waitFor({ state: 'detached' });
  expect(await statusOf(id)).toBe('trash');
});

test('delete without a recycle bin on the plan: the bulk dialog says the reviews go for good (phone)', async () => {
  const { shop, page, errors } = await signedIn({ width: 390, height: 844 });
  // a Free shop installed before full access (9 May 2025) has no recycle bin
  await updateShop(env.stack.api, shop.id, { plan: 'free', installedAt: new Date('2024-03-01T00:00:00Z') });
  const ids = [await insertReview(shop.id, 'First of a pair'), await insertReview(shop.id, 'Second of a pair')];
  await page.goto(`${env.stack.appUrl}/reviews/list`);
  await reviewRow(page, 'First of a pair').getByRole('checkbox', { name: 'Select the review by Rae' }).check();
  // one of two: "Select all" shows a partial selection
  expect(await page.getByRole('checkbox', { name: 'Select all' }).evaluate((box: HTMLInputElement) => box.indeterminate)).toBe(true);
  await reviewRow(page, 'Second of a pair').getByRole('checkbox').check();
  // the bulk bar floats at the window's bottom edge, below the table
  const bar = page.getByTestId('bulk-bar');
  const [barBox, tableBox] = [await bar.boundingBox(), await page.getByTestId('reviews-table').boundingBox()];
  expect(barBox!.y + barBox!.height).toBeLessThanOrEqual(844);
  expect(barBox!.y).toBeGreaterThanOrEqual(tableBox!.y + tableBox!.height);
  await screenshot(page, 'reviews-bulk-bar-phone');
  await bar.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete for good?' });
  await dialog.getByText('Your plan has no recycle bin, so these 2 reviews will be deleted for good. They cannot be restored.').waitFor();
  await screenshot(page, 'reviews-delete-dialog-phone');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await eventually(async () => (await env.stack.api.knex('reviews').whereIn('id', ids)).length === 0, 15_000);
  expect(errors).toEqual([]);
});

test('a testimonial review carries a badge in the list', async () => {
  const { shop, page, errors } = await signedIn();
  await insertReview(shop.id, 'Quoted on the home page', { testimonial: true });
  await insertReview(shop.id, 'Not quoted anywhere');
  await page.goto(`${env.stack.appUrl}/reviews/list`);
  await reviewRow(page, 'Quoted on the home page').getByText('Testimonial', { exact: true }).waitFor();
  expect(await reviewRow(page, 'Not quoted anywhere').getByText('Testimonial', { exact: true }).count()).toBe(0);
  await rowAction(page, 'Not quoted anywhere', 'Add to testimonials');
  await reviewRow(page, 'Not quoted anywhere').getByText('Testimonial', { exact: true }).waitFor();
  await screenshot(page, 'reviews-testimonial-badge');
  // a selection brings the bulk bar, below the table; keyboard focus on a button shows a ring (no ripple)
  await reviewRow(page, 'Not quoted anywhere').getByRole('checkbox').check();
  await page.getByTestId('bulk-bar').getByText('1 selected').waitFor();
  await page.keyboard.press('Tab');
  await screenshot(page, 'reviews-bulk-bar');
  expect(errors).toEqual([]);
});

test("a review's photos show as thumbnails in the list; one opens full size (desktop and phone)", async () => {
  const photo = async (r: number, g: number, b: number) =>
    storeImage(
      env.stack.api.config.dataDir,
      await cleanImage(
        await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r, g, b } } })
          .png()
          .toBuffer(),
      ),
    );
  const media = [await photo(200, 60, 40), await photo(40, 90, 200)];
  for (const [name, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    const { shop, page, errors } = await signedIn(viewport);
    await insertReview(shop.id, 'Two photos of the mug', { media: JSON.stringify(media) });
    await insertReview(shop.id, 'Words only');
    await page.goto(`${env.stack.appUrl}/reviews/list`);
    const thumbs = reviewRow(page, 'Two photos of the mug').getByTestId('review-media').getByRole('button');
    await thumbs.nth(1).waitFor();
    expect(await thumbs.count()).toBe(2);
    expect(await reviewRow(page, 'Words only').getByTestId('review-media').count()).toBe(0);
    // the thumbnail is the smallest rendition, and it loaded
    const small = thumbs.first().locator('img');
    await eventually(() => small.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0), 10_000);
    expect(await small.getAttribute('src')).toBe(media[0].variants![0].url);
    await screenshot(page, `reviews-media-thumbnails-${name}`);

    await page.getByRole('button', { name: 'Photo 2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Photo 2' });
    const full = dialog.locator('img');
    await eventually(() => full.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0), 10_000);
    expect(await full.getAttribute('src')).toBe(media[1].url);
    expect(await full.evaluate((i: HTMLImageElement) => i.getBoundingClientRect().width <= window.innerWidth)).toBe(true);
    await screenshot(page, `reviews-media-open-${name}`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await page.context().close();
  }
});

test("the edit page: a customer's review needs an edit request first; the page says so and sends it", async () => {
  for (const [name, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    const { shop, page, errors } = await signedIn(viewport);
    const email = `cora-${name}-${Date.now()}@example.com`;
    const id = await insertReview(shop.id, 'Wrote this myself', { source: 'customer', email, firstName: 'Cora' });
    await page.goto(`${env.stack.appUrl}/reviews/edit/${id}`);
    const notice = page.getByTestId('edit-block');
    await notice.getByText('An edit request comes first').waitFor();
    await notice.getByText('A customer wrote this review, so you can change it only with their consent.', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await screenshot(page, `reviews-edit-needs-request-${name}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    await notice.getByRole('button', { name: 'Send edit request' }).click();
    await page.getByText('Edit request sent').waitFor();
    await notice.getByText('Waiting for the customer').waitFor();
    await notice.getByRole('button', { name: 'Send the request again' }).waitFor();
    expect(await env.stack.api.knex('reviews').where({ id }).first()).toMatchObject({ editRequest: 'unconfirmed' });
    await eventually(async () => listMail(process.env.DATA_DIR!).some((m) => m.envelopeTo.includes(email)), 30_000);

    // no email on the review: nothing to send, and the page says why
    const silent = await insertReview(shop.id, 'Left no address', { source: 'guest' });
    await page.goto(`${env.stack.appUrl}/reviews/edit/${silent}`);
    await notice.getByText('Email not found, unable to send edit request').waitFor();
    expect(await notice.getByRole('button').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  }
});
