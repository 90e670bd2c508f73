// `ReviewWrite` importReviews (shared/import.ts): many reviews in one call, as the imports plugin will create
// them: imported source, the file's dates, status, media, reply and demo flag; one summary recompute,
// one storefront version bump, no `ReviewCreated`; a bad row refuses the whole batch, naming it.
import { ZodError } from 'zod';
import { tenantFor } from '@plaudit/kernel';
import { startTestApi, type TestApi } from '@plaudit/kernel/testing';
import { ReviewCreated, ReviewFeed, ReviewWrite, type ImportedReviewInput, type ReviewFeedApi, type ReviewWriteApi } from '@plaudit/contracts/reviews';
import { IMPORT_MAX_ROWS } from '../shared/import';
import { maintained, PRODUCT, recount, shopOn } from './helpers';

let api: TestApi;
let imports: ReviewWriteApi;
let feed: ReviewFeedApi;
beforeAll(async () => {
  api = await startTestApi();
  imports = api.runtime.services.capabilities.require(ReviewWrite);
  feed = api.runtime.services.capabilities.require(ReviewFeed);
});
afterAll(() => api.close());

async function newShop() {
  const s = await shopOn(api, 'pro');
  return { ...s, tenant: tenantFor(s.shop.id, s.shop.shopifyDomain) };
}

/**
 * The review.created events recorded for these reviews. emit() records the delivery's start in the kernel
 * outbox in the review's own transaction; the outbox hands it to Temporal, then deletes the row (a quiet
 * machine does so before the test reads it). So an event is the outbox row or, once handed over, its
 * workflow: found in one of the two right after the commit, or never recorded.
 */
async function createdEvents(ids: number[]) {
  const found: string[] = [];
  for (const id of ids) {
    const workflowId = `event:${ReviewCreated.name}:${id}`;
    const queued = await api.knex('workflow_outbox').where({ workflowId }).first('workflowId');
    const started =
      !queued &&
      (await api.runtime.services.temporal.client.workflow
        .getHandle(workflowId)
        .describe()
        .then(
          () => true,
          () => false,
        ));
    if (queued || started) found.push(workflowId);
  }
  return found;
}

async function rejection(rows: ImportedReviewInput[]): Promise<Record<string, string>> {
  const err = await imports.importReviews(tenantFor(0, 'nobody.myshopify.com'), rows).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ZodError);
  return Object.fromEntries((err as ZodError).issues.map((i) => [i.path.join('.'), i.message]));
}

test('imports rows as given, in one step: summaries, one feed version, no ReviewCreated', async () => {
  const { tenant, http } = await newShop();
  const before = Number(await feed.version(tenant));
  const rows: ImportedReviewInput[] = [
    {
      productId: PRODUCT,
      productTitle: 'Hat',
      productHandle: 'hat',
      rating: 5,
      content: 'From the old app',
      firstName: 'Ann',
      lastName: 'Lee',
      createdAt: '2025-03-01T10:00:00.123Z',
      media: [
        { url: '/media/photo.jpg', type: 'image' },
        { url: 'https://cdn.example.com/v.mp4', type: 'video' },
      ],
      reply: { content: 'Thanks!', at: '2025-03-02T00:00:00Z' },
      source: 'aliexpress',
    },
    { productId: PRODUCT, rating: 1, content: '', createdAt: new Date('2025-02-01T00:00:00Z') },
    { productId: PRODUCT, rating: 3, content: 'hidden', status: 'unpublished', incentivized: true },
    { kind: 'store', rating: 4, content: 'About the shop', demo: true },
  ];
  const { ids } = await imports.importReviews(tenant, rows);
  expect(ids).toHaveLength(4);
  expect([...ids].sort((a, b) => a - b)).toEqual(ids);

  const listed = (await http.get('/api/reviews?limit=10&sort=oldest')).body.data;
  expect(listed.map((r: { id: number }) => r.id).sort()).toEqual([...ids].sort());
  const byId = new Map(listed.map((r: { id: number }) => [r.id, r]));
  expect(byId.get(ids[0])).toMatchObject({
    source: 'aliexpress',
    imported: true,
    verified: false,
    demo: false,
    status: 'published',
    createdAt: '2025-03-01T10:00:00.123Z',
    media: [
      { url: '/media/photo.jpg', type: 'image' },
      { url: 'https://cdn.example.com/v.mp4', type: 'video' },
    ],
    replyContent: 'Thanks!',
    repliedAt: '2025-03-02T00:00:00.000Z',
    productTitle: 'Hat',
    productHandle: 'hat',
  });
  expect(byId.get(ids[1])).toMatchObject({ source: 'imported', content: '', createdAt: '2025-02-01T00:00:00.000Z', replyContent: null });
  expect(byId.get(ids[2])).toMatchObject({ status: 'unpublished', incentivized: true });
  expect(byId.get(ids[1])).toMatchObject({ incentivized: false });
  expect(byId.get(ids[3])).toMatchObject({ kind: 'store', productId: null, demo: true });

  // the maintained summaries equal a count from scratch (published only, the store under '')
  expect(await maintained(api, tenant.shopId)).toEqual(await recount(api, tenant.shopId));
  expect((await http.get('/api/reviews/summary')).body.data).toMatchObject({ count: 3, stars: { 1: 1, 4: 1, 5: 1 } });
  // one statement: the storefront version moved once
  expect(Number(await feed.version(tenant))).toBe(before + 1);
  // imports are not new feedback: no merchant notice, no request workflow told; a review the merchant writes is
  const written = await http.post('/api/reviews', { productId: PRODUCT, rating: 5, content: 'typed in the admin' });
  expect(written.status).toBe(201);
  expect(await createdEvents([...ids, written.body.id])).toEqual([`event:${ReviewCreated.name}:${written.body.id}`]);
});

test('10,000 rows in one call; the feed reads them newest first', async () => {
  const { tenant } = await newShop();
  const start = Date.parse('2026-01-01T00:00:00Z');
  const rows = Array.from({ length: IMPORT_MAX_ROWS }, (_, i) => ({
    productId: `gid://shopify/Product/${i % 40}`,
    productHandle: `p-${i % 40}`,
    rating: 1 + (i % 5),
    content: `Review ${i + 1}`,
    createdAt: new Date(start + i * 1000),
  }));
  const before = Number(await feed.version(tenant));
  const { ids } = await imports.importReviews(tenant, rows);
  expect(ids).toHaveLength(IMPORT_MAX_ROWS);
  expect(Number(await feed.version(tenant))).toBe(before + 1);
  const page = await feed.reviews(tenant, { kind: 'product', sort: 'newest', limit: 2 });
  expect(page.items.map((r) => r.content)).toEqual([`Review ${IMPORT_MAX_ROWS}`, `Review ${IMPORT_MAX_ROWS - 1}`]);
  expect((await feed.shopSummary(tenant)).count).toBe(IMPORT_MAX_ROWS);
});

test('a bad row refuses the whole batch and says which row and field', async () => {
  const { tenant, http } = await newShop();
  const good: ImportedReviewInput = { productId: PRODUCT, rating: 5, content: 'fine' };
  expect(await rejection([good, { ...good, rating: 6 }, { rating: 4 } as ImportedReviewInput])).toEqual({
    '1.rating': expect.any(String),
    '2.productId': 'This field is required',
  });
  expect(await rejection([{ ...good, verified: true } as ImportedReviewInput])).toMatchObject({ '0': expect.stringMatching(/verified/) });
  expect(await rejection([{ ...good, source: 'customer' }])).toEqual({ '0.source': expect.stringContaining('must be one of imported, amazon') });
  expect(await rejection([{ ...good, content: 'a\u0000b' }])).toEqual({ '0.content': 'Text must not contain NUL characters or unpaired surrogates' });
  expect(await rejection([{ ...good, media: [{ url: 'javascript:alert(1)', type: 'image' }] }])).toEqual({
    '0.media.0.url': 'Media URLs must start with http:// or https://',
  });
  expect(await rejection([{ ...good, createdAt: new Date(Date.now() + 7 * 86_400_000) }])).toEqual({ '0.createdAt': 'The date must not be in the future' });
  expect(await rejection([])).toEqual({ '': 'There is nothing to import' });
  expect(await rejection(Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => good))).toEqual({ '': 'At most 10,000 reviews can be imported at once' });
  // nothing of a refused batch was stored
  await expect(imports.importReviews(tenant, [good, { ...good, rating: 0 }])).rejects.toBeInstanceOf(ZodError);
  expect((await http.get('/api/reviews')).body.total).toBe(0);
});
