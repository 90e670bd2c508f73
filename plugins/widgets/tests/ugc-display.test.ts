// The general settings' UGC display switch reaches the storefront: with it off the review box shows
// the reviews without their customers' photos; back on, the photos return (the settings save
// notifies the feed channel, so cached renders are dropped).
import { eventually, startTestApi, type TestApi } from '@plaudit/kernel/testing';
import { importReviews, shopWithClient } from './feed-helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const PHOTO = 'https://cdn.example.com/ugc-photo.jpg';

test('UGC display off hides review photos in the widgets; on shows them', async () => {
  const s = await shopWithClient(api);
  await importReviews(api, s.shop, [
    { productId: 'gid://shopify/Product/5151', productTitle: 'Mug', rating: 5, content: 'lovely mug', media: [{ url: PHOTO, type: 'image' }] },
  ]);
  const box = async () => (await s.direct.get('/widgets/review-box?product_id=5151&scripts=0')).body as string;
  const first = await box();
  expect(first).toContain('lovely mug');
  expect(first).toContain(PHOTO);

  expect((await s.http.put('/api/reviews/settings', { ugcDisplay: false })).status).toBe(200);
  const off = await eventually(async () => {
    const html = await box();
    return !html.includes(PHOTO) && html;
  }, 15_000);
  expect(off).toContain('lovely mug');

  expect((await s.http.put('/api/reviews/settings', { ugcDisplay: true })).status).toBe(200);
  await eventually(async () => (await box()).includes(PHOTO), 15_000);
});
