// A Chromium trace of an admin page summarised over a window of it (an interaction's longest Event
// Timing entry, or a load up to its LCP): the renderer main thread's self time per trace event
// (script, style recalculation, layout, paint...), its tasks, and the V8 sampling profile's self time
// per function and per package (trace category disabled-by-default-v8.cpu_profiler).
import type { InteractionEvent } from './page-metrics';

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    frame?: string;
    data?: {
      type?: string;
      isLoadingMainFrame?: boolean;
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
};
type ProfileNode = { id: number; callFrame: { functionName: string; url?: string; lineNumber: number } };
export type Trace = { traceEvents: TraceEvent[] };

/** The renderer main thread and the stretch of it (µs, trace clock) a summary covers. */
export interface TraceWindow {
  pid: number;
  tid: number;
  from: number;
  to: number;
}

/** The longest interaction entry, found through the first entry's dispatch on the renderer's main thread. */
export function interactionWindow(trace: Trace, interaction: InteractionEvent[]): TraceWindow {
  const first = [...interaction].sort((a, b) => a.startTime - b.startTime)[0];
  const dispatch = trace.traceEvents.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === first.name);
  if (!dispatch) throw new Error(`no ${first.name} dispatched in the trace`);
  // performance.now() -> trace µs: the first event's handlers started at its dispatch
  const offset = dispatch.ts - (first.startTime + first.inputDelay) * 1000;
  const from = offset + interaction[0].startTime * 1000;
  return { pid: dispatch.pid, tid: dispatch.tid, from, to: from + interaction[0].duration * 1000 };
}

/** From the main frame's last navigation start to `untilMs` after it. */
export function loadWindow(trace: Trace, untilMs: number): TraceWindow {
  const nav = trace.traceEvents.filter((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame).at(-1);
  if (!nav) throw new Error('no main-frame navigationStart in the trace');
  const main = trace.traceEvents.find((e) => e.pid === nav.pid && e.name === 'thread_name' && (e.args as { name?: string })?.name === 'CrRendererMain');
  return { pid: nav.pid, tid: main?.tid ?? nav.tid, from: nav.ts, to: nav.ts + untilMs * 1000 };
}

const completeOn = (trace: Trace, w: TraceWindow) => trace.traceEvents.filter((e) => e.pid === w.pid && e.tid === w.tid && e.ph === 'X' && e.dur !== undefined);

/** Self time (ms) per event name of complete events inside [from, to]. */
function selfTimes(events: TraceEvent[], from: number, to: number): Map<string, number> {
  const inside = events.filter((e) => e.ts >= from && e.ts + e.dur! <= to).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const stack: TraceEvent[] = [];
  const add = (name: string, us: number) => self.set(name, (self.get(name) ?? 0) + us / 1000);
  for (const e of inside) {
    while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) add(parent.name, -e.dur!);
    add(e.name, e.dur!);
    stack.push(e);
  }
  return self;
}

const sorted = (m: Map<string, number>, min = 0.5) => [...m].filter(([, ms]) => ms >= min).sort((a, b) => b[1] - a[1]);

/** The window's self time by trace event, longest first. */
export const eventTimes = (trace: Trace, w: TraceWindow) => sorted(selfTimes(completeOn(trace, w), w.from, w.to));

/** The main thread's tasks over `minMs` in the window: start (ms into it), length and what they did most. */
export function tasksOf(trace: Trace, w: TraceWindow, minMs = 2) {
  const own = completeOn(trace, w);
  const tasks = own.filter((e) => e.name === 'RunTask' && e.dur! > minMs * 1000 && e.ts + e.dur! >= w.from && e.ts <= w.to);
  return tasks.map((task) => {
    const inside = sorted(selfTimes(own, task.ts, task.ts + task.dur!)).filter(([name]) => name !== 'RunTask');
    return {
      at: (task.ts - w.from) / 1000,
      ms: task.dur! / 1000,
      did: inside
        .slice(0, 4)
        .map(([n, ms]) => `${n} ${ms.toFixed(0)}`)
        .join(', '),
    };
  });
}

/** A sample's self time and where it was: function, chunk file and line (1-based). */
export type Sample = { fn: string; chunk: string; line: number; ms: number };

/** The renderer's V8 samples within the window. */
export function samplesOf(trace: Trace, w: TraceWindow): Sample[] {
  const nodes = new Map<number, ProfileNode>();
  const samples: Sample[] = [];
  let clock = trace.traceEvents.find((e) => e.pid === w.pid && e.name === 'Profile')?.args?.data?.startTime ?? 0;
  for (const chunk of trace.traceEvents.filter((e) => e.pid === w.pid && e.name === 'ProfileChunk')) {
    const profile = chunk.args?.data?.cpuProfile ?? {};
    for (const n of profile.nodes ?? []) nodes.set(n.id, n);
    for (const [i, id] of (profile.samples ?? []).entries()) {
      const delta = chunk.args?.data?.timeDeltas?.[i] ?? 0;
      clock += delta;
      const frame = nodes.get(id)?.callFrame;
      if (frame && clock >= w.from && clock <= w.to)
        samples.push({
          fn: frame.functionName || '(anonymous)',
          chunk: (frame.url ?? '').split('/').pop() ?? '',
          line: frame.lineNumber + 1,
          ms: delta / 1000,
        });
    }
  }
  return samples;
}

/** Samples summed by a key, longest first. */
export function sumBy(samples: Sample[], key: (s: Sample) => string): [string, number][] {
  const total = new Map<string, number>();
  for (const s of samples) total.set(key(s), (total.get(key(s)) ?? 0) + s.ms);
  return sorted(total);
}
