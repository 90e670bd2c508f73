// Each moderation action, its tier gate, and one shop never reaching another's reviews.
import { startTestApi, type TestApi } from '@plaudit/kernel/testing';
import { insertReviews, maintained, PRODUCT, recount, shopOn } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const summaryOf = (api: TestApi, shopId: number) => api.knex('review_summaries').where({ shopId, productKey: PRODUCT }).first();

test('an admin-created review is published, counted and announced; its input is validated', async () => {
  const { http, shop } = await shopOn(api, 'pro');
  const bad = await http.post('/api/reviews', { rating: 6, content: '' });
  expect(bad.status).toBe(400);
  expect(bad.body.errors).toMatchObject({ content: 'This field is required' });
  const res = await http.post('/api/reviews', {
    productId: PRODUCT,
    productTitle: 'Beanie',
    rating: 4,
    content: 'Warm',
    firstName: 'Jo',
    email: 'jo@example.com',
  });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ source: 'admin', status: 'published', productId: PRODUCT, verified: false, imported: false });
  expect(await summaryOf(api, shop.id)).toMatchObject({ count: 1, ratingSum: 4, stars4: 1 });
  const got = await http.get(`/api/reviews/${res.body.id}`);
  expect(got.body.content).toBe('Warm');
});

test('publish, unpublish, feature, pin, testimonial and verify change the review and the summary', async () => {
  const { http, shop } = await shopOn(api, 'pro');
  const [r] = await insertReviews(api, shop.id, 1, { status: 'unpublished', rating: 5 });
  const act = async (action: string) => (await http.post(`/api/reviews/${r.id}/${action}`)).body;
  expect(await act('publish')).toMatchObject({ success: true, count: 1, data: { status: 'published' } });
  expect(await summaryOf(api, shop.id)).toMatchObject({ count: 1, stars5: 1 });
  expect((await act('feature')).data.featured).toBe(true);
  expect((await act('pin')).data.pinned).toBe(true);
  expect((await act('add-testimonial')).data.testimonial).toBe(true);
  expect((await act('remove-testimonial')).data.testimonial).toBe(false);
  expect((await act('verify')).data.verified).toBe(true);
  expect((await act('unverify')).data.verified).toBe(false);
  expect((await act('unpublish')).data.status).toBe('unpublished');
  expect(await summaryOf(api, shop.id)).toMatchObject({ count: 0 });
  expect((await http.post(`/api/reviews/${r.id}/explode`)).status).toBe(404);
});

test('a pro shop deletes to the recycle bin and restores; a second delete is for good', async () => {
  const { http, shop } = await shopOn(api, 'pro');
  const [r] = await insertReviews(api, shop.id, 1, { rating: 3 });
  // what the delete dialog says: the bin, and the retention setting's days
  expect((await http.get('/api/reviews/recycle-bin')).body.data).toEqual({ enabled: true, retentionDays: 30 });
  await http.put('/api/reviews/settings', { trashRetentionDays: 15 });
  expect((await http.get('/api/reviews/recycle-bin')).body.data).toEqual({ enabled: true, retentionDays: 15 });
  const del = await http.delete(`/api/reviews/${r.id}`);
  expect(del.body).toMatchObject({ success: true, count: 1, purged: 0 });
  expect((await http.get(`/api/reviews/${r.id}`)).body).toMatchObject({ status: 'trash' });
  expect((await http.get('/api/reviews?tab=trash')).body.data.map((x: { id: number }) => x.id)).toEqual([r.id]);
  expect((await http.get('/api/reviews?tab=all')).body.data).toEqual([]);
  expect(await summaryOf(api, shop.id)).toMatchObject({ count: 0 });
  expect((await http.post(`/api/reviews/${r.id}/restore`)).body.data.status).toBe('published');
  expect(await summaryOf(api, shop.id)).toMatchObject({ count: 1, stars3: 1 });
  await http.delete(`/api/reviews/${r.id}`);
  expect((await http.delete(`/api/reviews/${r.id}`)).body).toMatchObject({ purged: 1 });
  expect((await http.get(`/api/reviews/${r.id}`)).status).toBe(404);
});

test('a free shop installed before 9 May 2025 cannot reply and deletes for good', async () => {
  const { http, shop } = await shopOn(api, 'free-legacy');
  const [r] = await insertReviews(api, shop.id, 1);
  const reply = await http.post(`/api/reviews/${r.id}/reply`, { content: 'Thanks!' });
  expect(reply.status).toBe(403);
  expect(reply.body).toMatchObject({ code: 'PLAN_TIER_TOO_LOW', tier: 'base' });
  expect((await http.delete(`/api/reviews/${r.id}/reply`)).status).toBe(403);
  expect((await http.get('/api/reviews/recycle-bin')).body.data).toMatchObject({ enabled: false });
  expect((await http.delete(`/api/reviews/${r.id}`)).body).toMatchObject({ count: 1, purged: 1 });
  expect(await api.knex('reviews').where({ id: r.id })).toEqual([]);
});

test('reply needs content; a pro shop replies and deletes the reply', async () => {
  const { http, shop } = await shopOn(api, 'pro');
  const [r] = await insertReviews(api, shop.id, 1);
  const empty = await http.post(`/api/reviews/${r.id}/reply`, { content: '  ' });
  expect(empty.status).toBe(400);
  expect(empty.body.errors).toEqual({ content: 'This field is required' });
  const ok = await http.post(`/api/reviews/${r.id}/reply`, { content: 'Thank you!' });
  expect(ok.body.data).toMatchObject({ replyContent: 'Thank you!' });
  expect(ok.body.data.repliedAt).toBeTruthy();
  expect((await http.get('/api/reviews?replied=true')).body.data).toHaveLength(1);
  expect((await http.delete(`/api/reviews/${r.id}/reply`)).body.data.replyContent).toBeNull();
});

test('imported reviews are neither editable nor verifiable', async () => {
  const { http, shop } = await shopOn(api, 'pro');
  const [r] = await insertReviews(api, shop.id, 1, { source: 'aliexpress', imported: true });
  const edit = await http.put(`/api/reviews/${r.id}`, { content: 'changed' });
  expect(edit.status).toBe(409);
  expect(edit.body.message).toBe('Imported reviews cannot be edited');
  expect((await http.post(`/api/reviews/${r.id}/verify`)).status).toBe(409);
  expect((await http.post('/api/reviews/bulk/verify', { ids: [r.id] })).body).toMatchObject({ count: 0 });
  expect((await api.knex('reviews').where({ id: r.id }).first()).content).not.toBe('changed');
});

test('edit requests: no email refused; editing blocked until the customer confirms', async () => {
  const { http, shop } = await shopOn(api, 'pro');
  const [noEmail, withEmail] = [...(await insertReviews(api, shop.id, 1, { email: null })), ...(await insertReviews(api, shop.id, 1))];
  const refused = await http.post(`/api/reviews/${noEmail.id}/request-edit`);
  expect(refused.status).toBe(400);
  expect(refused.body.message).toBe('Email not found, unable to send edit request');
  expect((await http.post(`/api/reviews/${withEmail.id}/request-edit`)).body.data.editRequest).toBe('unconfirmed');
  expect((await http.put(`/api/reviews/${withEmail.id}`, { content: 'x' })).status).toBe(409);
  await api.knex('reviews').where({ id: withEmail.id }).update({ editRequest: 'confirmed' });
  const edited = await http.put(`/api/reviews/${withEmail.id}`, { content: 'Better now', rating: 2 });
  expect(edited.body).toMatchObject({ content: 'Better now', rating: 2 });
  expect(await maintained(api, shop.id)).toEqual(await recount(api, shop.id));
});

test('bulk actions are set-based over the shop: 10,000 reviews published at once', async () => {
  const { http, shop } = await shopOn(api, 'pro');
  const rows = await insertReviews(api, shop.id, 10_000, { status: 'unpublished' });
  // set-based: a few statements, not some per review (counted, as a duration would depend on the machine)
  let statements = 0;
  const count = () => void statements++;
  api.knex.on('query', count);
  const res = await http.post('/api/reviews/bulk/publish', { ids: rows.map((r) => r.id) }).finally(() => api.knex.off('query', count));
  expect(res.body).toMatchObject({ success: true, count: 10_000 });
  expect(await summaryOf(api, shop.id)).toMatchObject({ count: 10_000 });
  expect(statements).toBeLessThan(100);
  expect((await http.post('/api/reviews/bulk/publish', { ids: [] })).status).toBe(400);
});

test('export: CSV and XML of published reviews, escaped', async () => {
  const { http, shop } = await shopOn(api, 'pro');
  await insertReviews(api, shop.id, 1, { content: '=HYPERLINK("x"), <b>&', incentivized: true });
  await insertReviews(api, shop.id, 1, { status: 'unpublished', content: 'hidden one' });
  const csv = await http.get('/api/reviews/export?format=csv');
  expect(csv.headers.get('content-type')).toContain('text/csv');
  expect(csv.body).toContain(`"'=HYPERLINK(""x""), <b>&"`);
  expect(csv.body).not.toContain('hidden one');
  const xml = await http.get('/api/reviews/export?format=xml');
  expect(xml.body).toContain('=HYPERLINK(&#34;x&#34;), &#60;b&#62;&#38;');
  // a rewarded review's disclosure travels with it (16 CFR 255.5)
  expect(csv.body.split('\r\n')[0].split(',')).toContain('incentivized');
  expect(xml.body).toContain('<incentivized>true</incentivized>');
});

test("one shop never sees or changes another shop's reviews", async () => {
  const a = await shopOn(api, 'pro');
  const b = await shopOn(api, 'pro');
  const [rb] = await insertReviews(api, b.shop.id, 1, { content: 'bravo secret' });
  expect((await a.http.get(`/api/reviews/${rb.id}`)).status).toBe(404);
  expect((await a.http.put(`/api/reviews/${rb.id}`, { content: 'hijack' })).status).toBe(404);
  expect((await a.http.delete(`/api/reviews/${rb.id}`)).status).toBe(404);
  expect((await a.http.post(`/api/reviews/${rb.id}/unpublish`)).status).toBe(404);
  expect((await a.http.post('/api/reviews/bulk/delete', { ids: [rb.id] })).body).toMatchObject({ count: 0 });
  expect((await a.http.post('/api/reviews/bulk/unpublish', { ids: [rb.id] })).body).toMatchObject({ count: 0 });
  expect(JSON.stringify((await a.http.get('/api/reviews?search=bravo')).body)).not.toContain('bravo secret');
  expect(await api.knex('reviews').where({ id: rb.id }).first()).toMatchObject({ content: 'bravo secret', status: 'published' });
});
