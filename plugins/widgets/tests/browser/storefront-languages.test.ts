// The widgets' scripts in the storefront's language, on the demo storefront of a German shop (the
// app's shop record says German; the emulated store's page is its primary locale, so the blocks show
// the snapshots, rendered in the shop's primary language): "load more" announces in German, the lightbox and the carousel's controls
// and the form's own photo check are German. Then, in Chromium, the layout a right-to-left language
// gets: a widget rendered with a pseudo-Arabic catalog mirrors.
import type { Browser } from 'playwright-core';
import { screenshot, updateShop, useBrowser } from '@plaudit/kernel/testing';
import { renderWidget } from '../../api/render';
import { widgetText } from '../../shared/widget-text';
import { pseudoRtlCatalog } from '../pseudo-rtl';
import { context, PRODUCT, review, summaryOf } from '../sample-data';
import { addReview, demoShop, openPage, poll, startWidgetStack, syncNow, type Stack } from './storefront-helpers';

jest.setTimeout(240_000);

let stack: Stack;
let browser: Browser;
useBrowser(
  () => startWidgetStack('widgets-languages'),
  (s, b) => {
    stack = s;
    browser = b;
  },
);

test('a German store: the scripts speak German', async () => {
  const shop = await demoShop(stack, { carousel: { minRating: 1 } });
  await updateShop(stack.api, shop.shopId, { primaryLocale: 'de' }); // before anything of the shop is rendered or kept
  const [hat] = shop.products;
  for (let i = 0; i < 7; i++) {
    await addReview(shop, {
      kind: 'product',
      productId: hat.id,
      productTitle: hat.title,
      productHandle: hat.handle,
      rating: 5 - (i % 3),
      content: `Bewertung Nummer ${i}.`,
      createdAt: new Date(Date.now() - i * 3_600_000).toISOString(),
      ...(i === 0
        ? {
            media: [
              { url: `${stack.emulator.url}/favicon.ico`, type: 'image' },
              { url: `${stack.emulator.url}/favicon.ico?2`, type: 'image' },
            ],
          }
        : {}),
    });
  }
  await syncNow(stack, shop);

  const { context: browserContext, page, errors } = await openPage(browser, shop.url(`/products/${hat.handle}`));
  const box = page.locator('.pl-w-review-box');
  expect(await box.getAttribute('lang')).toBe('de');
  await box.getByRole('button', { name: 'Weitere Bewertungen laden' }).click();
  await poll(() => box.locator('.pl-sr[role=status]').textContent()).toBe('7 Bewertungen werden angezeigt');

  await box.getByRole('link', { name: /^Foto 1 von 2/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Foto zur Bewertung' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Nächstes Foto' }).click();
  await dialog.getByText('2 / 2').waitFor();
  await dialog.getByRole('button', { name: 'Foto schließen' }).click();
  await dialog.waitFor({ state: 'detached' });

  await box.getByText('Bewertung schreiben').click();
  await box.getByLabel('Fotos (optional)').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
  await box.getByText('Dateityp nicht unterstützt (.gif, .jpg, .png)').waitFor();
  await screenshot(page, 'widgets-german-product');

  await page.goto(shop.url('/'));
  const carousel = page.locator('.pl-w-carousel');
  await carousel.getByRole('button', { name: 'Automatisches Blättern anhalten' }).click();
  expect(await carousel.locator('.pl-pause').getAttribute('aria-label')).toBe('Automatisches Blättern starten');
  expect(errors).toEqual([]);
  await browserContext.close();
});

test("right to left: the reply's rule, the stars' fill, the close button and the title sit on the mirrored side", async () => {
  const text = widgetText(pseudoRtlCatalog(), 'ar');
  const reviews = [review({ reply: { content: 'شكرا', at: '2026-11-02T00:00:00Z' } }), review({ rating: 3 })];
  const ctx = { ...context(), text, preview: true };
  const box = renderWidget('review-box', ctx, { product: PRODUCT, summary: summaryOf(reviews), page: { items: reviews, nextCursor: null } });
  const popup = renderWidget('popup', ctx, { reviews });
  const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
  await page.setContent(`<!doctype html><html><body style="margin:0;padding:20px">${box}${popup}</body></html>`);
  const geometry = await page.evaluate(() => {
    const widget = document.querySelector('.pl-w-review-box')!;
    const rect = (el: Element) => el.getBoundingClientRect();
    const [, threeStars] = Array.from(widget.querySelectorAll('.pl-review .pl-stars'));
    const reply = getComputedStyle(widget.querySelector('.pl-reply')!);
    const title = document.createRange();
    title.selectNodeContents(widget.querySelector('.pl-title')!);
    return {
      dir: getComputedStyle(widget).direction,
      replyRule: [reply.borderRightWidth, reply.borderLeftWidth],
      stars: rect(threeStars).toJSON(),
      fill: rect(threeStars.querySelector('.pl-stars-fill')!).toJSON(),
      titleRight: title.getBoundingClientRect().right,
      boxRight: rect(widget.querySelector('.pl-box')!).right,
      close: rect(document.querySelector('.pl-popup .pl-close')!).toJSON(),
      popup: rect(document.querySelector('.pl-popup')!).toJSON(),
    };
  });
  await screenshot(page, 'widgets-rtl');
  await page.close();
  expect(geometry.dir).toBe('rtl');
  expect(geometry.replyRule).toEqual(['3px', '0px']);
  // a 3-star review's fill grows from the right: its right edge is the stars', its left well short of theirs
  expect(Math.abs(geometry.fill.right - geometry.stars.right)).toBeLessThan(1);
  expect(geometry.fill.left - geometry.stars.left).toBeGreaterThan(geometry.stars.width * 0.3);
  expect(Math.abs(geometry.titleRight - geometry.boxRight)).toBeLessThan(1);
  expect(geometry.close.left - geometry.popup.left).toBeLessThan(geometry.popup.right - geometry.close.right);
});
