// The cost goals of issue 35 on the whole stack: a shop's BENCH_REVIEWS reviews (default 1,000,000,
// one in ten unpublished, over BENCH_PRODUCTS products, default 1,000) read again by the rebuild
// workflow (goal: under 10 minutes for 1,000,000), where a page's time goes, then one new review's
// way from the API to its product's topics (goal: under 1 s, new-review.ts).
// Texts: the 320 labelled reviews of bench/labelled/ in turn (four languages, none stored: the reader
// detects each one's language, as for imported reviews). Seeded through the reviews plugin's
// `reviews.write` import (no events, so nothing reads them before the rebuild).
// Run: npm run bench:insights-rebuild   (the whole stack in this process: needs the Temporal CLI)
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';
import { ReviewLabels, ReviewTexts, ReviewWrite, type ImportedReviewInput } from '@plaudit/contracts/reviews';
import { client, startStandaloneStack } from '@plaudit/kernel/testing';
import { readingsOf, type ReviewSources } from '../db/read-reviews';
import { REBUILD_PAGE } from '../db/rebuild';
import { storeReadings } from '../db/store';
import { writeReadingLabels } from '../labels';
import { rebuildProgressQuery, type RebuildProgress } from '../workflows/messages';
import { loadLabelled } from './labelled-set';
import { newReviewLatency } from './new-review';

const REVIEWS = Number(process.env.BENCH_REVIEWS ?? 1_000_000);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const IMPORT_BATCH = 10_000;
const BREAKDOWN_PAGES = 20;

const productOf = (n: number) => `gid://shopify/Product/${9_100_000 + (n % PRODUCTS)}`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  console.log('starting the stack (PostgreSQL, Temporal, SMTP sink, emulators, API, worker) ...');
  const { stack, stop } = await startStandaloneStack('plaudit-insights-bench');
  try {
    const { domain, shop, appToken } = await stack.installShop();
    const http = client(stack.appUrl, appToken);
    const { services } = stack.api.runtime;
    const tenant = services.tenant(shop.id, domain);
    await seed(services.knex, services.capabilities.require(ReviewWrite).importReviews, tenant);

    const started = performance.now();
    const res = await http.post('/api/insights/rebuild');
    if (res.status !== 202) throw new Error(`rebuild: ${res.status} ${JSON.stringify(res.body)}`);
    const handle = services.temporal.client.workflow.getHandle(res.body.workflowId as string);
    const report = setInterval(() => {
      // tenancy: a Temporal query of the shop's own rebuild workflow, not a table
      handle.query(rebuildProgressQuery).then(
        (p) => console.log(`  ${seconds(performance.now() - started)}: ${p.state}, ${p.read.toLocaleString('en')} of ${p.total?.toLocaleString('en')} read`),
        () => undefined,
      );
    }, 30_000);
    const result: RebuildProgress = await handle.result().finally(() => clearInterval(report));
    const ms = performance.now() - started;
    const phase = (from: string, to: string) => seconds(Date.parse(to) - Date.parse(from));
    console.log(
      `rebuild: ${result.read.toLocaleString('en')} reviews in ${seconds(ms)}, ${Math.round(result.read / (ms / 1000)).toLocaleString('en')} reviews/s`,
    );
    console.log(
      `  in the workflow: reading and storing ${phase(result.startedAt, result.readAt!)}, counting the products ${phase(result.readAt!, result.finishedAt!)}`,
    );

    await breakdown(services.knex, { texts: services.capabilities.require(ReviewTexts), labels: services.capabilities.get(ReviewLabels) }, tenant);
    await newReviewLatency({ http, temporal: services.temporal.client, domain, rounds: ROUNDS, productOf });
  } finally {
    await stop();
  }
}

async function seed(knex: Knex, importReviews: (tenant: Tenant, rows: ImportedReviewInput[]) => Promise<unknown>, tenant: Tenant) {
  console.log(`seeding ${REVIEWS.toLocaleString('en')} reviews over ${PRODUCTS.toLocaleString('en')} products through reviews.write's import ...`);
  const texts = [...loadLabelled('dev'), ...loadLabelled('held')];
  const started = performance.now();
  for (let i = 0; i < REVIEWS; i += IMPORT_BATCH) {
    const rows = Array.from({ length: Math.min(IMPORT_BATCH, REVIEWS - i) }, (_, k): ImportedReviewInput => {
      const n = i + k;
      const text = texts[n % texts.length];
      return { productId: productOf(n), rating: text.rating, content: text.text, firstName: 'Ada', status: n % 10 === 9 ? 'unpublished' : 'published' };
    });
    await importReviews(tenant, rows);
  }
  // tenancy: statistics of the whole benchmark database
  await knex.raw('ANALYZE');
  console.log(`seeded in ${seconds(performance.now() - started)}\n`);
}

/** Where a page's time goes: the same steps as the rebuild's pages, one after another (the labels apart), on the first pages again. */
async function breakdown(knex: Knex, { texts, labels }: ReviewSources, tenant: Tenant) {
  const spent = { fetch: 0, read: 0, store: 0, labels: 0 };
  const timed = async <T>(step: keyof typeof spent, fn: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const out = await fn();
    spent[step] += performance.now() - t;
    return out;
  };
  let afterId = 0;
  let reviews = 0;
  for (let page = 0; page < BREAKDOWN_PAGES; page++) {
    const rows = await timed('fetch', () => texts.pageFacts(tenant, afterId, REBUILD_PAGE));
    if (!rows.length) break;
    const readings = await timed('read', () => readingsOf(rows));
    await timed('store', () => storeReadings(knex, tenant, readings, [], { recount: false }));
    if (labels) await timed('labels', () => writeReadingLabels(labels, tenant, readings, []));
    reviews += rows.length;
    afterId = rows[rows.length - 1].id;
  }
  const per = (ms: number) => `${((ms * 1000) / reviews).toFixed(0)} µs`;
  console.log(
    `\nper review, ${reviews.toLocaleString('en')} reviews read again a page at a time without overlap: fetching ${per(spent.fetch)}, reading (language, topics) ${per(spent.read)}, storing ${per(spent.store)}, the reviews' labels ${per(spent.labels)}`,
  );
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
