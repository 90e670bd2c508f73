// Run by shutdown.test.ts in a process of its own (so nothing another test file left running in
// the same jest worker is counted): starts an API for the case named on the command line, closes
// it, and prints as JSON what it left behind.
import { createHook } from 'node:async_hooks';
import http from 'node:http';
import { eventually, startTestApi } from '../support/api';
import { databaseUrlAt, downPort } from './tcp-proxy';

Error.stackTraceLimit = 30;

const TRACKED = new Set(['Timeout', 'TCPWRAP', 'TLSWRAP', 'PIPEWRAP', 'TCPSERVERWRAP', 'HTTP2SESSION', 'Immediate']);

/**
 * Services a library keeps once per process, not per API: esbuild's compiler process (unref'd; the
 * widgets' script builds of the next API reuse it).
 */
const PROCESS_WIDE = [/^PIPEWRAP .*esbuild[/\\]lib[/\\]main\.js/];

/** Resources of the tracked types created while `run` runs, and still alive once they all should be gone. */
async function leftBehind(run: () => Promise<void>): Promise<string[]> {
  const live = new Map<number, string>();
  let tracking = true;
  const hook = createHook({
    // with where it was created, so a failure names the code that left it behind
    init: (id, type) => void (tracking && TRACKED.has(type) && live.set(id, `${type} ${createdBy()}`)),
    destroy: (id) => void live.delete(id),
  }).enable();
  try {
    await run();
    tracking = false;
    // A timer of ours must be cleared by close() itself: one that is only gone after it fired
    // has run in a closed process (the feed listener's reconnect timer did, after jest's teardown).
    await new Promise((resolve) => setImmediate(resolve));
    // ours: a timer one of our own frames created (Node's own, e.g. a closing socket's, end with their socket)
    const ours = (created: string) => created.startsWith('Timeout') && !created.includes('(node)') && !created.split(' < ')[0].includes('node_modules');
    const timers = [...live.values()].filter(ours);
    // Sockets (and the libraries' timers tied to them) end a few ticks after close() resolves.
    // Some handles (HTTP/2 sessions) report their end only when collected: collect while waiting.
    const collect = (globalThis as { gc?: () => void }).gc;
    await eventually(async () => (collect?.(), live.size === 0), 10_000, 100).catch(() => undefined);
    const rest = [...live.values()].filter((created) => !ours(created));
    return [...timers, ...rest].filter((created) => !PROCESS_WIDE.some((re) => re.test(created))).sort();
  } finally {
    hook.disable();
  }
}

/** The first frames of our code, or of the library, that created a resource. */
function createdBy(): string {
  const all = (new Error().stack ?? '')
    .split('\n')
    .slice(1)
    .map((l) => l.trim())
    .filter((l) => !l.includes('shutdown-probe.ts'));
  const frames = all.filter((l) => !l.includes('node:'));
  // a resource Node made for itself (no frame of ours or a library's) is named by its Node frames
  return (frames.length ? frames : all.map((l) => `(node) ${l}`)).slice(0, 3).join(' < ');
}

/** One request without a keep-alive agent, so the client keeps no socket of its own. */
function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

const CASES: Record<string, () => Promise<void>> = {
  async 'all-up'() {
    const api = await startTestApi();
    await expectStatus(`${api.url}/api/health`, (s) => s === 200);
    // a storefront read: the widgets' cache and its LISTEN connection are in use
    await expectStatus(`${api.url}/storefront/shops/nobody.myshopify.com/reviews`, (s) => s >= 400);
    await api.close();
  },
  async 'database-down'() {
    const database = await downPort();
    const api = await startTestApi({ DATABASE_URL: databaseUrlAt(database.port) });
    await expectStatus(`${api.url}/api/health`, (s) => s === 503);
    await api.close();
    await database.close();
  },
};

async function expectStatus(url: string, ok: (status: number) => boolean) {
  const status = await get(url);
  if (!ok(status)) throw new Error(`${url} answered ${status}`);
}

leftBehind(CASES[process.argv[2]]).then(
  (left) => {
    console.log(JSON.stringify({ left }));
    process.exit(0);
  },
  (err) => {
    console.log(JSON.stringify({ error: String(err) }));
    process.exit(1);
  },
);
