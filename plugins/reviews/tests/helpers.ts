// Shared by the reviews plugin's tests: shops on a given tier, reviews written straight to the table,
// and the mail the SMTP sink received.
import fs from 'node:fs';
import path from 'node:path';
import { client, createShop, type startPlatformStack, type TestApi, mailDir } from '@plaudit/kernel/testing';
import { ReviewWrite } from '@plaudit/contracts/reviews';

export const PRODUCT = 'gid://shopify/Product/9007199254740993123';

/** A pro shop (recycle bin, reply) or a free shop installed before full access (neither). */
export async function shopOn(api: TestApi, tier: 'pro' | 'free-legacy') {
  const fields = tier === 'pro' ? { plan: 'pro' } : { plan: 'free', installedAt: new Date('2024-03-01T00:00:00Z') };
  const s = await createShop(api, fields);
  return { ...s, http: client(api.url, s.token) };
}

let seq = 0;
export async function insertReviews(api: TestApi, shopId: number, count: number, fields: Record<string, unknown> = {}) {
  const rows = Array.from({ length: count }, (_, i) => ({
    shopId,
    kind: 'product',
    productId: PRODUCT,
    rating: (i % 5) + 1,
    content: `review ${++seq}`,
    firstName: 'Ann',
    lastName: 'Lee',
    email: `ann${seq}@example.com`,
    source: 'customer',
    status: 'published',
    ...fields,
  }));
  const out = [];
  for (let i = 0; i < rows.length; i += 1000)
    out.push(
      ...(await api
        .knex('reviews')
        .insert(rows.slice(i, i + 1000))
        .returning('*')),
    );
  return out as { id: number; productId: string; rating: number; status: string }[];
}

/** The summaries recomputed from scratch, to compare with the maintained ones. */
export async function recount(api: TestApi, shopId: number) {
  const { rows } = await api.knex.raw(
    `SELECT product_key AS "productKey", count(*)::int AS count, sum(rating)::int AS "ratingSum",
            count(*) FILTER (WHERE rating = 1)::int AS stars1, count(*) FILTER (WHERE rating = 2)::int AS stars2,
            count(*) FILTER (WHERE rating = 3)::int AS stars3, count(*) FILTER (WHERE rating = 4)::int AS stars4,
            count(*) FILTER (WHERE rating = 5)::int AS stars5, count(*) FILTER (WHERE media_count > 0)::int AS "mediaCount"
       FROM reviews WHERE shop_id = ? AND status = 'published' GROUP BY product_key ORDER BY product_key`,
    [shopId],
  );
  return rows;
}

export async function maintained(api: TestApi, shopId: number) {
  return api
    .knex('review_summaries')
    .where({ shopId })
    .where('count', '>', 0)
    .orderBy('productKey')
    .select('productKey', 'count', 'ratingSum', 'stars1', 'stars2', 'stars3', 'stars4', 'stars5', 'mediaCount');
}

/** The decoded HTML of a message the SMTP sink stored (quoted-printable undone). */
export function mailBody(file: string): string {
  const raw = fs.readFileSync(path.join(mailDir(process.env.DATA_DIR!), file), 'latin1');
  const qp = raw.replace(/=\r?\n/g, '');
  return Buffer.from(
    qp.replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
}

/**
 * A shop of the store emulator with an order, and the write link a review-request email would
 * carry for its first product (made by the `ReviewWrite` capability, as review-requests does).
 */
export async function writeLinkFor(
  stack: Awaited<ReturnType<typeof startPlatformStack>>,
  { expiresInDays = 1, locale }: { expiresInDays?: number; locale?: string } = {},
) {
  const { domain, shop, appToken } = await stack.installShop();
  // an English-speaking customer (the emulator's customers have their own locales; pages follow the order's)
  const { order } = await stack.control('/orders', { shop: domain, country: 'US' });
  const details = await stack.api.runtime.services.platform!.adminApi(domain).order(order.admin_graphql_api_id);
  const product = details!.lineItems.nodes[0].product!.id;
  const link = stack.api.runtime.services.capabilities
    .require(ReviewWrite)
    .writeUrl({ shopDomain: domain, queueEntryId: 1, orderId: String(order.id), productId: product, customerLocale: locale, expiresInDays });
  // the link's path on this test's API (the configured APP_URL may be another one)
  return { shop, domain, appToken, product, orderId: String(order.id), url: stack.appUrl + new URL(link).pathname };
}
