// A Chromium trace of one interaction, summarised: the renderer main thread's self time per trace
// event name (script, style recalculation, layout, paint...) within the interaction's longest event.
import type { InteractionEvent } from './page-metrics';

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { name?: string; data?: { type?: string } } };

/** The renderer main thread that dispatched `input` (a DOM event type), and its first such dispatch. */
function mainThread(events: TraceEvent[], input: string) {
  const dispatch = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === input);
  if (!dispatch) throw new Error(`no ${input} dispatched in the trace`);
  return { pid: dispatch.pid, tid: dispatch.tid, dispatchTs: dispatch.ts };
}

/** Self time (ms) per event name of the complete events on one thread inside [from, to] (µs). */
function selfTimes(events: TraceEvent[], from: number, to: number): Map<string, number> {
  const inWindow = events.filter((e) => e.ph === 'X' && e.dur !== undefined && e.ts >= from && e.ts + e.dur! <= to);
  inWindow.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const stack: TraceEvent[] = [];
  const add = (name: string, us: number) => self.set(name, (self.get(name) ?? 0) + us / 1000);
  for (const e of inWindow) {
    while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) add(parent.name, -e.dur!);
    add(e.name, e.dur!);
    stack.push(e);
  }
  return self;
}

/** The longest interaction event's self times by name, longest first, and the window's length (ms). */
export function summariseTrace(trace: { traceEvents: TraceEvent[] }, interaction: InteractionEvent[]) {
  const first = [...interaction].sort((a, b) => a.startTime - b.startTime)[0];
  const longest = interaction[0];
  const thread = mainThread(trace.traceEvents, first.name);
  // performance.now() -> trace µs: the first event's handlers started at its dispatch
  const offset = thread.dispatchTs - (first.startTime + first.inputDelay) * 1000;
  const from = offset + longest.startTime * 1000;
  const to = from + longest.duration * 1000;
  const own = trace.traceEvents.filter((e) => e.pid === thread.pid && e.tid === thread.tid);
  const times = [...selfTimes(own, from, to)].filter(([, ms]) => ms >= 0.5).sort((a, b) => b[1] - a[1]);
  return { windowMs: longest.duration, times };
}

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };
type ProfileEvent = TraceEvent & {
  id?: string;
  args?: { data?: { startTime?: number; cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } };
};

/** The V8 sampling profile of the page's renderer (trace category disabled-by-default-v8.cpu_profiler): self ms per function within [from, to] µs. */
function sampledFunctions(events: ProfileEvent[], pid: number, from: number, to: number): [string, number][] {
  const nodes = new Map<number, ProfileNode>();
  const self = new Map<string, number>();
  let clock = events.find((e) => e.pid === pid && e.name === 'Profile')?.args?.data?.startTime ?? 0;
  let last = clock;
  for (const chunk of events.filter((e) => e.pid === pid && e.name === 'ProfileChunk')) {
    const profile = chunk.args?.data?.cpuProfile ?? {};
    for (const n of profile.nodes ?? []) nodes.set(n.id, n);
    for (const [i, id] of (profile.samples ?? []).entries()) {
      clock += chunk.args?.data?.timeDeltas?.[i] ?? 0;
      const frame = nodes.get(id)?.callFrame;
      if (frame && clock >= from && clock <= to) {
        const key = `${frame.functionName || '(anonymous)'} ${(frame.url ?? '').split('/').pop()}:${frame.lineNumber + 1}`;
        self.set(key, (self.get(key) ?? 0) + (clock - last) / 1000);
      }
      last = clock;
    }
  }
  return [...self].sort((a, b) => b[1] - a[1]);
}

/** The longest entry's sampled functions, for an unminified build (ADMIN_MINIFY=0). */
export function profileOfTrace(trace: { traceEvents: ProfileEvent[] }, interaction: InteractionEvent[]) {
  const first = [...interaction].sort((a, b) => a.startTime - b.startTime)[0];
  const thread = mainThread(trace.traceEvents, first.name);
  const offset = thread.dispatchTs - (first.startTime + first.inputDelay) * 1000;
  const from = offset + interaction[0].startTime * 1000;
  return sampledFunctions(trace.traceEvents, thread.pid, from, from + interaction[0].duration * 1000);
}

/** The main thread's tasks (over 2 ms) within the longest entry: start (ms into it), length and what they did most. */
export function tasksOfTrace(trace: { traceEvents: TraceEvent[] }, interaction: InteractionEvent[]) {
  const first = [...interaction].sort((a, b) => a.startTime - b.startTime)[0];
  const thread = mainThread(trace.traceEvents, first.name);
  const offset = thread.dispatchTs - (first.startTime + first.inputDelay) * 1000;
  const from = offset + interaction[0].startTime * 1000;
  const to = from + interaction[0].duration * 1000;
  const own = trace.traceEvents.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && e.dur !== undefined);
  const tasks = own.filter((e) => e.name === 'RunTask' && e.dur! > 2000 && e.ts + e.dur! >= from && e.ts <= to);
  return tasks.map((task) => {
    const inside = [...selfTimes(own, task.ts, task.ts + task.dur!)].filter(([name]) => name !== 'RunTask').sort((a, b) => b[1] - a[1]);
    return {
      at: (task.ts - from) / 1000,
      ms: task.dur! / 1000,
      did: inside
        .slice(0, 4)
        .map(([n, ms]) => `${n} ${ms.toFixed(0)}`)
        .join(', '),
    };
  });
}
