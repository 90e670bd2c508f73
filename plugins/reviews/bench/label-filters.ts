// Manage reviews' label filters at scale (issue 35): one shop of 100,000 reviews with about two topic
// labels each (15 topics, three tones) and a few flags, beside 100 shops of 100 reviews; the list's
// first page and total (what GET /api/reviews runs) without a label filter and with each kind of
// label filter, a deep page under a filter, and the facets, side by side in one run.
// Run: npx tsx plugins/reviews/bench/label-filters.ts   (DATABASE_URL's server when set, else embedded PostgreSQL)
import { tenantFor } from '@plaudit/kernel';
import { benchDatabase, benchShops, latencyLine, pct, timeRuns } from '@plaudit/kernel/testing';
import { countReviews, filtered, LIST_CURSORS, listReviews } from '../api/list';
import { labelFacets } from '../db/labels';
import { listQuery } from '../shared/review';

const BIG = 100_000;
const SMALL_SHOPS = 100;
const SMALL = 100;
const RUNS = 50;
// fifteen keys in the 'topic' group, as a labelling plugin (insights) writes them; the bench names two
const TOPICS = ['fit', 'smell', ...Array.from({ length: 13 }, (_, n) => `aspect-${n + 1}`)];

async function main() {
  const db = await benchDatabase();
  const { knex } = db;
  try {
    const seedStart = performance.now();
    const { first } = await benchShops(knex, 1 + SMALL_SHOPS);
    // tenancy: benchmark set-up across its own shops
    await knex.raw(
      `INSERT INTO reviews (shop_id, kind, product_id, rating, content, first_name, source, status, created_at)
       SELECT CASE WHEN g <= ? THEN ? ELSE ? + 1 + (g % ?) END, 'product', 'gid://shopify/Product/' || (g % 50), 1 + (g % 5),
              'Review number ' || g, 'Ann', 'customer', CASE WHEN g % 7 = 0 THEN 'unpublished' ELSE 'published' END, now() - make_interval(secs => g)
         FROM generate_series(1, ?) g`,
      [BIG, first, first, SMALL_SHOPS, BIG + SMALL_SHOPS * SMALL],
    );
    // two topics a review (tone by the id), a contradiction flag on 2 % and a safety flag on 0.1 %
    // tenancy: benchmark set-up across its own shops
    await knex.raw(
      `INSERT INTO review_labels (shop_id, review_id, source, label_group, label_key, tone)
       SELECT shop_id, id, 'insights', 'topic', (?::text[])[1 + id % 15], CASE WHEN id % 3 = 0 THEN 'negative' ELSE 'positive' END FROM reviews
       UNION ALL
       SELECT shop_id, id, 'insights', 'topic', (?::text[])[1 + (id * 7 + 3) % 15], CASE WHEN id % 4 = 0 THEN 'negative' ELSE 'positive' END FROM reviews
        WHERE (id * 7 + 3) % 15 <> id % 15
       UNION ALL
       SELECT shop_id, id, 'insights', 'needs-look', 'contradiction', 'flag' FROM reviews WHERE id % 50 = 0
       UNION ALL
       SELECT shop_id, id, 'insights', 'needs-look', 'safety', 'flag' FROM reviews WHERE id % 1000 = 0`,
      [TOPICS, TOPICS],
    );
    // tenancy: statistics of the whole benchmark database
    await knex.raw('ANALYZE');
    // tenancy: the benchmark's own table, counted once
    const [{ n }] = (await knex('review_labels').count({ n: '*' })) as { n: string }[];
    console.log(`seeded ${BIG + SMALL_SHOPS * SMALL} reviews and ${n} labels in ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`);

    const big = tenantFor(first, 'bench-1.myshopify.com');
    const page = (extra: Record<string, string>) => {
      const q = listQuery.parse({ limit: 20, sort: 'newest', ...extra });
      return () => Promise.all([listReviews(big, q), countReviews(big, q)]);
    };
    // the fit filter's last page but two (about 13,000 reviews match)
    const fit = listQuery.parse({ limit: 20, sort: 'newest', label: 'topic:fit' });
    const deepRow = await filtered(big, fit).orderBy('reviews.createdAt', 'asc').orderBy('reviews.id', 'asc').offset(40).first();
    const deep = LIST_CURSORS.newest.encode([new Date(deepRow!.createdAt!).toISOString(), deepRow!.id]);

    const cases: [string, () => Promise<unknown>][] = [
      ['no label filter (baseline)', page({})],
      ['topic:fit (13 %)', page({ label: 'topic:fit' })],
      ['topic:fit + negative', page({ label: 'topic:fit', tone: 'negative' })],
      ['topic:fit or topic:smell', page({ label: 'topic:fit,topic:smell' })],
      ['needsLook (2 %)', page({ needsLook: 'true' })],
      ['needs-look:safety (0.1 %)', page({ label: 'needs-look:safety' })],
      ['tone negative', page({ tone: 'negative' })],
      ['topic:fit, near its last page', () => listReviews(big, { ...fit, after: deep })],
      ['facets, All tab', () => labelFacets(knex, big, filtered(big, { tab: 'all' }))],
      ['facets, one product', () => labelFacets(knex, big, filtered(big, { tab: 'all', productId: ['gid://shopify/Product/7'] }))],
    ];
    console.log(`list first page + total, one shop of ${BIG} reviews (p50 ratio to the baseline)`);
    let baseline = 0;
    for (const [label, run] of cases) {
      await run();
      const xs = await timeRuns(run, RUNS);
      baseline ||= pct(xs, 50);
      console.log(`${latencyLine(label, xs)}   x${(pct(xs, 50) / baseline).toFixed(2)}`);
    }
  } finally {
    await db.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
