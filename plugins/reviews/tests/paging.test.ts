// Keyset paging returns every row exactly once, forwards and backwards, for every sort, even when
// many reviews share one timestamp and one rating.
import { client, createShop, startTestApi, type TestApi } from '@plaudit/kernel/testing';
import { insertReviews } from './helpers';

let api: TestApi;
let http: ReturnType<typeof client>;
let ids: number[];
beforeAll(async () => {
  api = await startTestApi();
  const { shop, token } = await createShop(api, { plan: 'pro' });
  http = client(api.url, token);
  const same = new Date('2026-01-01T00:00:00.123Z');
  ids = [
    ...(await insertReviews(api, shop.id, 40, { createdAt: same })),
    ...(await insertReviews(api, shop.id, 37)),
    ...(await insertReviews(api, shop.id, 10, { status: 'unpublished', createdAt: same })),
  ].map((r) => r.id);
  await insertReviews(api, shop.id, 5, { status: 'trash', deletedAt: new Date() });
});
afterAll(() => api.close());

async function walk(sort: string, limit: number, extra = '') {
  const seen: number[] = [];
  const pages: { data: { id: number }[]; pageInfo: { hasNext: boolean; hasPre: boolean; nextCursor: string | null; previousCursor: string | null } }[] = [];
  let cursor: string | null = null;
  do {
    const res: { status: number; body: any } = await http.get(`/api/reviews?sort=${sort}&limit=${limit}${extra}${cursor ? `&after=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    pages.push(res.body);
    seen.push(...res.body.data.map((r: { id: number }) => r.id));
    cursor = res.body.pageInfo.nextCursor;
  } while (cursor);
  return { seen, pages };
}

test.each(['newest', 'oldest', 'highest', 'lowest'])('sort %s: every row once, in order, and back again', async (sort) => {
  const { seen, pages } = await walk(sort, 10);
  expect(seen).toHaveLength(ids.length);
  expect(new Set(seen)).toEqual(new Set(ids));
  expect(pages[0].pageInfo.hasPre).toBe(false);
  expect(pages.at(-1)!.pageInfo.hasNext).toBe(false);
  // walking back from the last page with previousCursor gives the same pages
  let back: number[] = pages.at(-1)!.data.map((r) => r.id);
  let cursor = pages.at(-1)!.pageInfo.previousCursor;
  while (cursor) {
    const res = await http.get(`/api/reviews?sort=${sort}&limit=10&before=${cursor}`);
    back = [...res.body.data.map((r: { id: number }) => r.id), ...back];
    cursor = res.body.pageInfo.hasPre ? res.body.pageInfo.previousCursor : null;
  }
  expect(back).toEqual(seen);
});

test('the total is in Content-Range and tabs, filters and search narrow the list', async () => {
  const res = await http.get('/api/reviews?limit=5');
  expect(res.headers.get('content-range')).toBe(`reviews 0-4/${ids.length}`);
  expect(res.body.total).toBe(ids.length);
  expect((await http.get('/api/reviews?tab=unpublished')).body.total).toBe(10);
  expect((await http.get('/api/reviews?tab=trash')).body.total).toBe(5);
  const fives = await walk('newest', 50, '&rating=5,4&tab=published');
  expect(fives.seen.length).toBe((await http.get('/api/reviews?rating=5,4&tab=published')).body.total);
  expect((await http.get('/api/reviews?search=%25')).body.total).toBe(0);
  expect((await http.get('/api/reviews?after=bm90LWEtY3Vyc29y')).status).toBe(400);
});
