// The merchant's moderation list and answer editor over HTTP: tabs, search, cursor paging, bulk
// publish / unpublish / delete, another shop's ids matching nothing, refusals as 400s, and the
// answer published with its question and mailed to the asker in the language they asked in.
import { eventually, startPlatformStack } from '@plaudit/kernel/testing';
import { json, mailHtml, mailTo, question, shopWithProducts, signedProxy, type Shop, type Stack } from './helpers';

jest.setTimeout(90_000);
let stack: Stack;
beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(() => stack?.close());

let ip = 0;
/** A question asked from its own address (the per-address budget stays apart). */
async function ask(shop: Shop, extra: Record<string, unknown> = {}, locale?: string) {
  const asked = question(shop.products[0].id, extra);
  const res = await signedProxy(stack, shop.domain, 'questions', { ...json(asked), ip: `192.0.2.${++ip}`, query: locale ? { locale } : {} });
  expect(res.status).toBe(201);
  return { ...asked, id: (await res.json()).data.id as number };
}

const ids = (items: { id: number }[]) => items.map((q) => q.id);
const list = (shop: Shop, params: Record<string, string> = {}) => shop.http.get(`/api/questions?${new URLSearchParams(params)}`);
const tab = async (shop: Shop, name: string, q?: string) =>
  ids((await list(shop, { limit: '100', filter: JSON.stringify({ tab: name, ...(q ? { q } : {}) }) })).body.items);

test("tabs, search, cursor paging and the bulk actions; another shop's ids match nothing", async () => {
  const shop = await shopWithProducts(stack);
  const asked = [];
  for (let i = 0; i < 11; i++) asked.push(await ask(shop, { question: `Question number ${i}?` }));
  asked.push(await ask(shop, { question: 'Is the velvet 100% cotton?', name: 'Vera Velvet' }));
  const newestFirst = ids(asked).reverse();

  const first = await list(shop, { limit: '10', sort: '-createdAt' });
  expect(first.status).toBe(200);
  expect(ids(first.body.items)).toEqual(newestFirst.slice(0, 10));
  expect(first.body.pageInfo).toEqual({ nextCursor: expect.any(String), hasNextPage: true });
  const second = await list(shop, { limit: '10', cursor: first.body.pageInfo.nextCursor });
  expect(ids(second.body.items)).toEqual(newestFirst.slice(10));
  expect(second.body.pageInfo).toEqual({ nextCursor: null, hasNextPage: false });
  expect(ids((await list(shop, { limit: '20', sort: 'createdAt' })).body.items)).toEqual(ids(asked));

  // search: the question, the asker's name and the literal % sign
  expect(await tab(shop, 'all', 'velvet')).toEqual([asked[11].id]);
  expect(await tab(shop, 'all', '100%')).toEqual([asked[11].id]);
  expect(await tab(shop, 'all', 'number 1')).toEqual([asked[10].id, asked[1].id]);

  const publish = await shop.http.post('/api/questions/bulk/publish', { ids: [asked[0].id, asked[1].id, asked[2].id] });
  expect(publish.body).toEqual({ success: true, count: 3 });
  expect(await tab(shop, 'published')).toEqual([asked[2].id, asked[1].id, asked[0].id]);
  expect(await tab(shop, 'unpublished')).toHaveLength(9);
  expect(await tab(shop, 'unanswered')).toHaveLength(12);
  expect((await shop.http.post('/api/questions/bulk/unpublish', { ids: [asked[1].id] })).body.count).toBe(1);
  expect(await tab(shop, 'published')).toEqual([asked[2].id, asked[0].id]);
  expect((await shop.http.post('/api/questions/bulk/delete', { ids: [asked[3].id, asked[4].id] })).body.count).toBe(2);
  expect(await tab(shop, 'all')).toHaveLength(10);
  expect((await shop.http.delete(`/api/questions/${asked[5].id}`)).status).toBe(200);
  expect((await shop.http.get(`/api/questions/${asked[5].id}`)).status).toBe(404);

  const other = await shopWithProducts(stack);
  expect((await other.http.post('/api/questions/bulk/delete', { ids: [asked[6].id] })).body.count).toBe(0);
  expect((await other.http.get(`/api/questions/${asked[6].id}`)).status).toBe(404);
  expect((await other.http.put(`/api/questions/${asked[6].id}/answer`, { body: 'Not yours' })).status).toBe(404);
  expect((await other.http.delete(`/api/questions/${asked[6].id}`)).status).toBe(404);
  expect(await tab(other, 'all')).toEqual([]);
  expect(await tab(shop, 'all')).toHaveLength(9);
});

test('bad list and action input gets a 400 with the field named, never a 500', async () => {
  const shop = await shopWithProducts(stack);
  const refusals: [Promise<{ status: number; body: { errors?: Record<string, string> } }>, string][] = [
    [list(shop, { limit: '7' }), 'limit'],
    [list(shop, { sort: 'title' }), 'sort'],
    [list(shop, { cursor: 'not-a-cursor' }), 'cursor'],
    [list(shop, { filter: '{nope' }), 'filter'],
    [list(shop, { filter: JSON.stringify({ tab: 'trash' }) }), 'tab'],
    [shop.http.post('/api/questions/bulk/publish', { ids: [] }), 'ids'],
    [shop.http.post('/api/questions/bulk/publish', { ids: ['x'] }), 'ids.0'],
    [shop.http.put('/api/questions/settings', { autoPublish: 'yes' }), 'autoPublish'],
  ];
  for (const [call, field] of refusals) {
    const res = await call;
    expect([field, res.status, Object.keys(res.body.errors ?? {})]).toEqual([field, 400, [field]]);
  }
  expect((await shop.http.post('/api/questions/bulk/explode', { ids: [1] })).status).toBe(404);
  expect((await shop.http.get('/api/questions/abc')).status).toBe(404);
});

test('answering publishes the answer with its question and mails the asker, in their language, a link back to the product', async () => {
  const shop = await shopWithProducts(stack);
  const product = shop.products[0];
  const asked = await ask(shop, { question: 'Geht die Tasse in die Spülmaschine?' }, 'de-DE');
  const empty = await shop.http.put(`/api/questions/${asked.id}/answer`, { body: '  ' });
  expect(empty.status).toBe(400);
  expect(empty.body.errors).toEqual({ body: 'This field is required' });

  const res = await shop.http.put(`/api/questions/${asked.id}/answer`, { body: 'Ja, <b>spülmaschinenfest</b>.' });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    id: asked.id,
    status: 'published',
    answers: [{ author: 'merchant', authorName: shop.shop.name, body: 'Ja, <b>spülmaschinenfest</b>.', status: 'published' }],
  });
  expect(await tab(shop, 'unanswered')).toEqual([]);
  expect(await tab(shop, 'published')).toEqual([asked.id]);

  const [mail] = await eventually(async () => mailTo(asked.email).length > 0 && mailTo(asked.email));
  expect(mail.subject).toBe(`Ihre Frage zu ${product.title} wurde beantwortet`);
  const html = mailHtml(mail.file);
  expect(html).toContain('Ja, &lt;b&gt;spülmaschinenfest&lt;/b&gt;.');
  expect(html).toContain('Geht die Tasse in die Spülmaschine?');
  // the storefront's own domain (the shop's public one), the product's page, the block on it
  expect(html).toMatch(new RegExp(`href="https://[^"/]+/products/${product.handle}#plaudit-questions"`));

  // an edit changes the answer shown, without a second mail (one per answer)
  const edited = await shop.http.put(`/api/questions/${asked.id}/answer`, { body: 'Ja, bis 60 °C.' });
  expect(edited.body.answers).toEqual([expect.objectContaining({ body: 'Ja, bis 60 °C.' })]);
  const again = await ask(shop, { email: asked.email, question: 'Und in die Mikrowelle?' }, 'de');
  await shop.http.put(`/api/questions/${again.id}/answer`, { body: 'Ja.' });
  const both = await eventually(async () => mailTo(asked.email).length >= 2 && mailTo(asked.email));
  expect(both).toHaveLength(2);
});

test("a customer's answer waits for the merchant: published it counts as an answer and mails the asker; deleted it is gone", async () => {
  const shop = await shopWithProducts(stack);
  const asked = await ask(shop, { question: 'Does the lid seal?' });
  await shop.http.post('/api/questions/bulk/publish', { ids: [asked.id] });
  // a community answer as the invitation's answer page stores it (the whole flow: community.test.ts)
  const tenant = stack.api.runtime.services.tenant(shop.shop.id, shop.domain);
  const [{ id: answerId }] = await tenant
    .insertInto('question_answers', {
      questionId: asked.id,
      author: 'community',
      authorName: 'Bo Buyer',
      authorEmail: 'bo@example.com',
      body: 'Mine does, tightly.',
      status: 'pending',
    })
    .returning('id');
  expect(await tab(shop, 'unanswered')).toEqual([asked.id]);

  const published = await shop.http.put(`/api/questions/${asked.id}/answers/${answerId}`, { status: 'published' });
  expect(published.body.answers).toEqual([expect.objectContaining({ id: answerId, author: 'community', status: 'published' })]);
  expect(await tab(shop, 'unanswered')).toEqual([]);
  const [mail] = await eventually(async () => mailTo(asked.email).length > 0 && mailTo(asked.email));
  expect(mailHtml(mail.file)).toContain('A customer answered the question you asked about');
  expect((await shop.http.put(`/api/questions/${asked.id}/answers/${answerId}`, { status: 'hidden' })).status).toBe(400);
  const other = await shopWithProducts(stack);
  expect((await other.http.put(`/api/questions/${asked.id}/answers/${answerId}`, { status: 'unpublished' })).status).toBe(404);

  expect((await shop.http.delete(`/api/questions/${asked.id}/answers/${answerId}`)).body.answers).toEqual([]);
  expect(await tab(shop, 'unanswered')).toEqual([asked.id]);
  expect((await shop.http.delete(`/api/questions/${asked.id}/answers/${answerId}`)).status).toBe(404);
});
