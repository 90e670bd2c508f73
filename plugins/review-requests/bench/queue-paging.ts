// Queue paging at scale (issues 5 and 6): the review-request queue (/api/email-queue) over 1,000,000
// entries in 1,000 shops, first page and a deep cursor, side by side with an OFFSET baseline in the
// same run. The moderation list's half lives with the reviews plugin (plugins/reviews/bench/list-paging.ts).
// Run: npm run bench:queue   (uses DATABASE_URL's server when set, else embedded PostgreSQL)
import { tenantFor } from '@plaudit/kernel';
import { benchDatabase, benchShops, pct, latencyLine, timeRuns } from '@plaudit/kernel/testing';
import { listQueue, queueCursor, queueQuery } from '../api/queue-list';

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
    console.log(`seeding ${SHOPS} shops and ${ROWS} queue entries ...`);
    const seedStart = performance.now();
    const { first } = await benchShops(knex, SHOPS);
    // Entries: the big shop first, then the rest spread evenly; one per second going back in time.
    // tenancy: benchmark set-up across its own shops
    await knex.raw(
      `INSERT INTO email_queue (shop_id, order_id, name, status, customer_email, workflow_id, created_at)
       SELECT CASE WHEN g <= ? THEN ? ELSE ? + 1 + (g % (? - 1)) END, g::text, '#' || g,
              (ARRAY['waiting','waitingCondition','success','opened','reviewed','failed','cancel'])[1 + g % 7],
              'customer' || g || '@example.com', 'review-request:bench:' || g, date_trunc('milliseconds', now()) - make_interval(secs => g)
         FROM generate_series(1, ?) g`,
      [BIG_SHOP_ROWS, first, first, SHOPS, ROWS],
    );
    // tenancy: statistics of the whole benchmark database
    await knex.raw('ANALYZE');
    console.log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`);

    const big = tenantFor(first, 'bench-1.myshopify.com');
    const depth = BIG_SHOP_ROWS - PAGE;

    // The API's keyset query against OFFSET over the same order.
    const qq = queueQuery.parse({ limitPerPage: '20' });
    // tenancy: the big shop's entries, by its id
    const deepEntry = await knex('email_queue')
      .where({ shopId: first })
      .orderBy([
        { column: 'createdAt', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .offset(depth)
      .first('id', 'createdAt');
    const deepCursor = queueCursor.encode([new Date(deepEntry.createdAt).toISOString(), Number(deepEntry.id)]);
    // tenancy: the OFFSET baseline, by shop id
    const queueOffset = (n: number) =>
      knex('email_queue')
        .where({ shopId: first, queueType: 'email' })
        .orderBy([
          { column: 'createdAt', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .offset(n)
        .limit(PAGE + 1);
    console.log('email queue (1,000,000 rows, 1,000 shops; the big shop has 100,000)');
    const e = {
      keysetFirst: await time(() => listQueue(big, qq)),
      keysetDeep: await time(() => listQueue(big, { ...qq, after: deepCursor })),
      offsetFirst: await time(() => queueOffset(0)),
      offsetDeep: await time(() => queueOffset(depth)),
    };
    console.log(fmt('keyset, big shop, first page', e.keysetFirst));
    console.log(fmt(`keyset, big shop, row ${depth}`, e.keysetDeep));
    console.log(fmt('OFFSET, big shop, first page', e.offsetFirst));
    console.log(fmt(`OFFSET, big shop, row ${depth}`, e.offsetDeep));
    console.log(
      `ratio deep/first p99: keyset ${(pct(e.keysetDeep, 99) / pct(e.keysetFirst, 99)).toFixed(2)}, OFFSET ${(pct(e.offsetDeep, 99) / pct(e.offsetFirst, 99)).toFixed(2)}\n`,
    );
  } finally {
    await db.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
