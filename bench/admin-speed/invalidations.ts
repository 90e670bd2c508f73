// What made the browser recalculate styles (trace category
// disabled-by-default-devtools.timeline.invalidationTracking): for each style recalculation
// (UpdateLayoutTree) of a window, the invalidations recorded since the one before, grouped by reason
// and node. It found the scroll lock of MUI's popovers restyling the whole page (issue 36). The
// category slows the renderer several-fold: read the reasons, not the times, of such a trace.
import type { Trace, TraceWindow } from './trace';

export const INVALIDATION_CATEGORY = 'disabled-by-default-devtools.timeline.invalidationTracking';

type Data = { reason?: string; nodeName?: string };
export type Recalc = { at: number; ms: number; elements: number; causes: [string, number][] };

/** The window's style recalculations of at least `minElements` elements, each with its causes. */
export function styleRecalcs(trace: Trace, w: TraceWindow, minElements = 100): Recalc[] {
  const events = trace.traceEvents.filter((e) => e.pid === w.pid && e.ts <= w.to).sort((a, b) => a.ts - b.ts);
  const out: Recalc[] = [];
  let causes = new Map<string, number>();
  for (const e of events) {
    if (e.name === 'UpdateLayoutTree' && e.tid === w.tid) {
      const elements = (e.args as { elementCount?: number } | undefined)?.elementCount ?? 0;
      if (e.ts >= w.from && elements >= minElements)
        out.push({ at: (e.ts - w.from) / 1000, ms: (e.dur ?? 0) / 1000, elements, causes: [...causes].sort((a, b) => b[1] - a[1]) });
      causes = new Map();
    } else if (e.name === 'StyleRecalcInvalidationTracking') {
      const d = (e.args?.data ?? {}) as Data;
      const key = `${d.reason}: ${(d.nodeName ?? '').split(' class=')[0]}`;
      causes.set(key, (causes.get(key) ?? 0) + 1);
    }
  }
  return out;
}
