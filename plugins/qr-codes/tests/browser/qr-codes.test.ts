// Issue 13 "done when", in Chromium against the store emulator: the merchant picks the adorable
// preset and a title (the editor's limits and counters), generates the card of the Ceramic Coffee
// Mug, downloads ceramic-coffee-mug.png, and the code decoded from that file opens a phone page on
// which a guest writes a review with a photo; the review is in Manage reviews as written by guest.
// Also: the printed page holds the card alone at A6, and below the second tier Generate leads to the
// plans. Screenshots at 1280 and 390 px.
import fs from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { adminPage, collectPageErrors, downloadedFile, productPng, screenshot, updateShop, usePlatformBrowser } from '@plaudit/kernel/testing';

jest.setTimeout(150_000);

const env = usePlatformBrowser();
const PHONE = { width: 390, height: 844 };

async function decodePng(file: string) {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { info, code: jsQR(new Uint8ClampedArray(data), info.width, info.height) };
}

async function openDialog(page: Page, product: string) {
  await page.getByRole('button', { name: `Generate: ${product}` }).click();
  const dialog = page.getByRole('dialog', { name: `QR code for ${product}` });
  await dialog.getByRole('button', { name: 'Download PNG' }).and(page.locator(':enabled')).waitFor();
  return dialog;
}

test('done when: the adorable card of the mug is downloaded, its code opens a phone page, and a guest review with a photo reaches Manage reviews', async () => {
  const { stack, browser } = env;
  const { appToken } = await stack.installShop();
  const { page, errors } = await adminPage(browser, stack.appUrl, appToken);

  // the card editor: preset, title capped at 20 with its counter, description counter
  await page.goto(`${stack.appUrl}/collect-reviews/qr-code/edit-for-product`);
  await page.getByRole('heading', { name: 'Edit QR card', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Adorable' }).click();
  const title = page.getByLabel('Title', { exact: true });
  await title.fill('');
  await title.pressSequentially('Tell us how you like it!');
  expect(await title.inputValue()).toBe('Tell us how you like '.slice(0, 20));
  await page.getByText('20/20').waitFor();
  await page.getByLabel('Description', { exact: true }).fill('Scan, rate, done.');
  await page.getByText('17/110').waitFor();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('saved successfully').waitFor();
  expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
  await screenshot(page, 'qr-1-editor-desktop');

  // the list, the dialog, the download
  await page.goto(`${stack.appUrl}/collect-reviews/qr-code`);
  await page.getByRole('heading', { name: 'QR codes', level: 1 }).waitFor();
  await page.getByRole('row', { name: /Ceramic Coffee Mug/ }).waitFor();
  await screenshot(page, 'qr-2-list-desktop');
  const dialog = await openDialog(page, 'Ceramic Coffee Mug');
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download PNG' }).click()]);
  expect(download.suggestedFilename()).toBe('ceramic-coffee-mug.png');
  const file = await downloadedFile(download);
  const { info, code } = await decodePng(file);
  expect([info.width, info.height]).toEqual([1240, 1748]);
  expect(code?.data).toMatch(new RegExp(`^${stack.appUrl}/q/[a-z2-9]{8}$`));
  fs.copyFileSync(file, path.join(path.dirname(await screenshot(page, 'qr-3-dialog-desktop')), 'qr-card-ceramic-coffee-mug.png'));

  // the shopper scans it: a phone page, a review with a photo
  const shopper = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const phone = await shopper.newPage();
  const phoneErrors = collectPageErrors(phone);
  await phone.goto(code!.data);
  await phone.getByRole('heading', { name: 'Ceramic Coffee Mug' }).waitFor();
  await screenshot(phone, 'qr-4-review-page-phone');
  await phone.getByLabel('4 stars').check({ force: true });
  await phone.getByLabel('Your review').fill('Holds a big coffee and the glaze is lovely.');
  await phone.getByLabel('First name').fill('Mia');
  await phone.getByLabel('Email').fill('mia@example.com');
  await phone.getByLabel(/^Photos/).setInputFiles({ name: 'mug.png', mimeType: 'image/png', buffer: productPng('#c0583a', 320) });
  await phone.getByRole('button', { name: 'Submit review' }).click();
  await phone.getByRole('heading', { name: 'Thank you!' }).waitFor();
  await screenshot(phone, 'qr-5-thanks-phone');
  expect(phoneErrors).toEqual([]);

  // Manage reviews, filtered by source 'Written by guest'
  await page.goto(`${stack.appUrl}/reviews/list`);
  await page.getByLabel('Source').click();
  await page.getByRole('option', { name: 'Written by guest' }).click();
  await page.waitForURL(/source=guest/);
  await page.getByTestId('review-row').filter({ hasText: 'Holds a big coffee' }).waitFor();
  await screenshot(page, 'qr-7-manage-reviews-guest');
  expect(errors).toEqual([]);
});

test('print: the printed page is the card alone, at A6 or on a 4 x 6 inch label', async () => {
  const { stack, browser } = env;
  const { appToken } = await stack.installShop();
  const { page } = await adminPage(browser, stack.appUrl, appToken);
  await page.goto(`${stack.appUrl}/collect-reviews/qr-code`);
  const dialog = await openDialog(page, 'Linen Tote Bag');
  await page.locator('.qr-print img').waitFor({ state: 'attached' });

  await page.emulateMedia({ media: 'print' });
  await page.locator('.qr-print img').waitFor({ state: 'visible' });
  expect(await page.getByRole('dialog').isVisible()).toBe(false);
  expect(await page.locator('#root').isVisible()).toBe(false);
  const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
  expect(pdf.match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
  const [, w, h] = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf)!;
  // 105 x 148 mm in points
  expect([Math.round(Number(w)), Math.round(Number(h))]).toEqual([298, 420]);

  await page.emulateMedia({ media: 'screen' });
  await dialog.getByLabel('Print size').click();
  await page.getByRole('option', { name: '4 × 6 inch label' }).click();
  await page.locator('.qr-print[data-size="label"] img').waitFor({ state: 'attached' });
  await page.emulateMedia({ media: 'print' });
  const label = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
  const [, lw, lh] = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(label)!;
  expect([Math.round(Number(lw)), Math.round(Number(lh))]).toEqual([288, 432]);
});

test('below the second tier, Generate leads to the plans; the list at phone width', async () => {
  const { stack, browser } = env;
  const { shop, appToken } = await stack.installShop();
  await updateShop(stack.api, shop.id, { plan: 'pro', installedAt: new Date('2025-01-01'), setupDone: true });
  const { page } = await adminPage(browser, stack.appUrl, appToken, PHONE);
  await page.goto(`${stack.appUrl}/collect-reviews/qr-code`);
  await page.getByRole('row', { name: /Linen Tote Bag/ }).waitFor();
  await screenshot(page, 'qr-6-list-phone');
  await page.getByRole('button', { name: 'Generate: Linen Tote Bag' }).click();
  await page.waitForURL('**/subscription?tier=second');
});
