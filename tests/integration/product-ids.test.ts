// Product ids as a number or as Shopify's gid mean the same product on every route that takes them;
// anything else is a 400 (issue 37: productsSummary answered zeros for numeric ids).
import { client } from '../support/api';
import { startPlatformStack } from '../support/platform';

// the catalog routes (/api/shopify/*) need a store platform: the emulator
type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(() => stack?.close());

const shopClient = async () => client(stack.appUrl, (await stack.installShop()).appToken);

const NUMBER = '9007199254741026';
const GID = `gid://shopify/Product/${NUMBER}`;

test('productsSummary, the reviews list and review create read numbers and gids alike', async () => {
  const http = await shopClient();
  // created with the number, kept as the gid
  const created = await http.post('/api/reviews', { productId: NUMBER, rating: 5, content: 'Lovely', status: 'published' });
  expect(created.status).toBe(201);
  expect(created.body.productId).toBe(GID);
  expect((await http.post('/api/reviews', { productId: GID, rating: 4, content: 'Good', status: 'published' })).status).toBe(201);

  const summary = async (ids: string) => (await http.get(`/api/shopify/productsSummary?productIdsString=${encodeURIComponent(ids)}`)).body;
  const byNumber = await summary(NUMBER);
  expect(byNumber.data).toEqual([expect.objectContaining({ productId: GID, count: 2 })]);
  expect((await summary(GID)).data).toEqual(byNumber.data);
  expect((await summary(`${NUMBER}, ${GID}`)).data).toHaveLength(1);

  const list = async (id: string) => (await http.get(`/api/reviews?productId=${encodeURIComponent(id)}`)).body;
  expect((await list(NUMBER)).total).toBe(2);
  expect((await list(GID)).total).toBe(2);
});

test('anything but a number or a product gid is a 400, not an empty answer', async () => {
  const http = await shopClient();
  for (const path of [
    '/api/shopify/productsSummary?productIdsString=abc',
    `/api/shopify/productsSummary?productIdsString=${NUMBER},gid://shopify/Order/1`,
    '/api/reviews?productId=not-a-product',
    '/api/email-queue?productIdsFilter=gid://shopify/Customer/5',
  ]) {
    const res = await http.get(path);
    expect([path, res.status]).toEqual([path, 400]);
    expect(JSON.stringify(res.body.errors)).toContain('The value is invalid');
  }
  expect((await http.get(`/api/email-queue?productIdsFilter=${NUMBER}`)).status).toBe(200);
  expect((await http.post('/api/reviews', { productId: 'gid://shopify/Order/1', rating: 5, content: 'x' })).status).toBe(400);
});
