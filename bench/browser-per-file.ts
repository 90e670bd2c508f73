// What a browser test file pays for its Chromium (issue 38): FILES "files" that each launch their own
// Chromium (as every browser test file did) against the same files connecting to one Chromium launched
// for the run (tests/setup/browser-global-setup.ts), each file opening a context and a page and closing.
// Each variant runs in a child process under /usr/bin/time (the CPU of Chromium's processes counts),
// alternating, ROUNDS times; prints the medians side by side: `npx tsx bench/browser-per-file.ts`.
import { spawnSync } from 'node:child_process';
import { launchBrowser, launchBrowserServer, BROWSER_WS } from '../tests/support/browser';

const FILES = Number(process.env.FILES ?? 6);
const ROUNDS = Number(process.env.ROUNDS ?? 3);

/** One variant in this process: the files one after another, as a jest worker runs them. */
async function child(variant: 'launch' | 'shared') {
  const server = variant === 'shared' ? await launchBrowserServer() : undefined;
  if (server) process.env[BROWSER_WS] = server.wsEndpoint();
  for (let i = 0; i < FILES; i++) {
    const browser = await launchBrowser();
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.setContent('<main><h1>Plaudit</h1><button>Save</button></main>');
    await page.getByRole('button', { name: 'Save' }).click();
    await browser.close();
  }
  await server?.close();
}

function measure(variant: string): { cpu: number; wall: number } {
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S %e', process.execPath, '--import', 'tsx', __filename, variant], {
    encoding: 'utf8',
    env: { ...process.env, [BROWSER_WS]: '' },
  });
  if (r.status !== 0) throw new Error(`${variant} failed: ${r.stderr}`);
  const [user, sys, wall] = r.stderr.trim().split('\n').pop()!.split(' ').map(Number);
  return { cpu: user + sys, wall };
}

if (process.argv[2] === 'launch' || process.argv[2] === 'shared') {
  child(process.argv[2]).catch((err) => {
    console.error(err);
    process.exit(1);
  });
} else {
  const runs: Record<string, { cpu: number; wall: number }[]> = { launch: [], shared: [] };
  for (let i = 0; i < ROUNDS; i++) for (const v of ['launch', 'shared']) runs[v].push(measure(v));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const of = (v: string, k: 'cpu' | 'wall') => median(runs[v].map((r) => r[k]));
  console.log(`${FILES} files per run, ${ROUNDS} rounds, medians (CPU: user + sys of the process and its Chromium)\n`);
  console.log('| variant | CPU | wall | CPU per file |');
  console.log('|---|---|---|---|');
  for (const v of ['launch', 'shared'])
    console.log(`| ${v} | ${of(v, 'cpu').toFixed(2)} s | ${of(v, 'wall').toFixed(2)} s | ${(of(v, 'cpu') / FILES).toFixed(2)} s |`);
  console.log(
    `\nshared / launch: CPU ${(of('shared', 'cpu') / of('launch', 'cpu')).toFixed(2)}, wall ${(of('shared', 'wall') / of('launch', 'wall')).toFixed(2)}; saved per file: ${((of('launch', 'cpu') - of('shared', 'cpu')) / FILES).toFixed(2)} s CPU, ${((of('launch', 'wall') - of('shared', 'wall')) / FILES).toFixed(2)} s wall`,
  );
  console.log(`all runs: ${JSON.stringify(runs)}`);
}
