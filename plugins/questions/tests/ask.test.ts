// Asking on the storefront through the app proxy: a good question (held for the merchant, who is
// mailed at once), the honeypot, the rate limit, bad input worded in the shopper's language, another
// shop's product, an unsigned request, and the plan gate. Real PostgreSQL, Temporal, worker and SMTP sink.
import { eventually, startPlatformStack, updateShop } from '@plaudit/kernel/testing';
import { json, mailHtml, mailOfShop, question, shopWithProducts, signedProxy, type Stack, viaStorefront } from './helpers';

jest.setTimeout(90_000);
let stack: Stack;
beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(() => stack?.close());

test('a shopper asks through the storefront: 201, held for the merchant, who is mailed the question at once', async () => {
  const shop = await shopWithProducts(stack);
  const product = shop.products[0];
  const asked = question(product.id.split('/').pop()!, { name: 'Quinn <b>Bold</b>', question: 'Does it <script>alert(1)</script> fit?' });
  const res = await viaStorefront(stack, shop.domain, 'questions', json(asked));
  expect(res.status).toBe(201);
  const body = await res.json();
  expect(body).toEqual({ success: true, data: { id: expect.any(Number), status: 'pending' } });

  const list = await shop.http.get('/api/questions');
  expect(list.status).toBe(200);
  expect(list.body.items).toEqual([
    expect.objectContaining({
      id: body.data.id,
      productId: product.id,
      productTitle: product.title,
      askerName: 'Quinn <b>Bold</b>',
      askerEmail: asked.email,
      status: 'pending',
      answers: [],
    }),
  ]);

  const [mail] = await eventually(async () => mailOfShop(shop.domain).length > 0 && mailOfShop(shop.domain));
  expect(mail.envelopeTo).toEqual([shop.shop.email]);
  expect(mail.subject).toBe(`New question about ${product.title}`);
  const html = mailHtml(mail.file);
  expect(html).toContain('Does it &lt;script&gt;alert(1)&lt;/script&gt; fit?');
  expect(html).not.toContain('<script>alert(1)');
  expect(html).toContain(`/questions/${body.data.id}`);
});

test('a bot that fills the honeypot is thanked and nothing is kept', async () => {
  const shop = await shopWithProducts(stack);
  const res = await signedProxy(stack, shop.domain, 'questions', json(question(shop.products[0].id, { website: 'http://spam.example' })));
  expect(res.status).toBe(201);
  expect((await res.json()).data).toEqual({ id: 0, status: 'pending' });
  expect((await shop.http.get('/api/questions')).body.items).toEqual([]);
});

test("bad input: a 400 with every field's message, in the shopper's language when the block names it", async () => {
  const shop = await shopWithProducts(stack);
  const empty = await signedProxy(stack, shop.domain, 'questions', json({}));
  expect(empty.status).toBe(400);
  expect((await empty.json()).errors).toEqual({
    productId: 'This field is required',
    name: 'This field is required',
    email: 'This field is required',
    question: 'This field is required',
  });
  const bad = await signedProxy(
    stack,
    shop.domain,
    'questions',
    json({ productId: 'gid://shopify/Order/1', name: 'x'.repeat(101), email: 'not-an-email', question: 'x'.repeat(1001) }),
  );
  expect((await bad.json()).errors).toEqual({
    productId: 'The value is invalid',
    name: 'The value is invalid',
    email: 'Invalid email',
    question: 'The value is invalid',
  });
  const german = await signedProxy(stack, shop.domain, 'questions', {
    ...json({ productId: shop.products[0].id, name: 'A', email: 'nope', question: 'Passt das?' }),
    query: { locale: 'de-CH' },
  });
  expect((await german.json()).errors).toEqual({ email: 'Ungültige E-Mail-Adresse' });
  const notJson = await signedProxy(stack, shop.domain, 'questions', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' });
  expect(notJson.status).toBe(415);
  expect((await shop.http.get('/api/questions')).body.items).toEqual([]);
});

test('a product of another shop is refused; an unsigned request is not answered', async () => {
  const shop = await shopWithProducts(stack);
  const other = await shopWithProducts(stack);
  const res = await signedProxy(stack, shop.domain, 'questions', json(question(other.products[0].id)));
  expect(res.status).toBe(400);
  expect((await res.json()).errors).toEqual({ productId: 'The value is invalid' });
  const unsigned = await fetch(`${stack.appUrl}/storefront/proxy/questions?shop=${shop.domain}`, json(question(shop.products[0].id)));
  expect(unsigned.status).toBe(401);
  expect((await shop.http.get('/api/questions')).body.items).toEqual([]);
  expect((await other.http.get('/api/questions')).body.items).toEqual([]);
});

test('one address may ask five questions in ten minutes; the sixth gets 429 with Retry-After', async () => {
  const shop = await shopWithProducts(stack);
  const ask = () => signedProxy(stack, shop.domain, 'questions', { ...json(question(shop.products[1].id)), ip: '198.51.100.77' });
  for (let i = 0; i < 5; i++) expect((await ask()).status).toBe(201);
  const refused = await ask();
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await refused.json()).message).toBe('Too many questions were sent from here. Please try again in a few minutes.');
  // another shopper is not held back
  expect((await signedProxy(stack, shop.domain, 'questions', { ...json(question(shop.products[1].id)), ip: '198.51.100.78' })).status).toBe(201);
});

test('spam is held even when the merchant publishes questions at once', async () => {
  const shop = await shopWithProducts(stack);
  expect((await shop.http.put('/api/questions/settings', { autoPublish: true })).status).toBe(200);
  const ok = await signedProxy(stack, shop.domain, 'questions', json(question(shop.products[0].id)));
  expect((await ok.json()).data.status).toBe('published');
  const spam = await signedProxy(
    stack,
    shop.domain,
    'questions',
    json(question(shop.products[0].id, { question: 'Cheap casino at http://a.example and http://b.example' })),
  );
  expect((await spam.json()).data.status).toBe('pending');
  expect((await shop.http.put('/api/questions/settings', { notifyEmail: 'nope' })).body.errors).toEqual({ notifyEmail: 'Invalid email' });
});

test('below the second tier: asking is refused, the block is empty, the admin calls answer PLAN_TIER_TOO_LOW', async () => {
  const shop = await shopWithProducts(stack);
  await updateShop(stack.api, shop.shop.id, { plan: 'pro', installedAt: new Date('2025-01-01') });
  const res = await signedProxy(stack, shop.domain, 'questions', json(question(shop.products[0].id)));
  expect(res.status).toBe(403);
  expect((await res.json()).message).toBe('Questions are not available for this store');
  const block = await signedProxy(stack, shop.domain, 'questions/block', { query: { product_id: shop.products[0].id } });
  expect(block.status).toBe(200);
  expect(await block.text()).toBe('');
  const list = await shop.http.get('/api/questions');
  expect(list.status).toBe(403);
  expect(list.body).toMatchObject({ code: 'PLAN_TIER_TOO_LOW', tier: 'second' });
});
