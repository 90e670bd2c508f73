// Every mounted route, authenticated and public, is sent malformed input: bad JSON, wrong types,
// huge strings, NUL, lone surrogates, control characters, bad ids in the path, garbage cursors
// (ours and Shopify's), arrays where scalars go. Nothing may answer 5xx or show internal text.
// Routes come from the routers' own tables, so a route added tomorrow is swept tomorrow; the shop
// is installed on the store emulator, so Shopify-backed routes reach (emulated) Shopify. A GET route's
// bad query values go to the names its code reads (query-reads.ts): 149 values for every name on every
// route were 25,777 of the sweep's 43,105 requests, most to names the route never looks at (now 5,802).
// A body field the route refuses by name ("Unknown field") gets one bad value, not twelve.
import querystring from 'node:querystring';
import { appProxySignature, startPlatformStack } from '@plaudit/kernel/testing';
import {
  BAD_CURSOR,
  BAD_JSON_VALUES,
  BAD_NUMBER,
  BAD_PATH,
  BAD_RAW_BODIES,
  BAD_TEXT,
  BODY_FIELDS,
  CURSOR_NAMES,
  fillFor,
  INTERNAL_TEXT,
  NUMBER_NAMES,
  routesOf,
  setPath,
  TEXT_NAMES,
  type Route,
} from './bad-input-cases';
import { recordQueryReads, type QueryReads } from './query-reads';

jest.setTimeout(30 * 60_000);

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
type Shop = Awaited<ReturnType<Stack['installShop']>>;
let stack: Stack;
// The cases are spread over a few shops: some routes serialize per shop (demo seeding holds a
// per-shop lock, Shopify's budget is per shop), which made one shop the sweep's bottleneck.
const SHOPS = 6;
let shops: Shop[];

beforeAll(async () => {
  stack = await startPlatformStack();
  shops = await Promise.all(Array.from({ length: SHOPS }, () => stack.installShop()));
});
afterAll(() => stack?.close());

interface Case {
  route: Route & { auth: boolean };
  shop: Shop;
  name: string;
  /** a path parameter sent at a bad value (the others at plausible ones) */
  bad?: { param: string; value: string };
  query: string;
  body?: string | Buffer;
}

interface Answer {
  status: number;
  text: string;
  retryAfter: string | null;
  /** a script served as it is built (the video upload script): its code names TypeError and the like */
  script: boolean;
}

/**
 * A case answered 503 DEPENDENCY_UNAVAILABLE (PostgreSQL or Temporal past the route's deadline, as on
 * a machine at a load average of 20) is sent again after its Retry-After, as a client honouring it
 * would; only an answer that stays so is listed. Bad input is about the route, not the machine's speed.
 */
const DEPENDENCY_RETRIES = 3;
const dependencyBusy = (a: Answer) => a.status === 503 && a.retryAfter !== null && a.text.includes('DEPENDENCY_UNAVAILABLE');
let resent = 0;
const routeKey = (route: Route) => `${route.method} ${route.path}`;
/** Per route: its cases and the time spent answering them (ms, retries included), for the sweep's summary. */
const routeCost = new Map<string, { cases: number; ms: number }>();

async function sendFollowingRetryAfter(c: Case): Promise<Answer> {
  const cost = routeCost.get(routeKey(c.route)) ?? { cases: 0, ms: 0 };
  routeCost.set(routeKey(c.route), { ...cost, cases: cost.cases + 1 });
  for (let attempt = 0; ; attempt++) {
    const started = performance.now();
    const answer = await send(c);
    routeCost.get(routeKey(c.route))!.ms += performance.now() - started;
    if (!dependencyBusy(answer) || attempt === DEPENDENCY_RETRIES) return answer;
    resent++;
    await new Promise((r) => setTimeout(r, Math.min(Number(answer.retryAfter) || 1, 5) * 1000));
  }
}

async function send(c: Case): Promise<Answer> {
  const { shop } = c;
  let query = c.query;
  if (c.route.path.startsWith('/storefront/proxy')) {
    // Signed as Shopify's app proxy signs, so the sweep reaches past the signature check.
    const signed = `shop=${shop.domain}&logged_in_customer_id=&path_prefix=%2Fapps%2Fplaudit&timestamp=${Math.floor(Date.now() / 1000)}${query ? `&${query}` : ''}`;
    query = `${signed}&signature=${appProxySignature(querystring.parse(signed) as Record<string, string | string[]>, stack.api.config.shopify.apiSecret!)}`;
  }
  const headers: Record<string, string> = {};
  if (c.route.auth) headers.authorization = `Bearer ${shop.appToken}`;
  if (c.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${stack.api.url}${fill(c.route, shop, c.bad)}${query ? `?${query}` : ''}`, {
    method: c.route.method,
    headers,
    body: typeof c.body === 'string' || c.body === undefined ? c.body : new Uint8Array(c.body),
    redirect: 'manual',
  }).catch((err: Error & { cause?: { code?: string; message?: string } }) => ({ failed: err }));
  // no answer at all (a reset connection) is a failure of its own case, listed with the others
  // (fetch's errors come from another realm than jest's: told apart by shape, not instanceof)
  if ('failed' in res)
    return { status: 0, text: `no answer: ${res.failed.message} (${res.failed.cause?.code ?? res.failed.cause?.message})`, retryAfter: null, script: false };
  return {
    status: res.status,
    text: await res.text(),
    retryAfter: res.headers.get('retry-after'),
    script: /javascript/.test(res.headers.get('content-type') ?? ''),
  };
}

/** A path with every parameter at a plausible value, or one of them at `bad`. */
function fill(route: Route, shop: Shop, bad?: { param: string; value: string }): string {
  return route.path
    .replace(/[:*]([A-Za-z0-9_]+)\??/g, (_, name: string) => {
      if (bad?.param === name) return bad.value;
      if (name === 'shop') return shop.domain;
      return name.toLowerCase().includes('id') ? '1' : 'probe';
    })
    .replace(/[{}]/g, '');
}

/** The field errors of a 400 answer (`{ errors: { field: message } }`), if it is one. */
function fieldErrors(answer: Answer): Record<string, string> | undefined {
  if (answer.status !== 400) return undefined;
  try {
    return (JSON.parse(answer.text) as { errors?: Record<string, string> }).errors;
  } catch {
    return undefined; // not JSON
  }
}

/** The body a route accepts as far as its own validation messages tell (three rounds of asking). */
async function learnedBody(route: Route & { auth: boolean }): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for (let round = 0; round < 3; round++) {
    const errors = fieldErrors(await send({ route, shop: shops[0], name: 'learn', query: '', body: JSON.stringify(body) }));
    if (!errors) break;
    for (const [field, message] of Object.entries(errors)) {
      if (field === '_') continue;
      if (message === 'Unknown field') delete body[field];
      else setPath(body, field, fillFor(message));
    }
  }
  return body;
}

/**
 * Of `names` (fields the route did not ask for), those it refuses by name ("Unknown field", whatever
 * the value): asked once, all at a plain value beside the learned body.
 */
async function refusedByName(route: Route & { auth: boolean }, base: Record<string, unknown>, names: string[]): Promise<Set<string>> {
  const body = { ...base, ...Object.fromEntries(names.map((n) => [n, 'probe'])) };
  const errors = fieldErrors(await send({ route, shop: shops[0], name: 'learn', query: '', body: JSON.stringify(body) }));
  return new Set(names.filter((n) => errors?.[n] === 'Unknown field'));
}

type Draft = Omit<Case, 'shop'>;

/** Every query name the sweep knows at a harmless value: what a route reads with all of them present. */
const PLAIN_QUERY = [...TEXT_NAMES.map((n) => `${n}=probe`), ...NUMBER_NAMES.map((n) => `${n}=1`), ...CURSOR_NAMES.map((n) => `${n}=`)].join('&');

/**
 * The query names each GET route reads (query-reads.ts), from two requests: without a query, and with
 * every name at a harmless value (a name read only when another is present shows there).
 */
async function learnQueryReads(routes: (Route & { auth: boolean })[]): Promise<QueryReads> {
  const reads = recordQueryReads([stack.api.apiRouter, ...stack.api.publicRouters]);
  try {
    await pool(
      routes.filter((r) => r.method === 'GET'),
      async (route) => {
        for (const query of ['', PLAIN_QUERY]) await send({ route, shop: shops[0], name: 'learn', query });
      },
    );
  } finally {
    reads.stop();
  }
  return reads;
}

function queryCases(route: Route & { auth: boolean }, reads: QueryReads): Draft[] {
  if (route.method !== 'GET') return [];
  const cases: Draft[] = [];
  const add = (names: string[], values: Record<string, string>) => {
    for (const name of names.filter((n) => reads.sees(route, n)))
      for (const [kind, value] of Object.entries(values)) cases.push({ route, name: `query ${name}: ${kind}`, query: `${name}=${value}` });
  };
  add(TEXT_NAMES, BAD_TEXT);
  add(NUMBER_NAMES, BAD_NUMBER);
  add(CURSOR_NAMES, BAD_CURSOR);
  for (const name of ['q', 'search', 'status', 'after', 'endCursor', 'ids'].filter((n) => reads.sees(route, n)))
    cases.push({ route, name: `query ${name}: repeated`, query: `${name}=1&${name}=2&${name}[]=3` });
  return cases;
}

function pathCases(route: Route & { auth: boolean }): Draft[] {
  return route.params.flatMap((param) =>
    Object.entries(BAD_PATH).map(([kind, value]) => ({ route, name: `path :${param}: ${kind}`, bad: { param, value }, query: '' })),
  );
}

async function bodyCases(route: Route & { auth: boolean }): Promise<Draft[]> {
  if (['GET', 'HEAD', 'OPTIONS'].includes(route.method)) return [];
  const base = await learnedBody(route);
  const extra = BODY_FIELDS.filter((f) => !(f in base));
  const refused = await refusedByName(route, base, extra);
  const cases: Draft[] = Object.entries(BAD_RAW_BODIES).map(([kind, body]) => ({ route, name: `body: ${kind}`, query: '', body }));
  for (const field of [...Object.keys(base), ...extra]) {
    // a field refused by name gets one bad value: the others stop at the same refusal
    const values = Object.entries(BAD_JSON_VALUES).slice(0, refused.has(field) ? 1 : undefined);
    for (const [kind, value] of values) cases.push({ route, name: `body ${field}: ${kind}`, query: '', body: JSON.stringify({ ...base, [field]: value }) });
  }
  return cases;
}

/**
 * The shops a route's cases go to: DELETEs to half of them, every other method to the other half. A
 * DELETE's case undid a POST's on the same shop in turn: the sample reviews were seeded 75 times and
 * removed 96 times in one sweep (300 reviews and their listeners' work each time), for bodies and
 * queries both routes ignore.
 */
const shopsFor = (route: Route) => (route.method === 'DELETE' ? shops.slice(SHOPS / 2) : shops.slice(0, SHOPS / 2));

/** A route's cases, each sent to the next of its shops in turn. */
async function casesOf(route: Route & { auth: boolean }, reads: QueryReads): Promise<Case[]> {
  const drafts = [...queryCases(route, reads), ...pathCases(route), ...(await bodyCases(route))];
  const own = shopsFor(route);
  return drafts.map((d, i) => ({ ...d, shop: own[i % own.length] }));
}

/**
 * Runs `fn` over `items` a few at a time (the machine is shared). Sixteen at a time did not clearly
 * help on a loaded 2-core machine (the sweep waits for CPU there) and saw connections reset.
 */
async function pool<T, R>(items: T[], fn: (item: T) => Promise<R>, parallel = 4): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) results.push(await fn(items[next++]));
    }),
  );
  return results;
}

/** The routes' cases taken in turn (one of each route, then the next of each): slow routes do not bunch up. */
function interleave(lists: Case[][]): Case[] {
  const longest = Math.max(0, ...lists.map((l) => l.length));
  return Array.from({ length: longest }, (_, i) => lists.flatMap((l) => (i < l.length ? [l[i]] : []))).flat();
}

test('every mounted route answers malformed input with a 4xx (or a page), never a 5xx or internal text', async () => {
  const routes = [
    ...routesOf([stack.api.apiRouter]).map((r) => ({ ...r, auth: true })),
    ...routesOf(stack.api.publicRouters).map((r) => ({ ...r, auth: false })),
  ];
  const keys = routes.map((r) => `${r.method} ${r.path}`);
  // the sweep really sees the authenticated, public, Shopify-backed and storefront routes
  expect(keys).toEqual(
    expect.arrayContaining([
      'GET /api/shops',
      'GET /api/old-orders',
      'GET /api/shopify/searchProducts',
      'GET /api/email-queue',
      'GET /api/health',
      'GET /storefront/proxy/widgets/:block',
      'GET /storefront/shops/:shop/widgets/:block',
    ]),
  );

  const reads = await learnQueryReads(routes);
  // the learning sees what a route's own validation reads (a zod schema over ctx.query here)
  expect([...(reads.of({ method: 'GET', path: '/api/shopify/searchProducts' }) ?? [])]).toEqual(expect.arrayContaining(['search', 'status', 'limit']));
  const cases = interleave(await pool(routes, (route) => casesOf(route, reads)));
  const results = await pool(cases, async (c) => ({ c, a: await sendFollowingRetryAfter(c) }));

  // The sweep's own flood of Shopify-backed calls can exhaust the shop's Admin API budget: that is
  // answered 503 with Retry-After (not a bad-input failure), counted apart.
  const throttled = results.filter(({ a }) => a.status === 503 && a.retryAfter && a.text.includes('PLATFORM_THROTTLED'));
  const failures = results
    .filter((r) => !throttled.includes(r))
    // internal text is looked for in answers, not in a static script's own code
    .filter(({ a }) => a.status === 0 || a.status >= 500 || (!(a.status === 200 && a.script) && INTERNAL_TEXT.test(a.text)))
    .map(({ c, a }) => `${routeKey(c.route)} [${c.name}] -> ${a.status} ${a.text.slice(0, 160)}`);
  const failedRoutes = new Set(failures.map((f) => f.split(' [')[0]));
  const slowest = [...routeCost].sort((a, b) => b[1].ms - a[1].ms).slice(0, 10);
  console.log(
    `slowest routes (time summed over their cases, 4 sent at a time): ${slowest.map(([k, { ms, cases }]) => `${k} ${Math.round(ms / 1000)} s / ${cases} cases`).join('; ')}`,
  );
  console.log(
    `bad-input sweep: ${routes.length} routes, ${results.length} cases (${results.filter(({ c }) => c.name.startsWith('query ')).length} of them to query names the routes read), ${failures.length} answered 5xx, internal text or not at all (${failedRoutes.size} routes), ${throttled.length} throttled by Shopify (503 + Retry-After), ${resent} sent again after a 503 DEPENDENCY_UNAVAILABLE's Retry-After\n${failures.slice(0, 200).join('\n')}`,
  );
  // every case was sent and answered
  expect(results).toHaveLength(cases.length);
  expect(failures).toEqual([]);
});
