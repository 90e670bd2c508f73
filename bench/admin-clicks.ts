// One admin interaction click by click, two checkouts side by side (issue 36): the interaction of
// bench/admin-speed/interactions.ts named by NAME, run N times at 4x CPU in fresh contexts on this
// checkout and on BEFORE (another checkout, e.g. `git worktree add /tmp/before <rev>` with
// node_modules linked), alternating ROUNDS times; then each click's Event Timing duration (input to
// next paint) and its handlers' processing, median over all runs, with the ratio after/before.
// bench:admin's median of 5 INPs moves by ±50 ms between runs of one build on the 2-core host; a
// change of 40 ms to one click needs these many runs and the clicks apart to be seen.
// Run: BEFORE=/tmp/before NAME="change a queue filter" npm run bench:admin-clicks
import path from 'node:path';

const BEFORE = process.env.BEFORE;
const NAME = process.env.NAME ?? 'change a queue filter';
const N = Number(process.env.N ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const THROTTLE = 4;

type Figures = Map<string, number[]>;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const add = (f: Figures, key: string, value: number) => f.set(key, [...(f.get(key) ?? []), value]);

/** N runs of the interaction on the checkout at `root`, its own build and stack. */
async function runOn(root: string, into: Figures) {
  const { INTERACTIONS } = await import(path.join(root, 'bench/admin-speed/interactions.ts'));
  const { observeMetrics, readInteractionEvents } = await import(path.join(root, 'bench/admin-speed/page-metrics.ts'));
  const { startAdminBench } = await import(path.join(root, 'bench/admin-speed/stack.ts'));
  const interaction = INTERACTIONS.find((i: { name: string }) => i.name === NAME);
  if (!interaction) throw new Error(`no interaction "${NAME}" in ${root}`);
  const bench = await startAdminBench(N);
  try {
    for (let i = 0; i < N; i++) {
      const context = await bench.browser.newContext({ viewport: { width: 1280, height: 800 } });
      await observeMetrics(context, bench.token);
      const page = await context.newPage();
      await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
      await page.goto(`${bench.base}/`, { waitUntil: 'networkidle' });
      await page.getByText('Welcome, Bench Shop').waitFor();
      add(into, 'INP', await interaction.run(page, bench.base));
      // a click's target is empty when its element left the page before the entry was read (Apply)
      for (const e of await readInteractionEvents(page))
        if (e.name === 'click') {
          add(into, `${e.target || '(removed)'}: duration`, e.duration);
          add(into, `${e.target || '(removed)'}: processing`, e.processing);
        }
      await context.close();
    }
  } finally {
    await bench.close();
  }
}

async function main() {
  const after: Figures = new Map();
  const before: Figures = new Map();
  for (let r = 0; r < ROUNDS; r++) {
    if (BEFORE) await runOn(path.resolve(BEFORE), before);
    await runOn(process.cwd(), after);
  }
  console.log(`${NAME}, ${THROTTLE}x CPU, ${N * ROUNDS} runs each, medians (ms)${BEFORE ? `; before = ${BEFORE}` : ''}`);
  for (const [key, xs] of after) {
    const was = before.get(key);
    const ratio = was ? `  before ${String(median(was).toFixed(0)).padStart(4)}  after/before ${(median(xs) / median(was)).toFixed(2)}` : '';
    console.log(`  ${key.slice(0, 44).padEnd(45)} ${String(median(xs).toFixed(0)).padStart(4)}${ratio}`);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
