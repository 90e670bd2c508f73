import fs from 'node:fs';
import os from 'node:os';
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';
import { ReviewWrite, type ImportedReviewInput, type ReviewWriteApi } from '@plaudit/contracts/reviews';
import {
  benchShops,
  createLogger,
  loadConfig,
  pct,
  ROOT,
  seededRandom,
  startApiServer,
  startInfrastructure,
  tokenFor,
  updateShop,
  type TestApi,
  benchAppEnv,
} from '@plaudit/kernel/testing';
import { foldChanges, FOLD_OVERLAP_MS, rebuildShop } from '../activities/count';
import { differencesFromRecount, type Difference } from '../activities/verify';
import { rankProducts, series, totals } from '../db/read';
import { addDays, localDay, monthStart } from '../shared/days';
import { resolvePeriod } from '../shared/period';
import { TIME_TO_REVIEW as TTR_BUCKETS } from '@plaudit/contracts/review-requests';

const BIG_REVIEWS = Number(process.env.BENCH_REVIEWS ?? 1_000_000);
const SMALL_REVIEWS = 1_000;
/** queue entries whose rollups are written: 5 per review (5,000,000 for the full BIG shop) */
const ENTRIES_PER_REVIEW = 5;
const BIG_PRODUCTS = 500;
const SMALL_PRODUCTS = 20;
const DAYS = 730;
const TIMEZONE = 'America/New_York';
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const WARMUP = 20;
const NEW_REVIEWS = 10_000;
const IMPORT_CHUNK = 10_000;
const GOAL_MS = 50;
const GOAL_RATIO = 2;
const SCREENS = ['overview', 'rating', 'email'] as const;
const DAY_MS = 86_400_000;

// the same data on every run
const rnd = seededRandom(18);

/** Binomial(n, p): exact for small n, the normal approximation for large n (rounded, clamped). */
function binomial(n: number, p: number): number {
  if (n <= 0 || p <= 0) return 0;
  if (n < 60) {
    let k = 0;
    for (let i = 0; i < n; i++) if (rnd() < p) k++;
    return k;
  }
  const z = Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
  return Math.max(0, Math.min(n, Math.round(n * p + z * Math.sqrt(n * p * (1 - p)))));
}
/** n split over weights (a multinomial by successive binomials) */
function split(n: number, weights: number[]): number[] {
  let left = n;
  let mass = weights.reduce((a, b) => a + b, 0);
  return weights.map((w, i) => {
    const k = i === weights.length - 1 ? left : binomial(left, w / mass);
    left -= k;
    mass -= w;
    return k;
  });
}
/** a count with expected value x: floor plus a coin for the fraction (a sparse day stays sparse) */
const around = (x: number) => Math.floor(x) + (rnd() < x - Math.floor(x) ? 1 : 0);

const TEXTS = [
  'Really happy with this, exactly as pictured.',
  'Arrived quickly, sizing runs small.',
  'Good value for the price.',
  'Colour differs a bit from the photos.',
  'Broke after a week, disappointed.',
];
const NAMES = ['Ada', 'Bruno', 'Chloé', 'Dmitri', 'Eun-ji', 'Fatima', 'Giulia', 'Hiro'];
const SOURCES: [string, number][] = [
  ['imported', 0.7],
  ['amazon', 0.15],
  ['aliexpress', 0.1],
  ['shopee', 0.05],
];

function reviewRow(n: number, products: number, productBase: number, quality: number[], createdAt: Date): ImportedReviewInput {
  const store = rnd() < 0.04;
  // a few products get most reviews; each product has its own rating profile (best and worst lists)
  const p = Math.floor(rnd() ** 1.6 * products);
  const x = rnd() ** (0.6 + 2 * quality[p]);
  const rating = 5 - Math.min(4, Math.floor(x * 5));
  const m = rnd();
  let s = rnd();
  const source = SOURCES.find(([, w]) => (s -= w) < 0)?.[0] ?? 'imported';
  return {
    kind: store ? 'store' : 'product',
    productId: store ? null : `gid://shopify/Product/${productBase + p}`,
    productTitle: store ? null : `Product ${p + 1}`,
    rating,
    title: n % 3 ? 'Review' : null,
    content: TEXTS[rating === 1 ? 4 : n % 4],
    firstName: NAMES[n % 8],
    source,
    status: rnd() < 0.1 ? 'unpublished' : 'published',
    media:
      m < 1 / 8
        ? [{ url: `https://cdn.example.com/reviews/${n}.jpg`, type: 'image' }]
        : m < 1 / 8 + 1 / 60
          ? [{ url: `https://cdn.example.com/reviews/${n}.mp4`, type: 'video' }]
          : [],
    createdAt,
  };
}

/** `count` reviews through `ReviewWrite.importReviews`, 10,000 a call; dates from `at(i)`. */
async function importReviews(reviews: ReviewWriteApi, tenant: Tenant, count: number, products: number, productBase: number, at: () => Date, progress = false) {
  const quality = Array.from({ length: products }, () => rnd());
  let done = 0;
  while (done < count) {
    const n = Math.min(IMPORT_CHUNK, count - done);
    await reviews.importReviews(
      tenant,
      Array.from({ length: n }, (_, i) => reviewRow(done + i, products, productBase, quality, at())),
    );
    done += n;
    if (progress && done % 100_000 === 0) process.stdout.write(`  ${done.toLocaleString('en-US')} reviews\n`);
  }
}

/** A random instant in the last `days` days (a minute short of now: imports refuse the future). */
const within = (days: number) => () => new Date(Date.now() - 60_000 - rnd() * days * DAY_MS);

/**
 * Attributed and reward orders as the orders/create webhook records them (analytics' own table): about
 * 2.5% of the day's sent requests lead to an attributed order, plus a few orders paid with a reward code.
 */
async function seedOrders(tenant: Tenant, entriesPerDay: number) {
  const rows: Record<string, unknown>[] = [];
  const now = Date.now();
  for (let d = 0; d < DAYS; d++) {
    const attributed = around(entriesPerDay * 0.025);
    const reward = around(entriesPerDay * 0.0015);
    for (let i = 0; i < attributed + reward; i++) {
      const orderedAt = new Date(now - 60_000 - (d + rnd()) * DAY_MS);
      rows.push({
        orderId: String(1_000_000 + rows.length),
        orderedAt,
        total: (20 + rnd() * 180).toFixed(2),
        currency: 'USD',
        queueEntryId: i < attributed ? 1 + Math.floor(rnd() * 1e9) : null,
        clickedAt: i < attributed ? new Date(orderedAt.getTime() - rnd() * 6 * DAY_MS) : null,
        attributed: i < attributed,
        reward: i >= attributed,
        updatedAt: new Date(),
      });
    }
  }
  for (let i = 0; i < rows.length; i += 2000) await tenant.insertInto('analytics_orders', rows.slice(i, i + 2000));
  return rows.length;
}

const SKIP_REASONS: [string, number][] = [
  ['no_email', 0.35],
  ['unsubscribed', 0.15],
  ['email_disabled', 0.2],
  ['cancelled', 0.2],
  ['push_disabled', 0.1],
];
const TTR_WEIGHTS = [0.08, 0.12, 0.25, 0.15, 0.12, 0.1, 0.08, 0.06, 0.04];

/** The `requests.*` facts of one day of `n` queue entries (email and push), as review-requests reports them. */
function requestFacts(n: number): Record<string, number> {
  const failed = binomial(n, 0.005);
  const skipped = split(
    binomial(n - failed, 0.06),
    SKIP_REASONS.map(([, w]) => w),
  );
  const rest = n - failed - skipped.reduce((a, b) => a + b, 0);
  const push = binomial(rest, 0.13);
  const email = rest - push;
  const opened = binomial(email, 0.45);
  const clicked = binomial(opened, 0.35) + binomial(push, 0.2);
  const reviewed = binomial(clicked, 0.6);
  const facts: Record<string, number> = {
    'requests.sent.email': email,
    'requests.sent.push': push,
    'requests.opened': opened,
    'requests.clicked': clicked,
    'requests.reviewed': reviewed,
    'requests.photo': binomial(reviewed, 0.18),
    'requests.reminded': binomial(email, 0.5),
    'requests.reviewed_after_reminder': binomial(reviewed, 0.35),
    'requests.failed': failed,
    'requests.unsubscribed': binomial(email, 0.003),
  };
  SKIP_REASONS.forEach(([reason], i) => (facts[`requests.skipped.${reason}`] = skipped[i]));
  split(reviewed, TTR_WEIGHTS).forEach((k, i) => (facts[`requests.ttr.${TTR_BUCKETS[i].key}`] = k));
  return facts;
}

/** The requests' rollup rows written straight into analytics_daily (see the header): the last 730 local days. */
async function writeRequestRollups(tenant: Tenant, entries: number): Promise<{ rows: number; entries: number }> {
  const today = localDay(new Date(), TIMEZONE);
  const rows: { day: string; metric: string; value: number }[] = [];
  let total = 0;
  for (let d = 0; d < DAYS; d++) {
    const n = around(entries / DAYS);
    total += n;
    const day = addDays(today, -d);
    for (const [metric, value] of Object.entries(requestFacts(n))) if (value) rows.push({ day, metric, value });
  }
  for (let i = 0; i < rows.length; i += 2000) await tenant.insertInto('analytics_daily', rows.slice(i, i + 2000));
  // and their months, as the fold keeps them (the sum of each month's days)
  const months = new Map<string, number>();
  for (const r of rows) months.set(`${monthStart(r.day)} ${r.metric}`, (months.get(`${monthStart(r.day)} ${r.metric}`) ?? 0) + r.value);
  const monthRows = [...months].map(([key, value]) => ({ month: key.slice(0, 10), metric: key.slice(11), value }));
  for (let i = 0; i < monthRows.length; i += 2000) await tenant.insertInto('analytics_monthly', monthRows.slice(i, i + 2000));
  // daily and monthly rows: the recount reports each as a difference (it finds no queue entries)
  return { rows: rows.length + monthRows.length, entries: total };
}

interface QueryEvent {
  __knexQueryUid: string;
  sql: string;
  bindings?: readonly unknown[];
}

/** The SQL statements `fn` issues through the pool, each with its time. */
async function statementsOf(knex: Knex, fn: () => Promise<unknown>) {
  const started = new Map<string, { sql: string; bindings: readonly unknown[]; at: number }>();
  const done: { sql: string; bindings: readonly unknown[]; ms: number }[] = [];
  const onQuery = (q: QueryEvent) => void started.set(q.__knexQueryUid, { sql: q.sql, bindings: q.bindings ?? [], at: performance.now() });
  const onResponse = (_r: unknown, q: QueryEvent) => {
    const st = started.get(q.__knexQueryUid);
    if (st) done.push({ sql: st.sql, bindings: st.bindings, ms: performance.now() - st.at });
  };
  knex.on('query', onQuery);
  knex.on('query-response', onResponse);
  try {
    await fn();
  } finally {
    knex.removeListener('query', onQuery);
    knex.removeListener('query-response', onResponse);
  }
  return done;
}

interface Shop {
  label: 'BIG' | 'SMALL';
  id: number;
  domain: string;
  tenant: Tenant;
  authorization: string;
}

/** The differences from a recount, with the directly written requests.* rows set apart. */
function describeDifferences(diffs: Difference[], writtenRequestRows: number) {
  const requests = diffs.filter((d) => /^(month )?requests\./.test(d.metric) && d.recount === 0);
  const others = diffs.filter((d) => !requests.includes(d));
  return { requests: requests.length, others, ok: others.length === 0 && requests.length === writtenRequestRows };
}

const ms = (t: number) => `${t.toFixed(1)} ms`;
const s = (t: number) => `${(t / 1000).toFixed(1)} s`;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function main() {
  const loadAtStart = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  // production settings, as an operator runs the API
  const { env, dataDir, port } = await benchAppEnv();
  const log = createLogger('silent');
  // Temporal only because the API process connects to it at start (schedules); no worker runs, so the
  // scheduled fold never runs behind the benchmark's back, and the screens start no rebuild (the
  // rollups are current after rebuildShop below).
  const infra = await startInfrastructure(loadConfig(env, ROOT), log, { progress: () => {}, temporalInMemory: true, emulator: false });
  const config = loadConfig({ ...env, ...infra.env }, ROOT);
  const api = await startApiServer(config, log, port);
  const apiUrl = config.appUrl;
  try {
    const services = api.runtime.services;
    const { knex } = services;
    const testApi: TestApi = { ...api, url: apiUrl, config, knex };
    const reviews = services.capabilities.require(ReviewWrite);
    const { first } = await benchShops(knex, 2, 'pro');
    const shop = (n: number, label: Shop['label']): Shop => {
      const domain = `bench-${n}.myshopify.com`;
      return {
        label,
        id: first + n - 1,
        domain,
        tenant: services.tenant(first + n - 1, domain),
        authorization: `Bearer ${tokenFor(config, domain, 24 * 3600)}`,
      };
    };
    const big = shop(1, 'BIG');
    const small = shop(2, 'SMALL');
    for (const x of [big, small]) await updateShop(testApi, x.id, { ianaTimezone: TIMEZONE });
    const bigEntries = BIG_REVIEWS * ENTRIES_PER_REVIEW;
    const smallEntries = SMALL_REVIEWS * ENTRIES_PER_REVIEW;

    // ---- 1. seed through ReviewWrite.importReviews ----
    console.log(`seeding BIG: ${fmt(BIG_REVIEWS)} reviews over ${DAYS} days, ${BIG_PRODUCTS} products, through reviews.import ...`);
    let t = performance.now();
    await importReviews(reviews, big.tenant, BIG_REVIEWS, BIG_PRODUCTS, 1_000_000, within(DAYS), true);
    const seedBigMs = performance.now() - t;
    await importReviews(reviews, small.tenant, SMALL_REVIEWS, SMALL_PRODUCTS, 2_000_000, within(DAYS));
    const orders = { big: await seedOrders(big.tenant, bigEntries / DAYS), small: await seedOrders(small.tenant, smallEntries / DAYS) };
    let lastSourceWrite = Date.now();
    // tenancy: statistics of the whole benchmark database
    await knex.raw('ANALYZE');
    console.log(
      `seeded in ${s(seedBigMs)} (BIG) ; SMALL ${fmt(SMALL_REVIEWS)} reviews; analytics_orders rows: BIG ${fmt(orders.big)}, SMALL ${fmt(orders.small)}`,
    );

    // ---- 2. rebuild (first visit, timezone change, backfill) ----
    t = performance.now();
    const rebuiltBig = await rebuildShop(services, big.id);
    const rebuildBigMs = performance.now() - t;
    t = performance.now();
    const rebuiltSmall = await rebuildShop(services, small.id);
    const rebuildSmallMs = performance.now() - t;
    console.log(
      `rebuildShop: BIG ${s(rebuildBigMs)} (${rebuiltBig.months} months in ${rebuiltBig.timezone}), SMALL ${ms(rebuildSmallMs)} (${rebuiltSmall.months} months)`,
    );

    // ---- 3. the requests' rollups, written directly (no queue rows behind them) ----
    const requestRows = { big: await writeRequestRollups(big.tenant, bigEntries), small: await writeRequestRollups(small.tenant, smallEntries) };
    console.log(
      `requests.* rollup rows WRITTEN DIRECTLY into analytics_daily and analytics_monthly (not folded from queue rows): BIG ${fmt(requestRows.big.rows)} rows for ${fmt(requestRows.big.entries)} entries, SMALL ${fmt(requestRows.small.rows)} rows for ${fmt(requestRows.small.entries)} entries`,
    );
    // tenancy: statistics of the whole benchmark database
    await knex.raw('ANALYZE');
    const period = resolvePeriod({ period: '12m' }, TIMEZONE);
    for (const x of [big, small]) {
      const [{ n }] = await x.tenant.table('analytics_daily').whereBetween('day', [period.from, period.to]).count({ n: '*' });
      const [{ all }] = await x.tenant.table('analytics_daily').count({ all: '*' });
      const [{ p }] = await x.tenant
        .table('analytics_product_monthly')
        .whereBetween('month', [period.from.slice(0, 8) + '01', period.to])
        .count({ p: '*' });
      console.log(
        `  ${x.label}: analytics_daily ${fmt(Number(all))} rows, ${fmt(Number(n))} in the 12-month period ${period.from}..${period.to}; product_monthly rows the ranking reads ${fmt(Number(p))}`,
      );
    }

    // ---- 4. the screens over HTTP, BIG and SMALL alternated ----
    const call = async (x: Shop, screen: string) => {
      const started = performance.now();
      const res = await fetch(`${apiUrl}/api/analytics/${screen}?period=12m`, { headers: { authorization: x.authorization } });
      const body = await res.text();
      const elapsed = performance.now() - started;
      if (res.status !== 200) throw new Error(`${x.label} ${screen}: ${res.status} ${body}`);
      return { elapsed, body };
    };
    for (const x of [big, small]) {
      const o = JSON.parse((await call(x, 'overview')).body);
      const e = JSON.parse((await call(x, 'email')).body);
      const r = JSON.parse((await call(x, 'rating')).body);
      if (o.status !== 'ready') throw new Error(`${x.label}: status ${o.status}, expected ready (the screens would start a rebuild)`);
      const f = o.figures;
      console.log(
        `  ${x.label} 12m: reviews ${fmt(f.reviews.value)} (previous ${fmt(f.reviews.previous)}), average ${f.averageRating.value?.toFixed(2)}, photo rate ${f.photoRate.value?.toFixed(3)}, requests sent ${fmt(f.requestsSent.value)}, review rate ${f.reviewRate.value?.toFixed(3)}, median ${f.medianHoursToReview.value?.toFixed(1)} h, attributed ${fmt(f.attributedOrders.value)} orders / ${fmt(f.attributedRevenue.value)} ${o.currency}; funnel ${e.funnel.map((st: { count: number }) => fmt(st.count)).join(' > ')}; ${r.series.length} rating buckets, best ${r.best.length}, worst ${r.worst.length}`,
      );
    }
    const loadBefore = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ');
    const httpStarted = performance.now();
    const samples: Record<string, number[]> = {};
    const key = (x: Shop, screen: string) => `${x.label} ${screen}`;
    for (let round = 0; round < WARMUP + CALLS; round++) {
      for (const screen of SCREENS) {
        // the order within a round alternates too, so neither shop always follows the other
        for (const x of round % 2 ? [small, big] : [big, small]) {
          const { elapsed } = await call(x, screen);
          if (round >= WARMUP) (samples[key(x, screen)] ??= []).push(elapsed);
        }
      }
    }

    const httpLoad = `${s(performance.now() - httpStarted)}; load average (1, 5, 15 min) before ${loadBefore}, after ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} on ${os.availableParallelism()} cores`;
    // Where the time goes: the rollup reads alone, in process, for the same 12-month period.
    const reads: Record<string, (x: Shop) => Promise<unknown>> = {
      'totals (12m + previous)': (x) =>
        Promise.all([totals(knex, x.tenant, period.from, period.to), totals(knex, x.tenant, period.previous.from, period.previous.to)]),
      'series (rating chart)': (x) =>
        series(knex, x.tenant, period.from, period.to, period.granularity, [
          'reviews.count',
          'reviews.rating_sum',
          'reviews.stars1',
          'reviews.stars2',
          'reviews.stars3',
          'reviews.stars4',
          'reviews.stars5',
        ]),
      'rankProducts (best)': (x) => rankProducts(x.tenant, period.from, period.to, 'desc'),
    };
    const readTimes: Record<string, number[]> = {};
    for (let i = 0; i < 60; i++) {
      for (const [name, fn] of Object.entries(reads)) {
        for (const x of i % 2 ? [small, big] : [big, small]) {
          const started = performance.now();
          await fn(x);
          if (i >= 10) (readTimes[`${x.label} ${name}`] ??= []).push(performance.now() - started);
        }
      }
    }
    // What one call of each screen asks PostgreSQL (the API shares this process's pool): every
    // statement's time from the pool's 'query' to its 'query-response', median of 5 BIG calls.
    const statements: { screen: string; sql: string; bindings: readonly unknown[]; median: number }[] = [];
    for (const screen of SCREENS) {
      const seen = new Map<string, { bindings: readonly unknown[]; times: number[] }>();
      for (let i = 0; i < 5; i++) {
        for (const st of await statementsOf(knex, () => call(big, screen))) {
          const entry = seen.get(st.sql) ?? { bindings: st.bindings, times: [] };
          entry.times.push(st.ms);
          seen.set(st.sql, entry);
        }
      }
      for (const [sql, { bindings, times }] of seen) statements.push({ screen, sql, bindings, median: pct(times, 50) });
    }
    statements.sort((a, b) => b.median - a.median);
    const slowest = statements[0];
    // tenancy: EXPLAIN of a statement the BIG shop's own call issued (its shop id is among the bindings)
    const slowestPlan = await knex.raw(`EXPLAIN (ANALYZE, BUFFERS) ${slowest.sql.replace(/\?/g, '\\?').replace(/\$\d+/g, '?')}`, slowest.bindings as never);

    // ---- 5. maintenance: one fold per 10,000 new reviews ----
    // The fold reads FOLD_OVERLAP_MS back from its watermark: the seed must lie before that window.
    const wait = lastSourceWrite + FOLD_OVERLAP_MS + 5_000 - Date.now();
    if (wait > 0) {
      console.log(`waiting ${s(wait)} so the seed lies before the fold's overlap window ...`);
      await new Promise((r) => setTimeout(r, wait));
    }
    const start = await foldChanges(services);
    console.log(`\nfold to set the watermark: ${JSON.stringify(start)}`);
    const maintenance: {
      label: string;
      importMs: number;
      foldMs: number;
      fold: Awaited<ReturnType<typeof foldChanges>>;
      diffs: ReturnType<typeof describeDifferences>;
      verifyMs: number;
    }[] = [];
    for (const [label, at] of [
      ['(a) 10,000 new reviews of the last 7 days', within(7)],
      ['(b) 10,000 new reviews spread over 2 years', within(DAYS)],
    ] as const) {
      t = performance.now();
      await importReviews(reviews, big.tenant, NEW_REVIEWS, BIG_PRODUCTS, 1_000_000, at);
      const importMs = performance.now() - t;
      lastSourceWrite = Date.now();
      t = performance.now();
      const fold = await foldChanges(services);
      const foldMs = performance.now() - t;
      t = performance.now();
      const diffs = describeDifferences(await differencesFromRecount(services, big.id), requestRows.big.rows);
      const verifyMs = performance.now() - t;
      maintenance.push({ label, importMs, foldMs, fold, diffs, verifyMs });
      console.log(
        `${label}: import ${s(importMs)}, foldChanges ${ms(foldMs)} (${fold.shops} shop(s), ${fold.days} day(s) recounted${fold.rebuild.length ? `, rebuild asked for ${fold.rebuild}` : ''})`,
      );
      console.log(
        `  differencesFromRecount(BIG) in ${s(verifyMs)}: ${diffs.requests} differences are the directly written requests.* rows (of ${requestRows.big.rows} written; the recount has no queue entries), other differences: ${JSON.stringify(diffs.others.slice(0, 10))}${diffs.others.length > 10 ? ` ... ${diffs.others.length} in all` : ''} -> ${diffs.ok ? 'empty apart from the written rows' : 'NOT EMPTY'}`,
      );
    }

    // ---- 6. results ----
    console.log(
      `\nload average (1, 5, 15 min) at the start ${loadAtStart}, at the end ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}; the screens' calls took ${httpLoad}`,
    );
    console.log(
      `\nscreens, GET /api/analytics/<screen>?period=12m over HTTP (keep-alive, one call at a time), ${CALLS} calls per screen and shop after ${WARMUP} warm-up rounds, BIG and SMALL alternated; BIG ${fmt(BIG_REVIEWS)} reviews + rollups of ${fmt(requestRows.big.entries)} queue entries, SMALL ${fmt(SMALL_REVIEWS)} + ${fmt(requestRows.small.entries)}\n`,
    );
    console.log('| screen | BIG p50 | BIG p99 | SMALL p50 | SMALL p99 | p99 BIG/SMALL (goal < 2) | p99 BIG / 50 ms (goal < 1) |');
    console.log('|---|---|---|---|---|---|---|');
    const verdicts: string[] = [];
    for (const screen of SCREENS) {
      const b = samples[key(big, screen)];
      const sm = samples[key(small, screen)];
      const ratio = pct(b, 99) / pct(sm, 99);
      const toGoal = pct(b, 99) / GOAL_MS;
      if (ratio >= GOAL_RATIO) verdicts.push(`${screen}: p99 ratio ${ratio.toFixed(2)} missed`);
      if (toGoal >= 1) verdicts.push(`${screen}: BIG p99 ${ms(pct(b, 99))} over 50 ms`);
      console.log(
        `| ${screen} | ${ms(pct(b, 50))} | ${ms(pct(b, 99))} | ${ms(pct(sm, 50))} | ${ms(pct(sm, 99))} | ${ratio.toFixed(2)} | ${toGoal.toFixed(2)} |`,
      );
    }
    console.log('\nthe rollup reads alone, in process (50 runs each after 10, alternated):\n');
    console.log('| read | BIG p50 | BIG p99 | SMALL p50 | SMALL p99 |');
    console.log('|---|---|---|---|---|');
    for (const name of Object.keys(reads)) {
      const b = readTimes[`BIG ${name}`];
      const sm = readTimes[`SMALL ${name}`];
      console.log(`| ${name} | ${ms(pct(b, 50))} | ${ms(pct(b, 99))} | ${ms(pct(sm, 50))} | ${ms(pct(sm, 99))} |`);
    }
    console.log('\nmaintenance (BIG):\n');
    console.log('| measure | time |');
    console.log('|---|---|');
    console.log(`| rebuildShop, ${fmt(BIG_REVIEWS)} reviews, ${rebuiltBig.months} months (SMALL: ${ms(rebuildSmallMs)}) | ${s(rebuildBigMs)} |`);
    for (const m of maintenance) console.log(`| foldChanges after ${m.label} (${m.fold.days} days recounted) | ${ms(m.foldMs)} per 10,000 new reviews |`);
    console.log(
      `\nrecount checks: ${maintenance.map((m) => `${m.label.slice(0, 3)} ${m.diffs.ok ? 'empty apart from the directly written requests.* rows' : `${m.diffs.others.length} other differences`}`).join('; ')}`,
    );
    console.log(`\nthe statements of one BIG call per screen (median of 5 calls, slowest first):\n`);
    for (const st of statements.slice(0, 12))
      console.log(`  ${st.screen.padEnd(8)} ${ms(st.median).padStart(9)}  ${st.sql.replace(/\s+/g, ' ').slice(0, 170)}`);
    console.log(
      `\nEXPLAIN (ANALYZE, BUFFERS) of the slowest (${slowest.screen}, bindings ${JSON.stringify(slowest.bindings)}):\n${slowestPlan.rows.map((r: { 'QUERY PLAN': string }) => `  ${r['QUERY PLAN']}`).join('\n')}`,
    );
    console.log(`\ngoals: ${verdicts.length ? verdicts.join('; ') : 'all met (p99 BIG/SMALL < 2 and BIG p99 < 50 ms on every screen)'}`);
    if (maintenance.some((m) => !m.diffs.ok)) console.log('the rollups DISAGREE with the recount beyond the directly written rows');
  } finally {
    await api.close().catch(() => undefined);
    await infra.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
