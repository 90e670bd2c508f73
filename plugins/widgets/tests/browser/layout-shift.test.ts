// No layout shift on the product page with its scripts, whether the widgets come from the app's
// snapshots (Liquid) or are loaded through the app proxy, on a mobile and a desktop screen.
import type { Browser, Page } from 'playwright-core';
import { useBrowser } from '../../../../tests/support/browser';
import { addReview, demoShop, DEMO_DISPLAY, reviewedDemoShop, startWidgetStack, type DemoShop, type Stack } from './storefront-helpers';

jest.setTimeout(240_000);

let stack: Stack;
let browser: Browser;
useBrowser(() => startWidgetStack('widgets-layout-shift'), (s, b) => {
  stack = s;
  browser = b;
});

let shop: DemoShop;
beforeAll(async () => {
  const seeded = await reviewedDemoShop(stack);
  shop = seeded.shop;
  expect(seeded.synced.written).toBeGreaterThan(3);
});

// Below this a shift is noise of a loaded machine: one CI run saw 0.0012 once (snapshot page, 412 px, its
// source not found since); the widgets' own shift before the placeholder fix was 0.017.
const MEASURABLE = 0.005;

/** Every layout shift the page records (buffered, as Lighthouse's CLS counts them), with what moved. */
async function layoutShifts(url: string, viewport: { width: number; height: number }, settled: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(url);
  await settled(page);
  const shifts = await page.evaluate(() => new Promise<{ value: number; sources: string[] }[]>((resolve) => {
    const found: { value: number; sources: string[] }[] = [];
    const rect = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}x${r.height}`;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] }[]) {
        if (e.hadRecentInput) continue;
        found.push({ value: e.value, sources: e.sources.map((s) => `${(s.node as Element | undefined)?.className ?? s.node?.nodeName} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    setTimeout(() => resolve(found), 100);
  }));
  await context.close();
  return { total: shifts.reduce((sum, s) => sum + s.value, 0), shifts };
}

test('no layout shift: the product page with its scripts, from the snapshots and loaded through the app proxy', async () => {
  const [hat] = shop.products;
  // A shop the app has not synced yet: every block starts as a placeholder the proxy fills.
  const fresh = await demoShop(stack, DEMO_DISPLAY);
  const [mug] = fresh.products;
  for (let i = 0; i < 6; i++) await addReview(fresh, { kind: 'product', productId: mug.id, productTitle: mug.title, productHandle: mug.handle, rating: 5 - (i % 3), content: `Fresh review ${i}.` });
  const pages = [
    { where: 'snapshots', url: shop.url(`/products/${hat.handle}`), settled: (page: Page) => page.locator('.pl-w-review-box[data-pl-pending]').waitFor({ state: 'detached' }) },
    { where: 'app proxy', url: fresh.url(`/products/${mug.handle}`), settled: (page: Page) => page.locator('.plaudit-app-block[data-loaded="pending"]').first().waitFor({ state: 'detached' }).then(() => page.locator('.plaudit-app-block[data-block="review-box"][data-loaded="true"]').waitFor({ state: 'attached' })) },
  ];
  // Lighthouse's mobile screen and a desktop one; the popup opens (800 ms) within the wait.
  for (const viewport of [{ width: 412, height: 823 }, { width: 1200, height: 900 }]) {
    for (const { where, url, settled } of pages) {
      const { total, shifts } = await layoutShifts(url, viewport, async (page) => {
        await settled(page);
        await page.locator('.pl-popup[data-pl-open]').waitFor({ state: 'attached', timeout: 5000 });
        await page.waitForTimeout(500);
      });
      expect({ where, width: viewport.width, total: total < MEASURABLE ? 0 : total, shifts }).toEqual({ where, width: viewport.width, total: 0, shifts: expect.any(Array) });
    }
  }
});
