// Which Chromium the browser tests should drive (issue 38): Debian's full browser run headless
// (/usr/bin/chromium --headless) against Debian's old headless shell (package chromium-headless-shell,
// what Playwright itself uses for headless runs). The same browser test files run in jest under each,
// alternating, ROUNDS times, each run under /usr/bin/time: user + sys of jest, its stack and its
// Chromium (the run's one browser is jest's child). Prints the medians side by side and their ratio.
//   npx tsx bench/browser-binary.ts
//   FILES="tests/browser/reviews-walk.test.ts ..." ROUNDS=3 npx tsx bench/browser-binary.ts
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const BINARIES = { full: '/usr/bin/chromium', 'headless shell': '/usr/bin/chromium-headless-shell' };
const FILES = (
  process.env.FILES ??
  'tests/browser/reviews-walk.test.ts plugins/reviews/tests/browser/manage-reviews.test.ts plugins/review-requests/tests/browser/queue-screen.test.ts plugins/widgets/tests/browser/storefront-widgets.test.ts'
).split(/\s+/);
const ROUNDS = Number(process.env.ROUNDS ?? 2);

interface Run {
  cpu: number;
  wall: number;
  passed: boolean;
}

function run(binary: string): Run {
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S %e', 'npx', 'jest', '--selectProjects', 'browser', '-w', '1', ...FILES], {
    encoding: 'utf8',
    env: { ...process.env, CHROMIUM_PATH: binary },
  });
  const [user, sys, wall] = r.stderr.trim().split('\n').pop()!.split(' ').map(Number);
  return { cpu: user + sys, wall, passed: r.status === 0 };
}

for (const [name, path] of Object.entries(BINARIES))
  if (!existsSync(path)) throw new Error(`${name}: ${path} is missing (apt-get install chromium chromium-headless-shell)`);
const runs: Record<string, Run[]> = Object.fromEntries(Object.keys(BINARIES).map((n) => [n, []]));
for (let i = 0; i < ROUNDS; i++) for (const [name, path] of Object.entries(BINARIES)) runs[name].push(run(path));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const of = (name: string, key: 'cpu' | 'wall') => median(runs[name].map((r) => r[key]));
console.log(`${FILES.length} browser files, one jest worker, ${ROUNDS} rounds alternating; medians (CPU: user + sys of jest, its stack and Chromium)\n`);
console.log('| Chromium | CPU | wall | all runs passed |');
console.log('|---|---|---|---|');
for (const name of Object.keys(BINARIES))
  console.log(`| ${name} | ${of(name, 'cpu').toFixed(1)} s | ${of(name, 'wall').toFixed(1)} s | ${runs[name].every((r) => r.passed)} |`);
console.log(
  `\nheadless shell / full: CPU ${(of('headless shell', 'cpu') / of('full', 'cpu')).toFixed(2)}, wall ${(of('headless shell', 'wall') / of('full', 'wall')).toFixed(2)}`,
);
console.log(`all runs: ${JSON.stringify(runs)}`);
