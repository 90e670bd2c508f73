// What V8 flags for the jest processes would save (issue 38): a test file lives seconds, and its
// module graph is loaded afresh in each file's registry, so code optimised by V8's top tiers may not
// repay its compile (the test browser's `--max-opt=1` saved a sixth of Chromium's CPU,
// bench/browser-flags.ts). The same node test files in jest, with each variant's flags given to node
// (jest's workers inherit its execArgv), rounds alternating; CPU by kind from tools/ci/cpu-by-process.py
// sampling beside each run. Prints the medians side by side and each variant's ratio to plain.
//   npx tsx bench/jest-worker-flags.ts
//   FILES="..." ROUNDS=3 WORKERS=2 VARIANTS="plain=;maglev=--max-opt=2;baseline=--max-opt=1" npx tsx bench/jest-worker-flags.ts
import os from 'node:os';
import path from 'node:path';
import { sampledRun } from './cpu-sampling';

const ROOT = path.resolve(__dirname, '..');
const FILES = (
  process.env.FILES ??
  'plugins/reviews/tests/aggregates.test.ts plugins/public-api/tests/openapi.test.ts plugins/widgets/tests/feed.test.ts plugins/imports/tests/file-import.test.ts plugins/analytics/tests/rollups.test.ts plugins/reviews/tests/review-reply.test.ts tests/integration/start.test.ts plugins/insights/tests/topics.test.ts'
).split(/\s+/);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const WORKERS = process.env.WORKERS ?? '2';
/** `name=flags` pairs; the first is the one the others are compared with */
const VARIANTS = (process.env.VARIANTS ?? 'plain=;baseline=--max-opt=1').split(';').map((v) => {
  const [name, ...flags] = v.split('=');
  return { name, flags: flags.join('=').split(/\s+/).filter(Boolean) };
});
const JEST_WORKER = 'jest worker (test files, their in-process APIs)';

interface Run {
  workers: number;
  all: number;
  wall: number;
  passed: boolean;
}

async function run(variant: (typeof VARIANTS)[number], round: number): Promise<Run> {
  const out = path.join(os.tmpdir(), `jest-worker-flags-${variant.name}-${round}.cpu`);
  const jest = [...variant.flags, require.resolve('jest/bin/jest'), ...FILES, '--selectProjects', 'node', '-w', WORKERS];
  const { cpu, wall, passed } = await sampledRun(out, process.execPath, jest, { cwd: ROOT });
  return { workers: cpu.get(JEST_WORKER) ?? 0, all: cpu.get('all sampled processes') ?? 0, wall, passed };
}

async function main() {
  const runs = new Map(VARIANTS.map((v) => [v.name, [] as Run[]]));
  for (let i = 1; i <= ROUNDS; i++) {
    const order = i % 2 ? VARIANTS : [...VARIANTS].reverse();
    for (const v of order) runs.get(v.name)!.push(await run(v, i));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const of = (v: string, k: 'workers' | 'all' | 'wall') => median(runs.get(v)!.map((r) => r[k]));
  const base = VARIANTS[0].name;
  console.log(`${FILES.length} node files, ${WORKERS} jest workers, ${ROUNDS} rounds alternating; medians\n`);
  console.log(`| variant | node flags | jest workers' CPU | all processes' CPU | wall | all runs passed | workers / ${base} | all / ${base} |`);
  console.log('|---|---|---|---|---|---|---|---|');
  for (const v of VARIANTS)
    console.log(
      `| ${v.name} | ${v.flags.join(' ') || '-'} | ${of(v.name, 'workers').toFixed(1)} s | ${of(v.name, 'all').toFixed(1)} s | ${of(v.name, 'wall').toFixed(1)} s | ${runs.get(v.name)!.every((r) => r.passed)} | ${(of(v.name, 'workers') / of(base, 'workers')).toFixed(2)} | ${(of(v.name, 'all') / of(base, 'all')).toFixed(2)} |`,
    );
  console.log(`\nall runs: ${JSON.stringify(Object.fromEntries(runs))}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
