// The queue list's plans (issue 22): EXPLAIN of a page and of its count for each sort and a few
// filters, over 200,000 entries (one shop holds 100,000). Run: npx tsx plugins/review-requests/bench/queue-explain.ts
import { tenantFor } from '@plaudit/kernel';
import { benchDatabase, benchShops } from '@plaudit/kernel/testing';
import { listQueue, queueQuery } from '../api/queue-list';

async function main() {
  const db = await benchDatabase();
  const { knex } = db;
  try {
    const { first } = await benchShops(knex, 100);
    // tenancy: benchmark set-up across its own shops
    await knex.raw(
      `INSERT INTO email_queue (shop_id, order_id, name, status, customer_email, customer_name, workflow_id, created_at, scheduled_at, created_order_at, line_items)
       SELECT CASE WHEN g <= 100000 THEN ? ELSE ? + 1 + (g % 99) END, g::text, '#' || g,
              (ARRAY['waiting','waitingCondition','success','opened','reviewed','failed','cancel'])[1 + g % 7],
              'c' || (g % 5000) || '@example.com', 'Buyer ' || (g % 5000), 'wf:' || g, now() - make_interval(secs => g),
              CASE WHEN g % 4 = 0 THEN NULL ELSE now() + make_interval(secs => g % 86400) END, now() - make_interval(mins => g),
              jsonb_build_array(jsonb_build_object('productId', 'gid://shopify/Product/' || (g % 300), 'title', 'P'))
         FROM generate_series(1, 200000) g`,
      [first, first],
    );
    // tenancy: statistics and visibility map of the whole benchmark database (as autovacuum keeps them)
    await knex.raw('VACUUM ANALYZE');
    const tenant = tenantFor(first, 'bench-1.myshopify.com');
    for (const query of [
      {},
      { sort: 'scheduledAt_asc' },
      { sort: 'orderNumber_desc', orderRangeFilter: '5000_6000' },
      { statusList: 'failed,cancel', sort: 'createdOrderAt_desc' },
      { productIdsFilter: '17' },
    ]) {
      const started = performance.now();
      const page = await listQueue(tenant, queueQuery.parse({ limitPerPage: '20', ...query }));
      console.log(`\n== ${JSON.stringify(query)}: ${page.data.length} rows of ${page.pagination.total} in ${(performance.now() - started).toFixed(1)} ms`);
    }
    // The plans of the default page and count, and of the scheduled sort.
    const explain = async (label: string, sql: string, b: number[]) => {
      // tenancy: EXPLAIN of the benchmark's big shop
      const rows = (await knex.raw(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, b)).rows.map((r: Record<string, string>) => r['QUERY PLAN']);
      console.log(`\n-- ${label}\n${rows.join('\n')}`);
    };
    await explain('page, createdAt_desc', "select id from email_queue where shop_id = ? and queue_type = 'email' order by created_at desc, id desc limit 21", [
      first,
    ]);
    await explain('count', "select count(*) from email_queue where shop_id = ? and queue_type = 'email'", [first]);
    await explain(
      'page, scheduledAt_asc',
      "select id from email_queue where shop_id = ? and queue_type = 'email' order by coalesce(scheduled_at, 'infinity'::timestamptz) asc, id asc limit 21",
      [first],
    );
    await explain(
      'page, order range + orderNumber_desc',
      "select id from email_queue where shop_id = ? and queue_type = 'email' and coalesce(order_number, 0) between 5000 and 6000 order by coalesce(order_number, 0) desc, id desc limit 21",
      [first],
    );
    await explain(
      'count, order range',
      "select count(*) from email_queue where shop_id = ? and queue_type = 'email' and coalesce(order_number, 0) between 5000 and 6000",
      [first],
    );
  } finally {
    await db.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
