// Where an admin page's time goes (issue 36), at 4x CPU throttling (CPU=1 for none), in a Chromium
// trace: either one interaction of bench/admin-speed/interactions.ts, by name, printed with its Event
// Timing entries split into input delay, processing and presentation (web.dev/articles/optimize-inp),
// or "dashboard load", up to its LCP. Then the renderer main thread's self time per trace event, its
// tasks, and the sampled script by function and by package (names readable with ADMIN_MINIFY=0).
// Run: ADMIN_MINIFY=0 npm run bench:admin-trace -- "select 50 reviews and publish"
// INVALIDATIONS=1 also prints what caused each large style recalculation (it slows the page).
import type { Page } from 'playwright-core';
import fs from 'node:fs';
import { INTERACTIONS } from './admin-speed/interactions';
import { INVALIDATION_CATEGORY, styleRecalcs } from './admin-speed/invalidations';
import { moduleMap, packageOf } from './admin-speed/modules';
import { observeMetrics, readInteractionEvents, readLcp } from './admin-speed/page-metrics';
import { type AdminBench, startAdminBench } from './admin-speed/stack';
import { eventTimes, interactionWindow, loadWindow, samplesOf, sumBy, tasksOf, type Trace, type TraceWindow } from './admin-speed/trace';

const INVALIDATIONS = process.env.INVALIDATIONS === '1';
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  ...(INVALIDATIONS ? [INVALIDATION_CATEGORY] : []),
];
const LOAD = 'dashboard load';
const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`;

/** Traces the dashboard's load up to its LCP. */
async function traceLoad(bench: AdminBench, page: Page) {
  await bench.browser.startTracing(page, { categories: CATEGORIES });
  await page.goto(`${bench.base}/`, { waitUntil: 'networkidle' });
  await page.getByText('Welcome, Bench Shop').waitFor();
  await page.waitForTimeout(500);
  const lcp = await readLcp(page);
  const trace: Trace = JSON.parse((await bench.browser.stopTracing()).toString('utf8'));
  console.log(`${LOAD}: LCP ${lcp.toFixed(0)} ms`);
  return { trace, window: loadWindow(trace, lcp) };
}

/** Traces one interaction, from the dashboard, and prints its Event Timing entries. */
async function traceInteraction(bench: AdminBench, page: Page, name: string) {
  const interaction = INTERACTIONS.find((i) => i.name === name);
  if (!interaction) throw new Error(`no interaction "${name}": ${[LOAD, ...INTERACTIONS.map((i) => i.name)].join(', ')}`);
  await page.goto(`${bench.base}/`, { waitUntil: 'networkidle' });
  await page.getByText('Welcome, Bench Shop').waitFor();
  await bench.browser.startTracing(page, { categories: CATEGORIES });
  const inp = await interaction.run(page, bench.base);
  const events = await readInteractionEvents(page);
  const trace: Trace = JSON.parse((await bench.browser.stopTracing()).toString('utf8'));
  console.log(`${name}: INP ${inp.toFixed(0)} ms`);
  console.log('event          target                                    duration  input delay  processing  presentation');
  for (const e of events.slice(0, 8))
    console.log(`${e.name.padEnd(14)} ${e.target.slice(0, 40).padEnd(41)} ${ms(e.duration)} ${ms(e.inputDelay)} ${ms(e.processing)} ${ms(e.presentation)}`);
  return { trace, window: interactionWindow(trace, events) };
}

function printSummary(bench: AdminBench, trace: Trace, window: TraceWindow) {
  console.log(`\n${((window.to - window.from) / 1000).toFixed(0)} ms on the renderer's main thread, self time by trace event:`);
  for (const [event, t] of eventTimes(trace, window).slice(0, 15)) console.log(`  ${ms(t)}  ${event}`);
  console.log("\nthe main thread's tasks over 2 ms (start in the window, length, what they did most):");
  for (const t of tasksOf(trace, window)) console.log(`  ${ms(t.at)}  ${ms(t.ms)}  ${t.did}`);
  const samples = samplesOf(trace, window);
  const moduleAt = moduleMap(bench.build.dist);
  console.log('\nsampled script by package (self time):');
  for (const [pkg, t] of sumBy(samples, (s) => (s.chunk.endsWith('.js') ? packageOf(moduleAt(s.chunk, s.line)) : s.fn)).slice(0, 20))
    console.log(`  ${ms(t)}  ${pkg}`);
  console.log('\nsampled script by function (self time):');
  for (const [fn, t] of sumBy(samples, (s) => `${s.fn} ${s.chunk}:${s.line}`).slice(0, 20)) console.log(`  ${ms(t)}  ${fn}`);
  if (!INVALIDATIONS) return;
  console.log('\nstyle recalculations of 100 elements or more (start in the window, length, elements) and what invalidated styles before each:');
  for (const r of styleRecalcs(trace, window)) {
    console.log(`  ${ms(r.at)}  ${ms(r.ms)}  ${r.elements} elements`);
    for (const [cause, n] of r.causes.slice(0, 6)) console.log(`      ${String(n).padStart(4)} x ${cause}`);
  }
}

async function main() {
  const name = process.argv[2] ?? LOAD;
  const cpu = Number(process.env.CPU ?? 4);
  const bench = await startAdminBench(1);
  try {
    const context = await bench.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await observeMetrics(context, bench.token);
    const page = await context.newPage();
    if (cpu > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpu });
    console.log(`at ${cpu}x CPU`);
    const { trace, window } = name === LOAD ? await traceLoad(bench, page) : await traceInteraction(bench, page, name);
    // the whole trace, for Perfetto or chrome://tracing
    if (process.env.TRACE_FILE) fs.writeFileSync(process.env.TRACE_FILE, JSON.stringify(trace));
    printSummary(bench, trace, window);
    await context.close();
  } finally {
    await bench.close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
