// What the bench reads in the page: CLS (layout shifts without recent input) and INP (Event Timing:
// the longest interaction, click or key, from input to the next paint). The observers run before the
// admin's own scripts, on every navigation of the context.
import type { BrowserContext, Page } from 'playwright-core';

type Metrics = { __cls: number; __inp: number };

/** Signs the admin in with `token` and installs the CLS and INP observers. */
export async function observeMetrics(context: BrowserContext, token: string) {
  await context.addInitScript((t) => {
    localStorage.setItem('plaudit.token', t);
    const w = window as unknown as Metrics;
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
    w.__inp = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { interactionId?: number })[]) if (e.interactionId) w.__inp = Math.max(w.__inp, e.duration);
    }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  }, token);
}

/** The dashboard's largest contentful paint, once it has happened. */
export const readLcp = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        new PerformanceObserver((l) => resolve(l.getEntries().at(-1)!.startTime)).observe({ type: 'largest-contentful-paint', buffered: true }),
      ),
  );

export const readCls = (page: Page) => page.evaluate(() => (window as unknown as Metrics).__cls);

/**
 * The INP of what `act` does: the longest interaction from the moment it starts. Event Timing entries
 * arrive after the paint that follows, hence the short wait before reading.
 */
export async function inpOf(page: Page, act: () => Promise<void>): Promise<number> {
  await page.evaluate(() => {
    (window as unknown as Metrics).__inp = 0;
  });
  await act();
  await page.waitForTimeout(300);
  return page.evaluate(() => (window as unknown as Metrics).__inp);
}
