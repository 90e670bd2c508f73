// What the bench reads in the page: CLS (layout shifts without recent input) and INP (Event Timing:
// the longest interaction, click or key, from input to the next paint). The observers run before the
// admin's own scripts, on every navigation of the context.
import type { BrowserContext, Page } from 'playwright-core';

/** An interaction's event and its three phases (web.dev/articles/optimize-inp): input delay, processing, presentation. */
export interface InteractionEvent {
  name: string;
  target: string;
  startTime: number;
  duration: number;
  inputDelay: number;
  processing: number;
  presentation: number;
}

type Metrics = { __cls: number; __inp: number; __events: InteractionEvent[] };

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
    w.__events = [];
    type EventEntry = PerformanceEntry & { interactionId?: number; processingStart: number; processingEnd: number; target: Node | null };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as EventEntry[]) {
        if (!e.interactionId) continue;
        w.__inp = Math.max(w.__inp, e.duration);
        // inline, not a helper: a named function here gets tsx's __name() wrapper, which the page lacks
        const t = e.target instanceof Element ? e.target : null;
        w.__events.push({
          name: e.name,
          target: t ? `${t.tagName.toLowerCase()}[${t.getAttribute('aria-label') ?? ''}] "${(t.textContent ?? '').slice(0, 24)}"` : '',
          startTime: e.startTime,
          duration: e.duration,
          inputDelay: e.processingStart - e.startTime,
          processing: e.processingEnd - e.processingStart,
          presentation: e.startTime + e.duration - e.processingEnd,
        });
      }
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

/** The interactions' events seen since the page loaded (or since the last inpOf), longest first. */
export const readInteractionEvents = (page: Page) => page.evaluate(() => [...(window as unknown as Metrics).__events].sort((a, b) => b.duration - a.duration));

/**
 * The INP of what `act` does: the longest interaction from the moment it starts. Event Timing entries
 * arrive after the paint that follows, hence the short wait before reading.
 */
export async function inpOf(page: Page, act: () => Promise<void>): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as Metrics;
    w.__inp = 0;
    w.__events = [];
  });
  await act();
  await page.waitForTimeout(300);
  return page.evaluate(() => (window as unknown as Metrics).__inp);
}
