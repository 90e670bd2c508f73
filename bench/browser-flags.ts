// What the test run's Chromium flags save (issue 38): the same browser test files in jest with the
// test browser's flags (tests/support/browser.ts, TEST_BROWSER_ARGS: reduced motion, V8's baseline
// compiler only) and without them (PLAIN_TEST_BROWSER=1), alternating, ROUNDS times. Chromium's CPU
// is read by tools/ci/cpu-by-process.py sampling beside each run (the run's browser is not a child
// /usr/bin/time would count). Prints the medians side by side and their ratios.
//   npx tsx bench/browser-flags.ts
//   FILES="tests/browser/admin-routes.test.ts ..." ROUNDS=3 WORKERS=2 npx tsx bench/browser-flags.ts
import os from 'node:os';
import path from 'node:path';
import { sampledRun } from './cpu-sampling';

const ROOT = path.resolve(__dirname, '..');
const FILES = (
  process.env.FILES ??
  'tests/browser/admin-routes.test.ts plugins/reviews/tests/browser/manage-reviews.test.ts plugins/onboarding/tests/browser/onboarding.test.ts tests/browser/admin-shell.test.ts plugins/analytics/tests/browser/analytics-screens.test.ts plugins/qr-codes/tests/browser/qr-codes.test.ts'
).split(/\s+/);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const WORKERS = process.env.WORKERS ?? '2';
const VARIANTS = { plain: { PLAIN_TEST_BROWSER: '1' }, 'test flags': {} } as const;
type Variant = keyof typeof VARIANTS;

interface Run {
  chromium: number;
  renderer: number;
  wall: number;
  passed: boolean;
}

async function run(variant: Variant, round: number): Promise<Run> {
  const out = path.join(os.tmpdir(), `browser-flags-${variant.replace(' ', '-')}-${round}.cpu`);
  const { PLAIN_TEST_BROWSER: _, ...env } = process.env;
  const { cpu, wall, passed } = await sampledRun(out, 'npx', ['jest', ...FILES, '--selectProjects', 'browser', '-w', WORKERS], {
    cwd: ROOT,
    env: { ...env, ...VARIANTS[variant] },
  });
  const chromium = [...cpu].filter(([k]) => k.startsWith('chromium')).reduce((n, [, s]) => n + s, 0);
  return { chromium, renderer: cpu.get('chromium renderer') ?? 0, wall, passed };
}

async function main() {
  const runs: Record<Variant, Run[]> = { plain: [], 'test flags': [] };
  for (let i = 1; i <= ROUNDS; i++) for (const v of Object.keys(VARIANTS) as Variant[]) runs[v].push(await run(v, i));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const of = (v: Variant, k: 'chromium' | 'renderer' | 'wall') => median(runs[v].map((r) => r[k]));
  console.log(`${FILES.length} browser files, ${WORKERS} jest workers, ${ROUNDS} rounds alternating; medians\n`);
  console.log('| Chromium | Chromium CPU | its renderers | wall (jest with its stack) | all runs passed |');
  console.log('|---|---|---|---|---|');
  for (const v of Object.keys(VARIANTS) as Variant[])
    console.log(
      `| ${v} | ${of(v, 'chromium').toFixed(1)} s | ${of(v, 'renderer').toFixed(1)} s | ${of(v, 'wall').toFixed(1)} s | ${runs[v].every((r) => r.passed)} |`,
    );
  const ratio = (k: 'chromium' | 'renderer' | 'wall') => (of('test flags', k) / of('plain', k)).toFixed(2);
  console.log(`\ntest flags / plain: Chromium CPU ${ratio('chromium')}, renderers ${ratio('renderer')}, wall ${ratio('wall')}`);
  console.log(`all runs: ${JSON.stringify(runs)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
