// Review labels (contracts/reviews/labels.ts) on the real stack: a plugin replaces the labels it owns
// on a shop's reviews through the capability (one or many at once, idempotent, other sources kept,
// another shop's reviews skipped, bad labels refused), and Manage reviews' API shows them on each
// row and filters by them beside its tabs, filters and keyset paging, with facets of their counts.
// Every query is the shop's; bad filter input is a 400. The labels go with a review deleted for good.
import { ReviewLabels } from '@plaudit/contracts/reviews';
import { client, createShop, startTestApi, type TestApi } from '@plaudit/kernel/testing';
import { insertReviews } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

const labelsApi = () => api.runtime.services.capabilities.require(ReviewLabels);
const tenant = (shop: { id: number; shopifyDomain: string }) => api.runtime.services.tenant(shop.id, shop.shopifyDomain);
type Row = { id: number; labels: { source: string; group: string; key: string; tone: string | null }[] };

async function proShop() {
  const { shop, token } = await createShop(api, { plan: 'pro' });
  return { shop, http: client(api.url, token), tenant: tenant(shop) };
}

const ids = (body: { data: Row[] }) => body.data.map((r) => r.id).sort((a, b) => a - b);

test('a source replaces its own labels, one review or many, idempotently; other sources and other shops are untouched', async () => {
  const a = await proShop();
  const b = await proShop();
  const [r1, r2, r3] = await insertReviews(api, a.shop.id, 3);
  const [other] = await insertReviews(api, b.shop.id, 1);
  const labels = labelsApi();

  expect(await labels.set(a.tenant, r1.id, 'acme', [{ group: 'topic', key: 'fit', tone: 'negative' }])).toBe(true);
  expect(await labels.set(a.tenant, r1.id, 'other-plugin', [{ group: 'badge', key: 'gold' }])).toBe(true);
  // the same call again, and a replacement: acme's labels are the last ones, other-plugin's stay
  await labels.set(a.tenant, r1.id, 'acme', [{ group: 'topic', key: 'fit', tone: 'negative' }]);
  await labels.set(a.tenant, r1.id, 'acme', [
    { group: 'topic', key: 'smell', tone: 'positive' },
    { group: 'needs-look', key: 'safety', tone: 'flag' },
  ]);
  const row = async (shopHttp: ReturnType<typeof client>, id: number) =>
    ((await shopHttp.get('/api/reviews?limit=100')).body.data as Row[]).find((r) => r.id === id);
  expect((await row(a.http, r1.id))!.labels).toEqual([
    { source: 'other-plugin', group: 'badge', key: 'gold', tone: null },
    { source: 'acme', group: 'needs-look', key: 'safety', tone: 'flag' },
    { source: 'acme', group: 'topic', key: 'smell', tone: 'positive' },
  ]);

  // many at once; another shop's review is skipped, not labelled
  const many = [r2, r3, other].map((r) => ({ reviewId: r.id, labels: [{ group: 'topic', key: 'fit', tone: 'positive' as const }] }));
  expect(await labels.setMany(a.tenant, 'acme', many)).toBe(2);
  expect(await labels.set(a.tenant, other.id, 'acme', [{ group: 'topic', key: 'fit' }])).toBe(false);
  expect((await row(b.http, other.id))!.labels).toEqual([]);
  expect((await row(a.http, r2.id))!.labels).toEqual([{ source: 'acme', group: 'topic', key: 'fit', tone: 'positive' }]);

  // clear: some reviews, then the whole shop, one source only
  await labels.clear(a.tenant, 'acme', [r2.id]);
  expect((await row(a.http, r2.id))!.labels).toEqual([]);
  expect((await row(a.http, r3.id))!.labels).toHaveLength(1);
  await labels.clear(a.tenant, 'acme');
  expect((await row(a.http, r1.id))!.labels).toEqual([{ source: 'other-plugin', group: 'badge', key: 'gold', tone: null }]);
  expect((await row(a.http, r3.id))!.labels).toEqual([]);
});

test('bad labels are refused and nothing is stored', async () => {
  const a = await proShop();
  const [r] = await insertReviews(api, a.shop.id, 1);
  const labels = labelsApi();
  const bad = [
    () => labels.set(a.tenant, r.id, 'acme', [{ group: 'Topic', key: 'fit' }]),
    () => labels.set(a.tenant, r.id, 'acme', [{ group: 'topic', key: 'a:b' }]),
    () => labels.set(a.tenant, r.id, 'acme', [{ group: 'topic', key: 'fit', tone: 'angry' as never }]),
    () => labels.set(a.tenant, r.id, 'Not a plugin', [{ group: 'topic', key: 'fit' }]),
    () =>
      labels.set(
        a.tenant,
        r.id,
        'acme',
        Array.from({ length: 51 }, (_, i) => ({ group: 'topic', key: `k${i}` })),
      ),
    () =>
      labels.setMany(
        a.tenant,
        'acme',
        Array.from({ length: 1001 }, (_, i) => ({ reviewId: i + 1, labels: [] })),
      ),
  ];
  for (const call of bad) await expect(call()).rejects.toMatchObject({ name: 'ZodError' });
  expect(await api.knex('review_labels').where({ reviewId: r.id })).toEqual([]);
});

test("the list filters by labels beside its tabs, filters and cursor, with the shop's facets; bad filters are a 400", async () => {
  const a = await proShop();
  const b = await proShop();
  const [fitBad, fitGood, smellGood, flagged, plain, hidden] = await insertReviews(api, a.shop.id, 6);
  await api.knex('reviews').where({ id: hidden.id }).update({ status: 'unpublished' });
  await api.knex('reviews').where({ id: fitBad.id }).update({ content: 'Runs small, smells lovely' });
  const labels = labelsApi();
  const topic = (key: string, tone: 'positive' | 'negative') => ({ group: 'topic', key, tone });
  await labels.setMany(a.tenant, 'acme', [
    { reviewId: fitBad.id, labels: [topic('fit', 'negative'), topic('smell', 'positive')] },
    { reviewId: fitGood.id, labels: [topic('fit', 'positive')] },
    { reviewId: smellGood.id, labels: [topic('smell', 'positive')] },
    { reviewId: flagged.id, labels: [topic('fit', 'negative'), { group: 'needs-look', key: 'contradiction', tone: 'flag' }] },
    { reviewId: hidden.id, labels: [topic('fit', 'negative'), { group: 'needs-look', key: 'spam', tone: 'flag' }] },
  ]);
  // another shop whose reviews carry the same labels: never in shop a's answers
  const [elsewhere] = await insertReviews(api, b.shop.id, 1);
  await labels.set(tenant(b.shop), elsewhere.id, 'acme', [topic('fit', 'negative'), { group: 'needs-look', key: 'safety', tone: 'flag' }]);
  const list = async (query: string) => {
    const res = await a.http.get(`/api/reviews?${query.includes('limit=') ? '' : 'limit=100&'}${query}`);
    expect(res.status).toBe(200);
    return res.body;
  };

  // any key of a group; every group named; a tone narrows the chosen labels and asks for one of its own
  expect(ids(await list('label=topic:fit'))).toEqual([fitBad.id, fitGood.id, flagged.id, hidden.id]);
  expect(ids(await list('label=topic:fit,topic:smell&tab=published'))).toEqual([fitBad.id, fitGood.id, smellGood.id, flagged.id]);
  expect(ids(await list('label=topic:fit&tone=negative'))).toEqual([fitBad.id, flagged.id, hidden.id]);
  expect(ids(await list('label=topic:smell&tone=negative'))).toEqual([]);
  expect(ids(await list('tone=positive'))).toEqual([fitBad.id, fitGood.id, smellGood.id]);
  expect(ids(await list('label=topic:fit,needs-look:contradiction'))).toEqual([flagged.id]);
  expect(ids(await list('label=needs-look:contradiction&tone=negative'))).toEqual([flagged.id]);
  // "Needs a look", with the tabs and the list's other filters
  expect(ids(await list('needsLook=true'))).toEqual([flagged.id, hidden.id]);
  expect(ids(await list('needsLook=true&tab=unpublished'))).toEqual([hidden.id]);
  expect(ids(await list(`needsLook=true&rating=${flagged.rating}`))).toEqual([flagged.id]);
  expect(ids(await list('needsLook=false&label=topic:fit'))).toEqual([fitBad.id, fitGood.id]);
  expect((await list('needsLook=true&tab=trash')).total).toBe(0);
  expect((await list('label=topic:fit&tone=negative')).total).toBe(3);
  expect(ids(await list(`label=topic:smell&search=${encodeURIComponent('runs small')}`))).toEqual([fitBad.id]);
  expect(ids(await list('needsLook=false&tab=published'))).toEqual([fitBad.id, fitGood.id, smellGood.id, plain.id]);

  // cursor paging over a label filter: every match once, forwards, for two sorts
  for (const sort of ['newest', 'lowest']) {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: Row[]; pageInfo: { nextCursor: string | null } } = await list(
        `label=topic:fit&limit=1&sort=${sort}${cursor ? `&after=${cursor}` : ''}`,
      );
      seen.push(...page.data.map((r) => r.id));
      cursor = page.pageInfo.nextCursor;
    } while (cursor);
    expect(seen.sort((x, y) => x - y)).toEqual([fitBad.id, fitGood.id, flagged.id, hidden.id]);
  }

  // the facets: the groups on the tab's reviews, most carried first; the mentions by tone, the flagged reviews
  const facets = (await a.http.get('/api/reviews/labels?tab=published')).body;
  expect(facets).toEqual({
    groups: [
      { group: 'needs-look', source: 'acme', labels: [{ key: 'contradiction', source: 'acme', reviews: 1, positive: 0, negative: 0, flag: 1 }] },
      {
        group: 'topic',
        source: 'acme',
        labels: [
          { key: 'fit', source: 'acme', reviews: 3, positive: 1, negative: 2, flag: 0 },
          { key: 'smell', source: 'acme', reviews: 2, positive: 2, negative: 0, flag: 0 },
        ],
      },
    ],
    mentions: { positive: 3, negative: 2 },
    needsLook: 1,
  });
  // facets follow the list's other filters and tabs; label filters themselves are left out
  expect((await a.http.get('/api/reviews/labels?tab=unpublished&label=topic:smell')).body).toMatchObject({
    mentions: { positive: 0, negative: 1 },
    needsLook: 1,
  });
  expect((await b.http.get('/api/reviews/labels')).body).toMatchObject({ mentions: { positive: 0, negative: 1 }, needsLook: 1 });
  expect((await b.http.get('/api/reviews?needsLook=true')).body.data.map((r: Row) => r.id)).toEqual([elsewhere.id]);

  // bad filter input: a 400 naming the field
  for (const query of [
    'label=topic',
    'label=Topic:Fit',
    'label=topic:fit:extra',
    `label=${Array.from({ length: 31 }, (_, i) => `topic:k${i}`).join(',')}`,
    'tone=happy',
    'tone=flag',
    'needsLook=maybe',
  ]) {
    for (const path of ['/api/reviews', '/api/reviews/labels']) {
      const res = await a.http.get(`${path}?${query}`);
      expect([path, query, res.status]).toEqual([path, query, 400]);
    }
  }
  expect((await a.http.get('/api/reviews/labels?tab=nowhere')).status).toBe(400);
});

test('a review deleted for good takes its labels along; the recycle bin keeps them', async () => {
  const a = await proShop();
  const [kept, erased] = await insertReviews(api, a.shop.id, 2);
  await labelsApi().setMany(a.tenant, 'acme', [
    { reviewId: kept.id, labels: [{ group: 'topic', key: 'fit', tone: 'negative' }] },
    { reviewId: erased.id, labels: [{ group: 'topic', key: 'fit', tone: 'negative' }] },
  ]);
  for (const id of [kept.id, erased.id]) expect((await a.http.delete(`/api/reviews/${id}`)).status).toBe(200);
  // from the recycle bin, for good
  expect((await a.http.delete(`/api/reviews/${erased.id}`)).status).toBe(200);
  expect((await api.knex('review_labels').whereIn('reviewId', [kept.id, erased.id])).map((r) => Number(r.reviewId))).toEqual([kept.id]);
  expect((await a.http.get('/api/reviews?tab=trash&label=topic:fit')).body.data.map((r: Row) => r.id)).toEqual([kept.id]);
});
