// customers/redact erases (issue 30, item 3): after the signed webhook is processed by the worker,
// no text column of any table (listed from information_schema, so new tables are covered) holds
// the customer's email, name or id, and the per-email rate-limit counters are gone; another
// customer's rows and counters stay.
import crypto from 'node:crypto';
import { RateLimit } from '../../api/http/rate-limit';
import { eventually } from '../support/api';
import { startPlatformStack, webhookHmac } from '../support/platform';

jest.setTimeout(180_000);
let stack: Awaited<ReturnType<typeof startPlatformStack>>;
beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(() => stack?.close());

const KIM = { email: 'kim.erase@example.com', first: 'Kimberleigh', last: 'Parkinsonne', id: '7700112233' };

/** `table.column` of every text-like column in which `needle` occurs (case-insensitive). */
async function foundIn(needle: string): Promise<string[]> {
  const knex = stack.api.knex;
  const { rows: columns } = await knex.raw<{ rows: { t: string; c: string }[] }>(
    `select c.table_name as t, c.column_name as c from information_schema.columns c
       join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')`,
  );
  expect(columns.length).toBeGreaterThan(20);
  const found: string[] = [];
  for (const { t, c } of columns) {
    const { rows } = await knex.raw('select 1 from ?? where ??::text ilike ? limit 1', [t, c, `%${needle}%`]);
    if (rows.length) found.push(`${t}.${c}`);
  }
  return found;
}

test("after customers/redact no table holds the customer's email, names or id, nor a rate-limit key", async () => {
  const { domain, shop } = await stack.installShop();
  const knex = stack.api.knex;
  const review = (email: string, firstName: string, lastName: string, customerId: string | null) => ({
    shopId: shop.id,
    kind: 'product',
    productId: 'gid://shopify/Product/1',
    rating: 4,
    content: 'kept text',
    status: 'published',
    source: 'web',
    email,
    firstName,
    lastName,
    customerId,
  });
  await knex('reviews').insert([review(KIM.email, KIM.first, KIM.last, KIM.id), review('lee@example.com', 'Lee', 'Other', null)]);
  // the counters the storefront keeps per reviewer email (reviews and questions forms)
  for (const name of ['storefront-email', 'questions-email']) {
    const limit = new RateLimit(knex, name, { points: 10, perSeconds: 600 });
    await limit.hit(`${shop.id}:${KIM.email}`);
    await limit.hit(`${shop.id}:lee@example.com`);
  }
  expect(await foundIn(KIM.email)).toEqual(expect.arrayContaining(['reviews.email', 'rate_limits.key']));

  const body = JSON.stringify({ shop_domain: domain, customer: { id: Number(KIM.id), email: KIM.email }, orders_to_redact: [] });
  const webhookId = crypto.randomUUID();
  const res = await fetch(`${stack.appUrl}/webhooks`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': 'customers/redact',
      'x-shopify-shop-domain': domain,
      'x-shopify-api-version': '2025-10',
      'x-shopify-webhook-id': webhookId,
      'x-shopify-hmac-sha256': webhookHmac(body),
    },
  });
  expect(res.status).toBe(200);
  await eventually(async () => (await knex('webhook_deliveries').where({ webhookId, status: 'processed' }).first()) ?? false, 60_000);

  for (const needle of [KIM.email, KIM.first, KIM.last, KIM.id]) expect({ needle, found: await foundIn(needle) }).toEqual({ needle, found: [] });
  // the text stays; another customer's row and counters stay
  expect(await knex('reviews').where({ shopId: shop.id }).orderBy('id').select('content', 'email')).toEqual([
    { content: 'kept text', email: null },
    { content: 'kept text', email: 'lee@example.com' },
  ]);
  expect(await knex('rate_limits').where('key', 'like', `%:${shop.id}:lee@example.com`).count()).toEqual([{ count: 2 }]);
});
