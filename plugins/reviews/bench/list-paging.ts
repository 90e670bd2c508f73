// List paging at scale (issues 5 and 6): the moderation list (/api/reviews) over 1,000,000 reviews in
// 1,000 shops, first page and deep cursors, side by side with an OFFSET baseline in the same run;
// and a bulk publish of 10,000 reviews. The review-request queue's half of this benchmark lives with
// its plugin (plugins/review-requests/bench/queue-paging.ts).
// Run: npm run bench:lists   (uses DATABASE_URL's server when set, else embedded PostgreSQL)
import { tenantFor } from '@plaudit/kernel';
import { benchDatabase, benchShops, pct, latencyLine, timeRuns } from '@plaudit/kernel/testing';
import { runAction } from '../api/actions';
import { LIST_CURSORS, listReviews } from '../api/list';
import { listQuery } from '../shared/review';

const SHOPS = 1000;
const ROWS = 1_000_000;
const BIG_SHOP_ROWS = 100_000; // one shop far larger than the rest, to make depth matter
const RUNS = 200;
const PAGE = 20;

const time = (fn: () => Promise<unknown>) => timeRuns(fn, RUNS);
const fmt = latencyLine;

async function main() {
  const db = await benchDatabase();
  const { knex } = db;
  try {
    console.log(`seeding ${SHOPS} shops and ${ROWS} reviews ...`);
    const seedStart = performance.now();
    const { first } = await benchShops(knex, SHOPS);
    // Reviews: the big shop first, then the rest spread evenly; one per second going back in time.
    // tenancy: benchmark set-up across its own shops
    await knex.raw(
      `INSERT INTO reviews (shop_id, kind, product_id, rating, content, first_name, source, status, created_at)
       SELECT CASE WHEN g <= ? THEN ? ELSE ? + 1 + (g % (? - 1)) END, 'product', 'gid://shopify/Product/' || (g % 50),
              1 + (g % 5), 'Review number ' || g, 'Ann', 'customer', CASE WHEN g % 7 = 0 THEN 'unpublished' ELSE 'published' END,
              now() - make_interval(secs => g)
         FROM generate_series(1, ?) g`,
      [BIG_SHOP_ROWS, first, first, SHOPS, ROWS],
    );
    // tenancy: statistics of the whole benchmark database
    await knex.raw('ANALYZE');
    console.log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`);

    const big = tenantFor(first, 'bench-1.myshopify.com');
    const typical = tenantFor(first + 500, 'bench-501.myshopify.com');
    const depth = BIG_SHOP_ROWS - PAGE;

    // The API's keyset query against OFFSET over the same order.
    const q = listQuery.parse({ limit: PAGE, sort: 'newest' });
    // tenancy: the big shop's rows, by its id
    const deepRow = await knex('reviews')
      .where({ shopId: first })
      .orderBy([
        { column: 'createdAt', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .offset(depth)
      .first('id', 'createdAt');
    const deepCursor = LIST_CURSORS.newest.encode([new Date(deepRow.createdAt).toISOString(), Number(deepRow.id)]);
    // tenancy: the OFFSET baseline, by shop id
    const offset = (shopId: number, n: number) =>
      knex('reviews')
        .where({ shopId })
        .orderBy([
          { column: 'createdAt', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .offset(n)
        .limit(PAGE + 1);
    console.log('reviews list (1,000,000 rows, 1,000 shops; the big shop has 100,000)');
    const r = {
      keysetFirst: await time(() => listReviews(typical, q)),
      keysetBigFirst: await time(() => listReviews(big, q)),
      keysetDeep: await time(() => listReviews(big, { ...q, after: deepCursor })),
      offsetFirst: await time(() => offset(first, 0)),
      offsetDeep: await time(() => offset(first, depth)),
    };
    console.log(fmt('keyset, typical shop, first page', r.keysetFirst));
    console.log(fmt('keyset, big shop, first page', r.keysetBigFirst));
    console.log(fmt(`keyset, big shop, row ${depth}`, r.keysetDeep));
    console.log(fmt('OFFSET, big shop, first page', r.offsetFirst));
    console.log(fmt(`OFFSET, big shop, row ${depth}`, r.offsetDeep));
    console.log(
      `ratio deep/first p99: keyset ${(pct(r.keysetDeep, 99) / pct(r.keysetBigFirst, 99)).toFixed(2)}, OFFSET ${(pct(r.offsetDeep, 99) / pct(r.offsetFirst, 99)).toFixed(2)}; OFFSET/keyset at depth p99 ${(pct(r.offsetDeep, 99) / pct(r.keysetDeep, 99)).toFixed(1)}x\n`,
    );

    // Bulk publish of 10,000 unpublished reviews, summaries included.
    // tenancy: the big shop's rows, by its id
    const ids = (await knex('reviews').where({ shopId: first, status: 'unpublished' }).limit(10_000).select('id')).map((x) => x.id);
    const t = performance.now();
    // no event listeners here: the change events add a few outbox rows (one per 500 reviews) in the app
    const result = await runAction(knex, big, 'publish', ids, { recycleBin: true, events: { emit: async () => undefined } });
    console.log(
      `bulk publish of ${ids.length} reviews with summaries: ${(performance.now() - t).toFixed(0)} ms (goal 2000 ms; ratio ${((performance.now() - t) / 2000).toFixed(2)}) -> ${JSON.stringify(result).slice(0, 80)}`,
    );
  } finally {
    await db.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
