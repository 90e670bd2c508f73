// Scale-out on one machine (issue 31), each pair measured side by side in one run, in alternating
// rounds so neither side always gets the machine first:
// 1. storefront reads through nginx (Debian's package, tests/scale/nginx.ts) over 1 API process
//    against over 2 API processes (the app's own `api/server.ts` processes, as `npm start` runs them):
//    cached (one product page, answered by each process's in-memory cache) and uncached (every
//    request a new query string, so each is rendered from PostgreSQL), autocannon, CONNECTIONS
//    connections for SECONDS seconds a round;
// 2. review-request starts handled by 1 worker process against 2 worker processes (each side its
//    own task queue): REQUESTS signal-with-starts of the reviewRequest workflow as the orders/create
//    hook sends them, timed until every request has its queue row (the workflow's first activities);
// 3. a moderation through one API process until its own storefront and the other process's show it
//    (the other within a second: issue 31's goal, once asserted in tests/scale/topology.test.ts).
// The load average is printed beside every figure: on a machine shared with other work the figures
// move with it. Run: npx tsx bench/scale-out.ts [reads|workers|moderation]   (needs the Temporal CLI and nginx-light)
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { createRequire } from 'node:module';
import { client, createShop, freePort, startStandaloneStack, stopChild } from '@plaudit/kernel/testing';
import { apiProcess, appProcess } from '../tests/scale/cluster';
import { workflowBundleFile } from '../tests/setup/workflow-bundle';
import { startNginx, type RunningNginx } from '../tests/scale/nginx';

const ROUNDS = 3;
const SECONDS = 6;
const CONNECTIONS = 16;
const REQUESTS = 150;
const REVIEWS = 30;
const MODERATIONS = 20;

type Stack = Awaited<ReturnType<typeof startStandaloneStack>>['stack'];

// autocannon ships no types: the part of its API used here
const autocannon = createRequire(__filename)('autocannon') as (o: Record<string, unknown>) => Promise<{
  requests: { average: number };
  latency: { p99: number };
  errors: number;
  non2xx: number;
}>;
let probes = 0;
const load = () => os.loadavg()[0].toFixed(1);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function reads(url: string, uncached: boolean): Promise<{ rps: number; p99: number; errors: number }> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    // every request a query string of its own: no cache of any tier has its answer
    ...(uncached ? { requests: [{ setupRequest: (req: { path: string }) => ({ ...req, path: `${new URL(url).pathname}?limit=10&probe=${++probes}` }) }] } : {}),
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function storefrontReads(stack: Stack, env: Record<string, string>) {
  const { shop, token } = await createShop(stack.api, { plan: 'pro' });
  const admin = client(stack.api.url, token);
  for (let i = 0; i < REVIEWS; i++) {
    const res = await admin.post('/api/reviews', {
      kind: 'product',
      productId: 'gid://shopify/Product/1',
      productTitle: 'Wool Hat',
      rating: 1 + (i % 5),
      content: `Bench review ${i}: warm, soft and well made.`,
      firstName: 'Ann',
      email: `ann${i}@example.com`,
      status: 'published',
    });
    if (res.status !== 201) throw new Error(`review not created: ${res.status}`);
  }
  const started = await Promise.all([0, 1].map(() => apiProcess((port) => ({ ...env, APP_URL: `http://127.0.0.1:${port}` }))));
  const apis: ChildProcess[] = started.map((a) => a.child);
  const ports = started.map((a) => a.port);
  const balancers: RunningNginx[] = [await startNginx(await freePort(), ports.slice(0, 1)), await startNginx(await freePort(), ports)];
  try {
    const path = `/storefront/shops/${shop.shopifyDomain}/api/products/1/reviews`;
    for (const uncached of [false, true]) {
      const figures: Record<1 | 2, { rps: number; p99: number; errors: number; load: string }[]> = { 1: [], 2: [] };
      for (let round = 0; round < ROUNDS; round++) {
        const order: (1 | 2)[] = round % 2 ? [2, 1] : [1, 2];
        for (const n of order) {
          const before = load();
          const r = await reads(balancers[n - 1].url + path, uncached);
          figures[n].push({ ...r, load: `${before}->${load()}` });
        }
      }
      const line = (n: 1 | 2) =>
        `${n} API: ${figures[n].map((f) => `${Math.round(f.rps)}/s (p99 ${f.p99} ms, load ${f.load}${f.errors ? `, ${f.errors} errors` : ''})`).join(', ')}`;
      const ratio = median(figures[2].map((f) => f.rps)) / median(figures[1].map((f) => f.rps));
      console.log(
        `storefront reads ${uncached ? 'uncached' : 'cached'} through nginx, ${CONNECTIONS} connections: ${line(1)}; ${line(2)}; 2 APIs / 1 API (medians) ${ratio.toFixed(2)}x`,
      );
    }
  } finally {
    await Promise.all(balancers.map((b) => b.stop()));
    await Promise.all(apis.map((a) => stopChild(a)));
  }
}

/**
 * The facts the orders/create hook signals (plugins/review-requests/activities/hooks.ts, its
 * `orderFacts` signal), for a synthetic order; named here, as the repository's bench/ imports no plugin.
 */
function facts(i: number) {
  return {
    name: `#${20_000 + i}`,
    createdAt: new Date().toISOString(),
    email: `bench-${i}@example.com`,
    customerName: 'Ada Bench',
    customerId: null,
    shippingCountry: 'DE',
    locale: 'en',
    lineItems: [{ productId: `gid://shopify/Product/${1 + (i % 6)}`, title: 'Wool Hat', quantity: 1 }],
  };
}

async function requestStarts(stack: Stack, env: Record<string, string>) {
  const { domain, shop } = await stack.installShop();
  await stack.api.knex('shops').where({ id: shop.id }).update({ plan: 'enterprise' });
  const temporal = stack.api.runtime.services.temporal.client;
  const queues = { 1: `scale-bench-one-${process.pid}`, 2: `scale-bench-two-${process.pid}` } as const;
  const bundle = await workflowBundleFile(stack.api.config);
  const workers: ChildProcess[] = await Promise.all(
    [queues[1], queues[2], queues[2]].map((queue) =>
      appProcess('workflows/worker.ts', { ...env, TEMPORAL_TASK_QUEUE: queue, PLAUDIT_WORKFLOW_BUNDLE: bundle }),
    ),
  );
  let next = 0;
  /** `count` requests onto side `n`'s queue; resolves with their rate once each has its queue row. */
  async function batch(n: 1 | 2, count: number): Promise<number> {
    const ids = Array.from({ length: count }, () => String(9_000_000_000_000 + next++));
    const began = performance.now();
    // as the hook sends them: signal-with-start on the order's workflow id, 20 at a time
    for (let i = 0; i < ids.length; i += 20) {
      await Promise.all(
        ids.slice(i, i + 20).map((orderId, k) =>
          temporal.workflow.signalWithStart('reviewRequest', {
            workflowId: `review-request:${domain}:${orderId}`,
            taskQueue: queues[n],
            args: [{ shopId: shop.id, shopDomain: domain, orderId }],
            signal: 'orderFacts',
            signalArgs: [facts(i + k)],
          }),
        ),
      );
    }
    for (;;) {
      const [{ rows }] = await stack.api.knex('email_queue').where({ shopId: shop.id }).whereIn('orderId', ids).count({ rows: '*' });
      if (Number(rows) >= count) return count / ((performance.now() - began) / 1000);
      if (performance.now() - began > 600_000) throw new Error(`${rows} of ${count} requests have a queue row after 10 minutes`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    // each worker's first tasks load the workflow bundle into its sandbox: not part of the figure
    await Promise.all([batch(1, 20), batch(2, 40)]);
    const figures: Record<1 | 2, { perSecond: number; load: string }[]> = { 1: [], 2: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order: (1 | 2)[] = round % 2 ? [2, 1] : [1, 2];
      for (const n of order) {
        const before = load();
        figures[n].push({ perSecond: await batch(n, REQUESTS), load: `${before}->${load()}` });
      }
    }
    const line = (n: 1 | 2) => `${n} worker${n > 1 ? 's' : ''}: ${figures[n].map((f) => `${f.perSecond.toFixed(1)}/s (load ${f.load})`).join(', ')}`;
    const ratio = median(figures[2].map((f) => f.perSecond)) / median(figures[1].map((f) => f.perSecond));
    console.log(
      `review-request starts, ${REQUESTS} per round until each has its queue row: ${line(1)}; ${line(2)}; 2 workers / 1 worker (medians) ${ratio.toFixed(2)}x`,
    );
  } finally {
    await Promise.all(workers.map((w) => stopChild(w)));
  }
}

/** When `read()` first equals `expected`, polled every 5 ms: the milliseconds since `from`. */
async function reached(read: () => Promise<number[]>, expected: number[], from: number): Promise<number> {
  for (;;) {
    if (JSON.stringify(await read()) === JSON.stringify(expected)) return performance.now() - from;
    if (performance.now() - from > 60_000) throw new Error(`the storefront did not show ${JSON.stringify(expected)} within a minute`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * A moderation through API process A, until A's own storefront and API process B's show it: each
 * drops its cached answer when the review feed's notification reaches its LISTEN connection
 * (plugins/widgets/api/feed-listener.ts). The goal (issue 31): the other process within a second.
 */
async function moderationReach(stack: Stack, env: Record<string, string>) {
  const { shop, token } = await createShop(stack.api, { plan: 'pro' });
  const started = await Promise.all([0, 1].map(() => apiProcess((port) => ({ ...env, APP_URL: `http://127.0.0.1:${port}` }))));
  const [a, b] = started.map((p) => `http://127.0.0.1:${p.port}`);
  try {
    const created = await client(a, token).post('/api/reviews', {
      kind: 'product',
      productId: 'gid://shopify/Product/1',
      productTitle: 'Wool Hat',
      rating: 5,
      content: 'Seen on every API process',
      firstName: 'Ann',
      email: 'ann@example.com',
      status: 'unpublished',
    });
    if (created.status !== 201) throw new Error(`review not created: ${created.status}`);
    const shown = (api: string) => async () =>
      ((await (await fetch(`${api}/storefront/shops/${shop.shopifyDomain}/api/products/1/reviews`)).json()) as { data: { id: number }[] }).data.map(
        (r) => r.id,
      );
    // each process's answer cached: its second read is a hit of its in-memory cache
    for (const api of [a, b, a, b]) await shown(api)();
    const delays: Record<'a' | 'b', number[]> = { a: [], b: [] };
    for (let i = 0; i < MODERATIONS; i++) {
      const action = i % 2 ? 'unpublish' : 'publish';
      const res = await client(a, token).post(`/api/reviews/${created.body.id}/${action}`);
      if (res.status !== 200) throw new Error(`${action} answered ${res.status}`);
      const answered = performance.now();
      const expected = action === 'publish' ? [created.body.id] : [];
      const [viaA, viaB] = await Promise.all([reached(shown(a), expected, answered), reached(shown(b), expected, answered)]);
      delays.a.push(viaA);
      delays.b.push(viaB);
    }
    const line = (xs: number[]) => `median ${Math.round(median(xs))} ms, worst ${Math.round(Math.max(...xs))} ms`;
    console.log(
      `moderation through API A, ${MODERATIONS} publishes and unpublishes, until each storefront shows it (load ${load()}): A's own ${line(delays.a)}; B's ${line(delays.b)}; ` +
        `B / A (medians) ${(median(delays.b) / median(delays.a)).toFixed(2)}x; B's worst / the 1,000 ms goal ${(Math.max(...delays.b) / 1000).toFixed(2)}x`,
    );
  } finally {
    await Promise.all(started.map((p) => stopChild(p.child)));
  }
}

async function main() {
  const only = process.argv[2];
  console.log(
    `${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const { stack, stop } = await startStandaloneStack('plaudit-scale-bench');
  // what an app process of this stack needs: its database, Temporal, SMTP sink (process.env) and store emulator
  const env = { ...(process.env as Record<string, string>), ...stack.processEnv(), LOG_LEVEL: 'error' };
  try {
    if (!only || only === 'reads') await storefrontReads(stack, env);
    if (!only || only === 'workers') await requestStarts(stack, env);
    if (!only || only === 'moderation') await moderationReach(stack, env);
  } finally {
    await stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
