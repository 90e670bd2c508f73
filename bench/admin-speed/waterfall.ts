// What the dashboard's LCP waits for: the document and every request the page made before the LCP,
// from the browser's own Resource Timing entries (start and end relative to navigation start), and
// the LCP element. Printed once per CPU rate, from the first run, so a change to the boot sequence
// shows up as a shorter chain.
import type { Page } from 'playwright-core';

export type Waterfall = { lcp: number; element: string; requests: { name: string; start: number; end: number }[] };

export const readWaterfall = (page: Page): Promise<Waterfall> =>
  page.evaluate(
    () =>
      new Promise<Waterfall>((resolve) =>
        new PerformanceObserver((l) => {
          const last = l.getEntries().at(-1) as PerformanceEntry & { element?: Element | null };
          const el = last.element;
          const element = el ? `<${el.tagName.toLowerCase()}> "${(el.textContent ?? '').trim().slice(0, 40)}"` : '(removed)';
          const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')] as PerformanceResourceTiming[];
          const requests = entries
            .filter((e) => e.startTime <= last.startTime)
            .map((e) => ({ name: new URL(e.name).pathname + new URL(e.name).search, start: e.startTime, end: e.responseEnd }));
          resolve({ lcp: last.startTime, element, requests });
        }).observe({ type: 'largest-contentful-paint', buffered: true }),
      ),
  );

const shorten = (name: string) => (name.length > 60 ? `${name.slice(0, 57)}...` : name);

export function printWaterfall(label: string, w: Waterfall) {
  console.log(`waterfall, ${label}: LCP ${w.lcp.toFixed(0)} ms on ${w.element}`);
  for (const r of w.requests) {
    console.log(`  ${r.start.toFixed(0).padStart(6)} -> ${r.end.toFixed(0).padStart(6)} ms  ${shorten(r.name)}`);
  }
}
