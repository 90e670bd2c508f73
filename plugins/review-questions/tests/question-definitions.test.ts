// The merchant's question definitions (admin API) and the rules that keep answers meaningful: clear
// 400s for bad input, shop scoping, archive instead of delete once answered, and answers the
// database itself refuses to change.
import { client, createShop, startTestApi, type TestApi } from '@plaudit/kernel/testing';
import { fitQuestion } from './helpers';
import { ReviewQuestions } from '@plaudit/contracts/review-questions';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const fit = fitQuestion(['Shirts']);

test('a question is created, listed, corrected and scoped to its shop; bad input gets a 400 naming the field', async () => {
  const { token } = await createShop(api, {});
  const http = client(api.url, token);
  const created = await http.post('/api/review-questions', fit);
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ kind: 'scale', points: 5, lowLabel: 'Runs small', answerCount: 0, archived: false });

  const single = await http.post('/api/review-questions', { kind: 'single', label: 'Skin type', options: [{ label: 'Dry' }, { label: 'Oily' }] });
  expect(single.status).toBe(201);
  expect(single.body.options).toEqual([
    { key: 'dry', label: 'Dry' },
    { key: 'oily', label: 'Oily' },
  ]);

  const list = await http.get('/api/review-questions');
  expect(list.body.items.map((q: { label: string }) => q.label)).toEqual(['How does it fit?', 'Skin type']);

  // bad input: the message names the field
  const noEnds = await http.post('/api/review-questions', { kind: 'scale', label: 'Fit', points: 5 });
  expect(noEnds.status).toBe(400);
  expect(noEnds.body.errors).toMatchObject({ lowLabel: 'A scale needs the words at both ends' });
  const oneChoice = await http.post('/api/review-questions', { kind: 'multiple', label: 'Used for', options: [{ label: 'Running' }] });
  expect(oneChoice.status).toBe(400);
  expect(oneChoice.body.errors).toMatchObject({ options: 'Give at least 2 choices' });
  const badKind = await http.post('/api/review-questions', { kind: 'essay', label: 'Tell us' });
  expect(badKind.status).toBe(400);
  expect(badKind.body.errors.kind).toBe('Choose scale, single, multiple or yesno');
  const recommendScale = await http.post('/api/review-questions', { ...fit, recommend: true });
  expect(recommendScale.status).toBe(400);
  expect(recommendScale.body.errors.recommend).toBe('Only a yes/no question can be the recommend question');
  const noTypes = await http.post('/api/review-questions', { kind: 'yesno', label: 'Recommend?', scope: 'tags' });
  expect(noTypes.status).toBe(400);
  expect(noTypes.body.errors.scopeValues).toBe('Name at least one product type or tag');
  expect((await http.post('/api/review-questions', { kind: 'yesno', label: 'Recommend?', recommend: true })).status).toBe(201);
  const second = await http.post('/api/review-questions', { kind: 'yesno', label: 'Again?', recommend: true });
  expect(second.status).toBe(400);
  expect(second.body.errors.recommend).toBe('Another question is already the "would recommend" question');

  // the whole record back, as react-admin sends it
  const renamed = await http.put(`/api/review-questions/${single.body.id}`, {
    ...single.body,
    label: 'Your skin type',
    options: [...single.body.options, { label: 'Mixed' }],
  });
  expect(renamed.status).toBe(200);
  expect(renamed.body.options.map((o: { key: string }) => o.key)).toEqual(['dry', 'oily', 'mixed']);

  // another shop sees none of it and cannot reach it
  const other = client(api.url, (await createShop(api, {})).token);
  expect((await other.get('/api/review-questions')).body.items).toEqual([]);
  expect((await other.get(`/api/review-questions/${single.body.id}`)).status).toBe(404);
  expect((await other.put(`/api/review-questions/${single.body.id}`, { ...fit })).status).toBe(404);
  expect((await other.delete(`/api/review-questions/${single.body.id}`)).status).toBe(404);
  expect((await http.get(`/api/review-questions/${single.body.id}`)).body.label).toBe('Your skin type');
});

test('an answered question is archived, not deleted, keeps its kind and choices; its answers cannot be changed', async () => {
  const { token, shop } = await createShop(api, {});
  const http = client(api.url, token);
  const { body: q } = await http.post('/api/review-questions', {
    kind: 'single',
    label: 'Size bought',
    options: [{ label: 'S' }, { label: 'M' }, { label: 'L' }],
  });
  const { body: unused } = await http.post('/api/review-questions', { kind: 'yesno', label: 'Gift?' });
  const { knex, tenant, capabilities } = api.runtime.services;
  const questions = capabilities.require(ReviewQuestions);
  const t = tenant(shop.id, shop.shopifyDomain);
  const asked = await questions.forProduct(t, { productId: null });
  const checked = questions.check(asked, { [`q${q.id}`]: 'm' }, 'en');
  expect(checked).toEqual({ answers: [{ questionId: q.id, values: ['m'] }], errors: {} });
  expect(questions.check(asked, { [`q${q.id}`]: 'xl' }, 'en').errors).toEqual({ [`q${q.id}`]: 'Please choose one of the answers' });
  await knex.transaction((trx) => questions.record(trx, t, { id: 9001, productId: null, published: true }, checked.answers));

  // the database refuses to rewrite an answer, whoever asks
  await expect(
    knex('review_answers')
      .where({ shop_id: shop.id })
      .update({ answer_values: ['l'] }),
  ).rejects.toThrow(/cannot be changed/);
  expect((await questions.answersOf(t, [9001])).get(9001)).toEqual([{ questionId: q.id, label: 'Size bought', values: ['m'], valueLabels: ['M'] }]);

  expect((await http.get(`/api/review-questions/${q.id}`)).body.answerCount).toBe(1);
  const kind = await http.put(`/api/review-questions/${q.id}`, { ...q, kind: 'multiple' });
  expect(kind.status).toBe(400);
  expect(kind.body.errors.kind).toBe('This question has answers: its kind cannot change');
  const dropped = await http.put(`/api/review-questions/${q.id}`, { ...q, options: q.options.slice(0, 2) });
  expect(dropped.status).toBe(400);
  expect(dropped.body.errors.options).toBe('This question has answers: its choices can be renamed or added, not removed');

  expect((await http.delete(`/api/review-questions/${q.id}`)).body).toEqual({ id: q.id, deleted: false, archived: true });
  expect((await http.delete(`/api/review-questions/${unused.id}`)).body).toEqual({ id: unused.id, deleted: true, archived: false });
  expect((await http.get('/api/review-questions')).body.items).toEqual([]);
  const archived = await http.get(`/api/review-questions?filter=${encodeURIComponent('{"archived":true}')}`);
  expect(archived.body.items.map((x: { id: number; archived: boolean }) => [x.id, x.archived])).toEqual([[q.id, true]]);
  // an archived question is no longer asked, and its answers stay
  expect(await questions.forProduct(t, { productId: null })).toEqual([]);
  expect((await questions.answersOf(t, [9001])).get(9001)?.[0].values).toEqual(['m']);
});

test("the public API's reviews carry their answers, with the labels the form showed; a review without answers has none", async () => {
  const { shop, token } = await createShop(api, { plan: 'enterprise', installedAt: new Date('2025-01-01') });
  const admin = client(api.url, token);
  const key = await admin.post('/api/api-keys', { name: 'Integration', scopes: ['reviews:read', 'reviews:write'] });
  expect(key.status).toBe(201);
  const http = client(api.url, key.body.key);
  const { body: q } = await admin.post('/api/review-questions', { kind: 'yesno', label: 'Would you recommend it?', recommend: true });
  const review = { productId: '7982301', rating: 5, content: 'Lovely fabric.', firstName: 'Ada', email: 'ada@example.com' };
  const answered = await http.post('/api/public/v1/reviews', review);
  const plain = await http.post('/api/public/v1/reviews', { ...review, email: 'bo@example.com' });
  expect([answered.status, plain.status]).toEqual([201, 201]);
  const { knex, tenant, capabilities } = api.runtime.services;
  const t = tenant(shop.id, shop.shopifyDomain);
  await knex.transaction((trx) =>
    capabilities
      .require(ReviewQuestions)
      .record(trx, t, { id: answered.body.id, productId: answered.body.productId, published: true }, [{ questionId: q.id, values: ['yes'] }]),
  );

  const one = await http.get(`/api/public/v1/reviews/${answered.body.id}`);
  expect(one.body.answers).toEqual([{ questionId: q.id, question: 'Would you recommend it?', values: ['yes'], labels: ['Yes'] }]);
  const list = await http.get('/api/public/v1/reviews');
  const byId = new Map(list.body.items.map((r: { id: number; answers?: unknown }) => [r.id, r.answers]));
  expect(byId.get(answered.body.id)).toHaveLength(1);
  expect(byId.get(plain.body.id)).toBeUndefined();
});

test("analytics' rating screen shows how reviewers answered each question in the period, and another shop's answers never", async () => {
  const { shop, token } = await createShop(api, { plan: 'enterprise', installedAt: new Date('2025-01-01') });
  const other = await createShop(api, { plan: 'enterprise', installedAt: new Date('2025-01-01') });
  const admin = client(api.url, token);
  const { body: q } = await admin.post('/api/review-questions', { kind: 'single', label: 'Size bought', options: [{ label: 'S' }, { label: 'M' }] });
  const { knex, tenant, capabilities } = api.runtime.services;
  const questions = capabilities.require(ReviewQuestions);
  const t = tenant(shop.id, shop.shopifyDomain);
  await knex.transaction(async (trx) => {
    await questions.record(trx, t, { id: 7001, productId: null, published: true }, [{ questionId: q.id, values: ['m'] }]);
    await questions.record(trx, t, { id: 7002, productId: null, published: false }, [{ questionId: q.id, values: ['m'] }]);
    await questions.record(trx, t, { id: 7003, productId: null, published: true }, [{ questionId: q.id, values: ['s'] }]);
  });

  const rating = await admin.get('/api/analytics/rating?period=7d');
  expect(rating.status).toBe(200);
  expect(rating.body.questions).toHaveLength(1);
  expect(rating.body.questions[0]).toMatchObject({ question: { id: q.id, label: 'Size bought' }, total: 3 });
  expect(rating.body.questions[0].counts.map((c: { label: string; count: number }) => [c.label, c.count])).toEqual([
    ['S', 1],
    ['M', 2],
  ]);
  // a period without answers, and another shop
  expect((await admin.get('/api/analytics/rating?from=2025-01-01&to=2025-01-31')).body.questions).toEqual([]);
  expect((await client(api.url, other.token).get('/api/analytics/rating?period=7d')).body.questions).toEqual([]);
});
