// Where one admin interaction's time goes (issue 36): an interaction of bench/admin-speed/interactions.ts,
// by name, at 4x CPU throttling (CPU=1 for none), printed as its Event Timing entries split into input
// delay, processing and presentation (web.dev/articles/optimize-inp), and a Chromium trace of it
// summarised as the renderer main thread's self time per event within the longest entry.
// Run: npm run bench:admin-trace -- "select 50 reviews and publish"
import { INTERACTIONS } from './admin-speed/interactions';
import { observeMetrics, readInteractionEvents } from './admin-speed/page-metrics';
import { startAdminBench } from './admin-speed/stack';
import { profileOfTrace, summariseTrace, tasksOfTrace } from './admin-speed/trace';

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.execute', 'disabled-by-default-v8.cpu_profiler'];

async function main() {
  const name = process.argv[2] ?? INTERACTIONS[2].name;
  const interaction = INTERACTIONS.find((i) => i.name === name);
  if (!interaction) throw new Error(`no interaction "${name}": ${INTERACTIONS.map((i) => i.name).join(', ')}`);
  const cpu = Number(process.env.CPU ?? 4);
  const bench = await startAdminBench(1);
  try {
    const context = await bench.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await observeMetrics(context, bench.token);
    const page = await context.newPage();
    if (cpu > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await page.goto(`${bench.base}/`, { waitUntil: 'networkidle' });
    await page.getByText('Welcome, Bench Shop').waitFor();
    await bench.browser.startTracing(page, { categories: CATEGORIES });
    const inp = await interaction.run(page, bench.base);
    const events = await readInteractionEvents(page);
    const trace = JSON.parse((await bench.browser.stopTracing()).toString('utf8'));
    console.log(`${name} at ${cpu}x CPU: INP ${inp.toFixed(0)} ms`);
    console.log('event          target                                    duration  input delay  processing  presentation');
    for (const e of events.slice(0, 8))
      console.log(
        `${e.name.padEnd(14)} ${e.target.slice(0, 40).padEnd(41)} ${e.duration.toFixed(0).padStart(6)} ms ${e.inputDelay.toFixed(0).padStart(8)} ms ${e.processing.toFixed(0).padStart(8)} ms ${e.presentation.toFixed(0).padStart(10)} ms`,
      );
    const { windowMs, times } = summariseTrace(trace, events);
    console.log(`\nthe longest entry's ${windowMs.toFixed(0)} ms on the renderer's main thread, self time by trace event:`);
    for (const [event, ms] of times.slice(0, 20)) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${event}`);
    console.log("\nthe main thread's tasks within it (ms from its start, length, self time of what they did most):");
    for (const t of tasksOfTrace(trace, events)) console.log(`  ${t.at.toFixed(0).padStart(5)} ms  ${t.ms.toFixed(0).padStart(4)} ms  ${t.did}`);
    console.log('\nsampled script, self time by function (readable with ADMIN_MINIFY=0):');
    for (const [fn, ms] of profileOfTrace(trace, events).slice(0, 30)) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${fn}`);
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
