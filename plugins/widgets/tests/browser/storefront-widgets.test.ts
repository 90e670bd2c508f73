// The widgets on the demo storefront, as a shopper sees them: the theme extension's Liquid (with the
// app's snapshots in metafields) renders every widget without JavaScript; with it, "load more", the
// star filter, the lightbox, the carousel, the popup's timings and the sidebar work; a review written
// with a photo through the form appears once the merchant publishes it; the all-reviews page links
// to the shop's "How reviews are collected" page.
import type { Browser, Page } from 'playwright-core';
import { productPng } from '@plaudit/kernel/testing';
import { screenshot, useBrowser } from '@plaudit/kernel/testing';
import {
  addReview,
  demoShop,
  openPage,
  poll,
  reviewByContent,
  startWidgetStack,
  syncNow,
  withSnapshotSchedulePaused,
  type DemoShop,
  type Stack,
} from './storefront-helpers';

jest.setTimeout(240_000);

let stack: Stack;
let browser: Browser;
useBrowser(
  () => startWidgetStack('widgets-storefront'),
  (s, b) => {
    stack = s;
    browser = b;
  },
);

const DISPLAY = {
  popup: { delayMs: 800, showMs: 1500, hideMs: 1000 },
  sidebar: { enabled: true },
  testimonial: { enabled: true, source: 'recent', maxRecentReviews: 3 },
  carousel: { minRating: 1 },
};

let shop: DemoShop;
beforeAll(async () => {
  shop = await demoShop(stack, DISPLAY);
  const [hat, other] = shop.products;
  // 12 reviews of the first product: ratings 5,4,3,... newest first (their dates, not the order they
  // are written in: they are written at once); one with photos
  const written = Array.from({ length: 12 }, (_, i) =>
    addReview(shop, {
      kind: 'product',
      productId: hat.id,
      productTitle: hat.title,
      productHandle: hat.handle,
      rating: 5 - (i % 5),
      title: `Title ${i}`,
      content: `Review number ${i} of the ${hat.title}.`,
      firstName: ['Ava', 'Liam', 'Mia'][i % 3],
      lastName: 'Stone',
      createdAt: new Date(Date.now() - i * 3_600_000).toISOString(),
      ...(i === 0
        ? {
            media: [
              { url: `${stack.emulator.url}/favicon.ico`, type: 'image' },
              { url: `${stack.emulator.url}/favicon.ico?2`, type: 'image' },
            ],
          }
        : {}),
    }),
  );
  written.push(
    addReview(shop, {
      kind: 'product',
      productId: other.id,
      productTitle: other.title,
      productHandle: other.handle,
      rating: 4,
      content: 'Solid and handsome.',
    }),
    addReview(shop, { kind: 'store', rating: 5, content: 'Lovely shop, fast delivery.' }),
  );
  await Promise.all(written);
  await syncNow(stack, shop);
  // the snapshots are in metafields, written by this sync or by the minute schedule before it
  // (then this sync had nothing left to write)
  const snapshots = stack.emulator.store.shop(shop.domain)!.metafields.filter((m) => m.namespace === 'plaudit');
  expect(snapshots.length).toBeGreaterThan(3);
  expect(snapshots.find((m) => m.ownerId === hat.id && m.key === 'review_box')?.value).toContain('Review number 0 of the');
});

test('without JavaScript: stars, review box with JSON-LD, all reviews, carousel, testimonials, popup, sidebar, the form', async () => {
  const [hat] = shop.products;
  const { context, page } = await openPage(browser, shop.url(`/products/${hat.handle}`), { js: false });
  // stars from the reviews.rating metafields, in plain Liquid
  const stars = page.locator('.plaudit-star-rating .pl-stars').first();
  expect(await stars.getAttribute('aria-label')).toBe('3.3 out of 5 stars'); // 39 / 12
  await page.getByText('(12)').first().waitFor();
  // the review box from the product's snapshot: first page, JSON-LD in the HTML itself
  expect(await page.locator('.pl-w-review-box .pl-review').count()).toBe(5);
  await page.locator('.pl-w-review-box').getByText('Review number 0 of the').waitFor();
  const source = await page.content();
  const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(source)![1]);
  expect(ld).toMatchObject({ '@type': 'Product', name: hat.title, aggregateRating: { reviewCount: 12, ratingValue: 3.25, bestRating: 5 } });
  expect(ld.review).toHaveLength(5);
  // the controls that need the script keep their space but stay out of sight
  expect(await page.locator('.pl-more').isVisible()).toBe(false);
  // the form is a real multipart form, opened by its <details>
  await page.getByText('Write a review', { exact: true }).click();
  const form = page.locator('form.pl-form');
  expect(await form.getAttribute('method')).toBe('post');
  expect(await form.getAttribute('enctype')).toBe('multipart/form-data');
  await page.getByLabel('Photos (optional)').waitFor();
  // the popup shows by CSS alone at its delay: an animation of its show time after its delay (when
  // exactly is the popup test's; this page's steps before here may outlast its 2.3 s window)
  const animation = await page.locator('.pl-popup').evaluate((el) => {
    const s = getComputedStyle(el);
    return [s.animationName, s.animationDelay, s.animationDuration, s.animationIterationCount];
  });
  expect(animation).toEqual(['pl-pop', '0.8s', '1.5s', '1']);
  // the sidebar opens as a <details>
  await page.locator('.pl-side-tab').click();
  await page.locator('.pl-side-panel').waitFor({ state: 'visible' });
  await screenshot(page, 'widgets-product-nojs');
  await page.locator('.pl-side-tab').click();

  await page.goto(shop.url('/pages/reviews'));
  expect(await page.locator('.pl-w-all-reviews .pl-review').count()).toBe(10);
  await page.locator('.pl-w-all-reviews').getByText('Lovely shop, fast delivery.').waitFor();
  await screenshot(page, 'widgets-reviews-nojs');
  // the link to the shop's "How reviews are collected" page (review-disclosure), on the store's domain
  await page.locator('.pl-w-all-reviews').getByRole('link', { name: 'How reviews are collected' }).click();
  await page.getByRole('heading', { level: 1, name: /^How reviews at .+ are collected$/ }).waitFor();

  await page.goto(shop.url('/'));
  expect(await page.locator('.pl-w-carousel .pl-slide').count()).toBeGreaterThan(3);
  expect(await page.locator('.pl-w-testimonials .pl-review').count()).toBe(3);
  await page.locator('.plaudit-floating').waitFor();
  await screenshot(page, 'widgets-home-nojs');

  await page.goto(shop.url('/collections/all'));
  expect(await page.locator('.plaudit-star-rating .pl-stars').count()).toBe(2); // the two reviewed products
  await screenshot(page, 'widgets-collection-nojs');

  // The form posts natively (through the app proxy) and a page answers.
  const third = shop.products[2];
  await page.goto(shop.url(`/products/${third.handle}`));
  await page.getByText('Write a review', { exact: true }).click();
  await page.locator('label[title="3 stars"]').click();
  await page.getByLabel('Review', { exact: true }).fill('Posted with scripts off.');
  await page.getByLabel('First name').fill('Ola');
  await page.getByLabel('Email').fill('ola@example.com');
  await page.getByLabel('Photos (optional)').setInputFiles({ name: 'bag.png', mimeType: 'image/png', buffer: productPng('#aa6633', 64) });
  await page.getByRole('button', { name: 'Submit review' }).click();
  await page.getByRole('heading', { name: 'Thank you!' }).waitFor();
  await page.getByText('Thank you! Your review has been received.').waitFor();
  await screenshot(page, 'widgets-form-nojs-sent');
  const posted = await reviewByContent(shop, 'Posted with scripts off.');
  expect(posted).toMatchObject({ rating: 3, status: 'published', productId: third.id });
  expect(posted.media).toHaveLength(1);
  await syncNow(stack, shop);
  await context.close();
});

test('with JavaScript: load more, star filter, sort, lightbox, carousel, sidebar; nothing breaks', async () => {
  const [hat] = shop.products;
  const { context, page, errors } = await openPage(browser, shop.url(`/products/${hat.handle}`));
  const box = page.locator('.pl-w-review-box');
  await box.locator('.pl-more').waitFor({ state: 'visible' });
  await box.getByRole('button', { name: 'Load more reviews' }).click();
  await poll(() => box.locator('.pl-review').count()).toBe(10);
  await poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Review number 5');
  await box.getByRole('button', { name: 'Load more reviews' }).click();
  await poll(() => box.locator('.pl-review').count()).toBe(12);
  expect(await box.locator('.pl-more').isVisible()).toBe(false);

  await box.getByRole('button', { name: /Show 5-star reviews/ }).click();
  await poll(() => box.locator('.pl-review').count()).toBe(3);
  expect(await box.locator('.pl-review .pl-stars').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual(
    Array(3).fill('5 out of 5 stars'),
  );
  expect(await box.getByRole('button', { name: /Show 5-star reviews/ }).getAttribute('aria-pressed')).toBe('true');
  await box.getByRole('button', { name: 'Show all reviews' }).click();
  await poll(() => box.locator('.pl-review').count()).toBe(5);
  await box.getByLabel('Sort by').selectOption('lowest');
  await poll(() => box.locator('.pl-review .pl-stars').first().getAttribute('aria-label')).toBe('1 out of 5 stars');
  await box.getByLabel('Sort by').selectOption('newest');
  await poll(() => box.locator('.pl-review').first().textContent()).toContain('Review number 0');

  // the lightbox: a modal dialog, arrows move, Escape closes, focus returns to the photo
  const thumb = box.getByRole('link', { name: /Photo 1 of 2 from/ });
  await thumb.click();
  const dialog = page.getByRole('dialog', { name: 'Review photo' });
  await dialog.waitFor();
  await page.keyboard.press('ArrowRight');
  await dialog.getByText('2 / 2').waitFor();
  await screenshot(page, 'widgets-lightbox');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  expect(await thumb.evaluate((el) => el === document.activeElement)).toBe(true);

  // the sidebar: opens, Escape closes and gives focus back to its tab
  await page.locator('.pl-side-tab').click();
  await page.locator('.pl-side-panel').waitFor({ state: 'visible' });
  await page.keyboard.press('Escape');
  await page.locator('.pl-side-panel').waitFor({ state: 'hidden' });
  await screenshot(page, 'widgets-product-js');

  await page.goto(shop.url('/'));
  const track = page.locator('.pl-w-carousel .pl-track');
  await page.locator('.pl-w-carousel').getByRole('button', { name: 'Next reviews' }).click();
  await poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
  await page.locator('.pl-w-carousel').getByRole('button', { name: 'Pause automatic scrolling' }).click();
  expect(await page.locator('.pl-w-carousel .pl-pause').getAttribute('aria-pressed')).toBe('true');
  await screenshot(page, 'widgets-home-js');

  await page.goto(shop.url('/pages/reviews'));
  const all = page.locator('.pl-w-all-reviews');
  await all.getByRole('button', { name: 'Load more reviews' }).click();
  await poll(() => all.locator('.pl-review').count()).toBe(15);
  await screenshot(page, 'widgets-reviews-js');
  expect(errors).toEqual([]);
  await context.close();
});

/** Where the open sidebar's tab covers its panel: the panel's own box, and each piece of its text. */
function tabOverPanel(page: Page) {
  return page.evaluate(() => {
    const tab = document.querySelector('.pl-side-tab')!.getBoundingClientRect();
    const panel = document.querySelector('.pl-side-panel')!;
    const hit = (r: DOMRect) =>
      Math.max(0, Math.min(tab.right, r.right) - Math.max(tab.left, r.left)) * Math.max(0, Math.min(tab.bottom, r.bottom) - Math.max(tab.top, r.top)) > 0;
    const texts = [...panel.querySelectorAll<HTMLElement>('*')].filter((el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim()));
    return {
      panel: hit(panel.getBoundingClientRect()),
      texts: texts.filter((el) => hit(el.getBoundingClientRect())).map((el) => el.textContent!.trim().slice(0, 40)),
      visible: tab.width > 0 && tab.right > 0 && tab.left < innerWidth,
    };
  });
}

test('the open sidebar: its tab stays beside the panel, never over the reviews, on desktop and phone, either side', async () => {
  const [hat] = shop.products;
  const { context, page, errors } = await openPage(browser, shop.url(`/products/${hat.handle}`), {
    init: () => sessionStorage.setItem('plaudit-popup-closed', '1'),
  });
  const sidebar = page.locator('.pl-sidebar');
  for (const side of ['right', 'left']) {
    if (side === 'left') await sidebar.evaluate((el) => el.classList.replace('pl-side-right', 'pl-side-left'));
    for (const viewport of [
      { width: 1200, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.locator('.pl-side-tab').click();
      await page.locator('.pl-side-panel .pl-review').first().waitFor({ state: 'visible' });
      expect(await tabOverPanel(page)).toEqual({ panel: false, texts: [], visible: true });
      if (side === 'right') await screenshot(page, `widgets-sidebar-open-${viewport.width}`);
      await page.locator('.pl-side-tab').click();
      await page.locator('.pl-side-panel').waitFor({ state: 'hidden' });
    }
  }
  expect(errors).toEqual([]);
  await context.close();
});

test('the popup: first shown at its delay, shown and hidden for the set times, next review, closed for the session', async () => {
  const [hat] = shop.products;
  // When the popup opens and closes, as the page itself sees it (no polling delay in the figures).
  const { context, page } = await openPage(browser, shop.url(`/products/${hat.handle}`), {
    init: () => {
      const w = window as unknown as { plTimes: [number, boolean, string][]; plDelays: number[] };
      w.plTimes = [];
      // the waits the page asks its timers for (a timer never fires early: these are what it waits at least)
      w.plDelays = [];
      const setTimer = window.setTimeout.bind(window);
      window.setTimeout = ((fn: TimerHandler, ms?: number, ...rest: unknown[]) => {
        w.plDelays.push(ms ?? 0);
        return setTimer(fn, ms, ...rest);
      }) as typeof window.setTimeout;
      new MutationObserver((records) => {
        for (const r of records) {
          const el = r.target as HTMLElement;
          w.plTimes.push([performance.now(), el.hasAttribute('data-pl-open'), el.querySelector('.pl-popup-item:not([hidden])')?.textContent ?? '']);
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-pl-open'] });
    },
  });
  const popup = page.locator('.pl-popup');
  const times = () => page.evaluate(() => (window as unknown as { plTimes: [number, boolean, string][] }).plTimes);
  await poll(async () => (await times()).length, 8000).toBeGreaterThan(2);
  await screenshot(page, 'widgets-popup');
  const [[shownAt, open1, first], [hiddenAt, open2], [againAt, open3, second]] = await times();
  expect([open1, open2, open3]).toEqual([true, false, true]);
  // The observer notes a change when the busy page gets to it, so the gaps between its notes are not
  // the popup's times (CI saw 1,481 ms for 1,500): the times are the waits the popup asked its timers
  // for, after each change in order, and a timer never fires early. Only the first note is a bound:
  // it comes after its change.
  expect(shownAt).toBeGreaterThanOrEqual(790); // delay 800 ms from navigation start
  expect(shownAt).toBeLessThan(hiddenAt);
  expect(hiddenAt).toBeLessThan(againAt);
  const delays = await page.evaluate(() => (window as unknown as { plDelays: number[] }).plDelays);
  const shown = delays.indexOf(1500);
  expect(shown).toBeGreaterThanOrEqual(0); // shown 1500 ms ...
  expect(delays.indexOf(1000, shown + 1)).toBeGreaterThan(shown); // ... then hidden 1000 ms
  expect(second).not.toBe(first); // the next review

  await popup.getByRole('button', { name: 'Close reviews popup' }).click();
  expect(await popup.getAttribute('data-pl-open')).toBeNull();
  await page.reload();
  // the popup script has run (it drops the script-less animation class) and, closed for the
  // session, set no timer: it cannot open later
  await page.locator('.pl-popup:not(.pl-popup-anim)').waitFor({ state: 'attached' });
  expect(await page.locator('.pl-popup[data-pl-open]').count()).toBe(0); // closed for the session
  expect(await times()).toEqual([]);
  await context.close();
});

test('a review written with a photo through the form appears once the merchant publishes it', async () => {
  const [, other] = shop.products;
  expect((await shop.http.put('/api/reviews/settings', { autoPublish: 'hold' })).status).toBe(200);
  // A shopper who closed the popup earlier in the session (it would cover the form).
  const { context, page, errors } = await openPage(browser, shop.url(`/products/${other.handle}`), {
    init: () => sessionStorage.setItem('plaudit-popup-closed', '1'),
  });
  const box = page.locator('.pl-w-review-box');
  await box.getByText('Write a review', { exact: true }).click();
  // client-side checks first: a wrong type is refused with the spec's message
  await box.getByLabel('Photos (optional)').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await box.getByText('type not supported (.gif, .jpg, .png)').waitFor();
  await box.getByLabel('Photos (optional)').setInputFiles({ name: 'mug.png', mimeType: 'image/png', buffer: productPng('#3366aa', 120) });
  await box.getByText('type not supported (.gif, .jpg, .png)').waitFor({ state: 'hidden' });
  await box.locator('label[title="4 stars"]').click();
  expect(await box.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
  await box.getByLabel('Title (optional)').fill('Sturdy');
  await box.getByLabel('Review', { exact: true }).fill('Keeps coffee hot for hours. Photo attached.');
  await box.getByLabel('First name').fill('Noor');
  await box.getByLabel('Last name').fill('Haddad');
  await box.getByLabel('Email').fill('noor@example.com');
  await box.getByRole('button', { name: 'Submit review' }).click();
  await box.getByText('Thank you! Your review will appear once it is approved.').waitFor();
  await screenshot(page, 'widgets-form-sent');

  const stored = await reviewByContent(shop, 'Keeps coffee hot for hours. Photo attached.');
  expect(stored).toMatchObject({ status: 'pending', rating: 4, firstName: 'Noor', source: 'guest' });
  expect(stored.media).toHaveLength(1);
  await syncNow(stack, shop);
  await page.reload();
  expect(await page.getByText('Keeps coffee hot for hours').count()).toBe(0); // held for moderation

  expect((await shop.http.post(`/api/reviews/${stored.id}/publish`)).status).toBe(200);
  await syncNow(stack, shop);
  await page.reload();
  const review = page.locator('.pl-w-review-box .pl-review', { hasText: 'Keeps coffee hot for hours' });
  await review.waitFor();
  const img = review.locator('.pl-thumb img');
  // uploads are re-encoded to JPEG renditions (the reviews plugin's collect/media.ts); the largest is the src
  expect(await img.getAttribute('src')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/[\w-]+\.jpg$/);
  await review.scrollIntoViewIfNeeded(); // lazy: loads when near the viewport
  await poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(120);
  await screenshot(page, 'widgets-published-photo');
  expect(errors).toEqual([]);
  await context.close();
});

/** Every layout shift the page records (buffered, as Lighthouse's CLS counts them), with what moved. */
async function layoutShifts(url: string, viewport: { width: number; height: number }, settled: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(url);
  await settled(page);
  const shifts = await page.evaluate(
    () =>
      new Promise<{ value: number; sources: string[] }[]>((resolve) => {
        const found: { value: number; sources: string[] }[] = [];
        const rect = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}x${r.height}`;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as {
            value: number;
            hadRecentInput: boolean;
            sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
          }[]) {
            if (e.hadRecentInput) continue;
            found.push({
              value: e.value,
              sources: e.sources.map(
                (s) => `${(s.node as Element | undefined)?.className ?? s.node?.nodeName} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`,
              ),
            });
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(found), 100);
      }),
  );
  await context.close();
  return { total: shifts.reduce((sum, s) => sum + s.value, 0), shifts };
}

// The app-proxy half of this test sometimes timed out waiting for the proxy-loaded review box: the
// minute-by-minute snapshot schedule (one per namespace, syncing every installed shop) had written the
// 'unsynced' shop's snapshots mid-test, so its page came from snapshots and no block ever loaded
// through the proxy. The shop is now created and measured with the schedule paused and drained,
// and the test checks it really stayed unsynced.
test('no layout shift: the product page with its scripts, from the snapshots and loaded through the app proxy', () =>
  withSnapshotSchedulePaused(stack, async () => {
    const [hat] = shop.products;
    // A shop the app has not synced yet: every block starts as a placeholder the proxy fills.
    const fresh = await demoShop(stack, DISPLAY);
    const [mug] = fresh.products;
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        addReview(fresh, {
          kind: 'product',
          productId: mug.id,
          productTitle: mug.title,
          productHandle: mug.handle,
          rating: 5 - (i % 3),
          content: `Fresh review ${i}.`,
        }),
      ),
    );
    const pages = [
      {
        where: 'snapshots',
        url: shop.url(`/products/${hat.handle}`),
        settled: (page: Page) => page.locator('.pl-w-review-box[data-pl-pending]').waitFor({ state: 'detached' }),
      },
      {
        where: 'app proxy',
        url: fresh.url(`/products/${mug.handle}`),
        settled: (page: Page) =>
          page
            .locator('.plaudit-app-block[data-loaded="pending"]')
            .first()
            .waitFor({ state: 'detached' })
            .then(() => page.locator('.plaudit-app-block[data-block="review-box"][data-loaded="true"]').waitFor({ state: 'attached' })),
      },
    ];
    // Lighthouse's mobile screen and a desktop one; the popup opens (800 ms) within the wait.
    for (const viewport of [
      { width: 412, height: 823 },
      { width: 1200, height: 900 },
    ]) {
      for (const { where, url, settled } of pages) {
        const { total, shifts } = await layoutShifts(url, viewport, async (page) => {
          await settled(page);
          await page.locator('.pl-popup[data-pl-open]').waitFor({ state: 'attached', timeout: 5000 });
          // everything the page loads (proxy HTML, images in view) is in before the shifts are read
          await page.waitForLoadState('networkidle');
        });
        // a shift is listed with what moved, from where to where, so a failure says what to fix
        const shifted = total < 0.001 ? { total: 0, shifts: [] } : { total, shifts };
        expect({ where, width: viewport.width, ...shifted }).toEqual({ where, width: viewport.width, total: 0, shifts: [] });
      }
    }
    // the proxy half measured what it says: nothing was written for the fresh shop meanwhile
    expect(await stack.api.knex('widget_snapshots').where({ shopId: fresh.shopId })).toEqual([]);
  }));

const PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(2)>',
  'javascript:alert(3)',
  '<svg onload=alert(4)>',
  '</script><script>alert(5)</script>',
];

test('XSS payloads in reviews stay inert on every page, loaded through the proxy and from the snapshots', async () => {
  const evil = await demoShop(stack, {
    sidebar: { enabled: true },
    testimonial: { enabled: true, source: 'recent' },
    carousel: { minRating: 1 },
    popup: { delayMs: 0, minRating: 1 },
  });
  const [p] = evil.products;
  await Promise.all(
    PAYLOADS.map((payload, i) =>
      addReview(evil, {
        kind: 'product',
        productId: p.id,
        productTitle: payload,
        productHandle: p.handle,
        rating: 5 - i,
        title: payload,
        content: payload,
        firstName: payload,
        lastName: 'X',
      }),
    ),
  );
  const inert = async (url: string, name: string) => {
    const { context, page, dialogs, errors } = await openPage(browser, url);
    await page.locator('.pl-widget').first().waitFor();
    // every block loaded and every image (src=x included) requested and settled
    await page.locator('.plaudit-app-block[data-loaded="pending"]').first().waitFor({ state: 'detached' });
    await page.waitForLoadState('networkidle');
    expect(dialogs).toEqual([]);
    expect(await page.locator('img[src="x"], svg, iframe, [onerror], [onload], script:not([src]):not([type="application/ld+json"])').count()).toBe(0);
    for (const el of await page.locator('script[type="application/ld+json"]').all()) JSON.parse((await el.textContent())!);
    expect(await page.getByText(PAYLOADS[0]).count()).toBeGreaterThan(0);
    await screenshot(page, name);
    expect(errors).toEqual([]);
    await context.close();
  };
  // before the sync: each block's fallback loads its HTML through the app proxy
  await inert(evil.url(`/products/${p.handle}`), 'widgets-xss-proxy');
  expect(await syncNow(stack, evil)).toMatchObject({ shops: 1 });
  await inert(evil.url(`/products/${p.handle}`), 'widgets-xss-product');
  await inert(evil.url('/pages/reviews'), 'widgets-xss-reviews');
  await inert(evil.url('/'), 'widgets-xss-home');
  const { context, page } = await openPage(browser, evil.url(`/products/${p.handle}`), { js: false });
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(ld.aggregateRating).toMatchObject({ ratingValue: 3, reviewCount: 5 });
  expect(ld.review.map((r: { reviewBody: string }) => r.reviewBody).sort()).toEqual([...PAYLOADS].sort());
  await context.close();
});
