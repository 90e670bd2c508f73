// The review page from a request email asks the product's custom questions (by its product type),
// refuses a missing required answer with the page again, and stores the answers with the review.
// Questions of another product type and of another shop never show.
import { client, startPlatformStack } from '@plaudit/kernel/testing';
import { fitQuestion, form } from './helpers';
import { ReviewWrite } from '@plaudit/contracts/reviews';
import { ReviewQuestions } from '@plaudit/contracts/review-questions';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(() => stack?.close());

test('a fit question for the product type is asked on the email review page and its answer stored with the review', async () => {
  const { domain, shop, appToken } = await stack.installShop();
  const { order } = await stack.control('/orders', { shop: domain, country: 'US' });
  const platform = stack.api.runtime.services.platform!;
  const details = await platform.adminApi(domain).order(order.admin_graphql_api_id);
  const productId = details!.lineItems.nodes[0].product!.id;
  const { product } = await platform
    .adminApi(domain)
    .graphql<{ product: { productType: string; tags: string[] } }>('query($id: ID!) { product(id: $id) { productType tags } }', { id: productId });
  const link = stack.api.runtime.services.capabilities
    .require(ReviewWrite)
    .writeUrl({ shopDomain: domain, queueEntryId: 1, orderId: String(order.id), productId, expiresInDays: 1 });
  const url = stack.appUrl + new URL(link).pathname;

  const http = client(stack.api.url, appToken);
  const fit = await http.post('/api/review-questions', fitQuestion([product.productType.toUpperCase()]));
  expect(fit.status).toBe(201);
  const uses = await http.post('/api/review-questions', {
    kind: 'multiple',
    label: 'Used for',
    options: [{ label: 'Work' }, { label: 'Travel' }],
    scope: 'tags',
    scopeValues: [product.tags[0]],
  });
  expect(uses.status).toBe(201);
  expect((await http.post('/api/review-questions', { kind: 'yesno', label: 'Does the lamp glow?', scope: 'types', scopeValues: ['Lamps'] })).status).toBe(201);
  // another shop's question, for every product
  const other = await stack.installShop();
  expect((await client(stack.api.url, other.appToken).post('/api/review-questions', { kind: 'yesno', label: 'Other shop asks' })).status).toBe(201);

  const page = await (await fetch(url)).text();
  expect(page).toContain('How does it fit?');
  expect(page).toContain('1 · Runs small');
  expect(page).toContain('5 · Runs large');
  expect(page).toContain('Used for');
  expect(page).not.toContain('Does the lamp glow?');
  expect(page).not.toContain('Other shop asks');

  // the required question unanswered: the page again, with the message beside the question and the text kept
  const missing = await fetch(url, { method: 'POST', body: form({ rating: '4', content: 'Comfortable and warm.', firstName: 'Ann' }) });
  expect(missing.status).toBe(400);
  const again = await missing.text();
  expect(again).toContain(`id="q${fit.body.id}-error">Please answer this question`);
  expect(again).toContain('Comfortable and warm.');
  // a value the question does not have
  const wrong = await fetch(url, { method: 'POST', body: form({ rating: '4', content: 'Comfortable and warm.', firstName: 'Ann', [`q${fit.body.id}`]: '9' }) });
  expect(wrong.status).toBe(400);
  expect(await wrong.text()).toContain('Please choose one of the answers');

  const sent = await fetch(url, {
    method: 'POST',
    body: form({ rating: '4', content: 'Comfortable and warm.', firstName: 'Ann', [`q${fit.body.id}`]: '2', [`q${uses.body.id}.travel`]: '1' }),
  });
  expect(sent.status).toBe(200);

  const rows = await stack.api.knex('review_answers').where({ shopId: shop.id }).orderBy('questionId');
  expect(rows.map((r) => [Number(r.questionId), r.answerValues])).toEqual([
    [fit.body.id, ['2']],
    [uses.body.id, ['travel']],
  ]);
  const t = stack.api.runtime.services.tenant(shop.id, domain);
  const answers = await stack.api.runtime.services.capabilities.require(ReviewQuestions).answersOf(t, [Number(rows[0].reviewId)]);
  expect(answers.get(Number(rows[0].reviewId))?.map((a) => a.valueLabels)).toEqual([['2'], ['Travel']]);
  expect((await http.get(`/api/review-questions/${fit.body.id}`)).body.answerCount).toBe(1);

  // Plaudit's export carries them in its last column, as the form showed them
  const exported = await fetch(`${stack.api.url}/api/imports/export?format=plaudit&type=csv`, { headers: { authorization: `Bearer ${appToken}` } });
  expect(exported.status).toBe(200);
  const csv = await exported.text();
  // a column of its own in Plaudit's export (product groups add theirs after it)
  expect(csv.split('\n')[0].trim().split(',')).toContain('answers');
  expect(csv).toContain('How does it fit?: 2 | Used for: Travel');
});

test("the QR card's page asks the product's questions, says what is missing in the shopper's language, and stores the answer", async () => {
  const { domain, shop, appToken } = await stack.installShop();
  const http = client(stack.api.url, appToken);
  const [product] = (await stack.api.runtime.services.platform!.adminApi(domain).products({ first: 1 })).nodes;
  const { body: q } = await http.post('/api/review-questions', {
    kind: 'single',
    label: 'Skin type',
    required: true,
    options: [{ label: 'Dry' }, { label: 'Oily' }],
  });
  const generated = await http.post('/api/qrcodes', { productId: product.id });
  expect(generated.status).toBe(200);
  const url = stack.appUrl + new URL(generated.body.url).pathname;

  const page = await (await fetch(url)).text();
  expect(page).toContain('Skin type');
  expect(page).toContain(`name="q${q.id}" value="dry"`);

  const review = { rating: '5', content: 'Soft on my skin.', firstName: 'Ida', email: 'ida@example.com' };
  const missing = await fetch(url, { method: 'POST', body: form(review), headers: { 'Accept-Language': 'de' } });
  expect(missing.status).toBe(400);
  const again = await missing.text();
  expect(again).toContain(`id="q${q.id}-error">Bitte beantworten Sie diese Frage`);
  expect(again).toContain('Soft on my skin.');

  const sent = await fetch(url, { method: 'POST', body: form({ ...review, [`q${q.id}`]: 'oily' }) });
  expect(sent.status).toBe(201);
  const rows = await stack.api.knex('review_answers').where({ shopId: shop.id });
  expect(rows.map((r) => [Number(r.questionId), r.answerValues])).toEqual([[q.id, ['oily']]]);
});
