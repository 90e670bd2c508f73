// List paging at scale (issues 5 and 6): the moderation list (/api/reviews) and the review-request
// queue (/api/email-queue) over 1,000,000 rows in 1,000 shops each, first page and deep cursors,
// side by side with an OFFSET baseline in the same run; and a bulk publish of 10,000 reviews.
// Run: npm run bench:lists   (uses DATABASE_URL's server when set, else embedded PostgreSQL)
import path from 'node:path';
import { tenantFor } from '../api/auth/tenant';
import { createKnex } from '../api/db/knex';
import { migrateLatest } from '../api/db/migrations';
import { discoverPlugins } from '../api/plugins/discover';
import { ROOT } from '../api/runtime/stack';
import { listQueue, queueQuery } from '../plugins/review-requests/api/queue-list';
import { runAction } from '../plugins/reviews/api/actions';
import { listReviews } from '../plugins/reviews/api/list';
import { listQuery } from '../plugins/reviews/shared/review';
import { database, pct } from './support';

const SHOPS = 1000;
const ROWS = 1_000_000;
const BIG_SHOP_ROWS = 100_000; // one shop far larger than the rest, to make depth matter
const RUNS = 200;
const PAGE = 20;

async function time(fn: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}
const fmt = (label: string, xs: number[]) => `${label.padEnd(34)} p50 ${pct(xs, 50).toFixed(2).padStart(7)} ms   p99 ${pct(xs, 99).toFixed(2).padStart(7)} ms`;

async function main() {
  const db = await database();
  const knex = createKnex(db.url, { min: 1, max: 4 });
  try {
    await migrateLatest(knex, path.join(ROOT, 'migrations'), discoverPlugins([path.join(ROOT, 'plugins')]));
    console.log(`seeding ${SHOPS} shops, ${ROWS} reviews and ${ROWS} queue entries ...`);
    const seedStart = performance.now();
    await knex.raw(`INSERT INTO shops (shopify_domain, name) SELECT 'bench-' || g || '.myshopify.com', 'Bench ' || g FROM generate_series(1, ?) g`, [SHOPS]);
    const { rows: [{ first }] } = await knex.raw('SELECT min(id) AS first FROM shops');
    const rest = ROWS - BIG_SHOP_ROWS;
    // Reviews: the big shop first, then the rest spread evenly; one per second going back in time.
    await knex.raw(
      `INSERT INTO reviews (shop_id, kind, product_id, rating, content, first_name, source, status, created_at)
       SELECT CASE WHEN g <= ? THEN ? ELSE ? + 1 + (g % (? - 1)) END, 'product', 'gid://shopify/Product/' || (g % 50),
              1 + (g % 5), 'Review number ' || g, 'Ann', 'customer', CASE WHEN g % 7 = 0 THEN 'unpublished' ELSE 'published' END,
              now() - make_interval(secs => g)
         FROM generate_series(1, ?) g`,
      [BIG_SHOP_ROWS, first, first, SHOPS, ROWS],
    );
    await knex.raw(
      `INSERT INTO email_queue (shop_id, order_id, name, status, customer_email, workflow_id, created_at)
       SELECT CASE WHEN g <= ? THEN ? ELSE ? + 1 + (g % (? - 1)) END, g::text, '#' || g,
              (ARRAY['waiting','waitingCondition','success','opened','reviewed','failed','cancel'])[1 + g % 7],
              'customer' || g || '@example.com', 'review-request:bench:' || g, date_trunc('milliseconds', now()) - make_interval(secs => g)
         FROM generate_series(1, ?) g`,
      [BIG_SHOP_ROWS, first, first, SHOPS, ROWS],
    );
    await knex.raw('ANALYZE');
    console.log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`);

    const big = tenantFor(first, 'bench-1.myshopify.com');
    const typical = tenantFor(first + 500, 'bench-501.myshopify.com');
    const depth = BIG_SHOP_ROWS - PAGE;

    // Reviews: the API's keyset query against OFFSET over the same order.
    const q = listQuery.parse({ limit: PAGE, sort: 'newest' });
    const deepRow = await knex('reviews').where({ shopId: first }).orderBy([{ column: 'createdAt', order: 'desc' }, { column: 'id', order: 'desc' }]).offset(depth).first('id', 'createdAt');
    const deepCursor = Buffer.from(JSON.stringify([new Date(deepRow.createdAt).toISOString(), deepRow.id])).toString('base64url');
    const offset = (shopId: number, n: number) => knex('reviews').where({ shopId }).orderBy([{ column: 'createdAt', order: 'desc' }, { column: 'id', order: 'desc' }]).offset(n).limit(PAGE + 1);
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
    console.log(`ratio deep/first p99: keyset ${(pct(r.keysetDeep, 99) / pct(r.keysetBigFirst, 99)).toFixed(2)}, OFFSET ${(pct(r.offsetDeep, 99) / pct(r.offsetFirst, 99)).toFixed(2)}; OFFSET/keyset at depth p99 ${(pct(r.offsetDeep, 99) / pct(r.keysetDeep, 99)).toFixed(1)}x\n`);

    // The queue: same comparison.
    const qq = queueQuery.parse({ limitPerPage: '20' });
    const deepEntry = await knex('email_queue').where({ shopId: first }).orderBy([{ column: 'createdAt', order: 'desc' }, { column: 'id', order: 'desc' }]).offset(depth).first('id', 'createdAt');
    const queueCursor = Buffer.from(JSON.stringify({ t: new Date(deepEntry.createdAt).toISOString(), id: deepEntry.id })).toString('base64url');
    const queueOffset = (n: number) => knex('email_queue').where({ shopId: first, queueType: 'email' }).orderBy([{ column: 'createdAt', order: 'desc' }, { column: 'id', order: 'desc' }]).offset(n).limit(PAGE + 1);
    console.log('email queue (1,000,000 rows, 1,000 shops; the big shop has 100,000)');
    const e = {
      keysetFirst: await time(() => listQueue(knex, big, qq)),
      keysetDeep: await time(() => listQueue(knex, big, { ...qq, after: queueCursor })),
      offsetFirst: await time(() => queueOffset(0)),
      offsetDeep: await time(() => queueOffset(depth)),
    };
    console.log(fmt('keyset, big shop, first page', e.keysetFirst));
    console.log(fmt(`keyset, big shop, row ${depth}`, e.keysetDeep));
    console.log(fmt('OFFSET, big shop, first page', e.offsetFirst));
    console.log(fmt(`OFFSET, big shop, row ${depth}`, e.offsetDeep));
    console.log(`ratio deep/first p99: keyset ${(pct(e.keysetDeep, 99) / pct(e.keysetFirst, 99)).toFixed(2)}, OFFSET ${(pct(e.offsetDeep, 99) / pct(e.offsetFirst, 99)).toFixed(2)}\n`);

    // Bulk publish of 10,000 unpublished reviews, summaries included.
    const ids = (await knex('reviews').where({ shopId: first, status: 'unpublished' }).limit(10_000).select('id')).map((x) => x.id);
    const t = performance.now();
    const result = await runAction(knex, big, 'publish', ids, { recycleBin: true });
    console.log(`bulk publish of ${ids.length} reviews with summaries: ${(performance.now() - t).toFixed(0)} ms (goal 2000 ms; ratio ${((performance.now() - t) / 2000).toFixed(2)}) -> ${JSON.stringify(result).slice(0, 80)}`);
  } finally {
    await knex.destroy();
    await db.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
