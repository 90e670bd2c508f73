// The storefront Q&A block through the app proxy: published questions with published answers only,
// in the shopper's language (?locale=, else the shop's, else English), search, "more", helpful votes
// once per shopper, hostile text inert, a form post without script, and the block's script.
import { startPlatformStack } from '@plaudit/kernel/testing';
import { json, question, shopWithProducts, signedProxy, type Shop, type Stack, viaStorefront } from './helpers';

jest.setTimeout(90_000);
let stack: Stack;
beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(() => stack?.close());

let ip = 0;
async function ask(shop: Shop, productId: string, text: string) {
  const res = await signedProxy(stack, shop.domain, 'questions', { ...json(question(productId, { question: text })), ip: `198.18.0.${++ip}` });
  return (await res.json()).data.id as number;
}

const block = async (shop: Shop, query: Record<string, string>) => {
  const res = await signedProxy(stack, shop.domain, 'questions/block', { query });
  expect(res.status).toBe(200);
  return res.text();
};

test("the block shows published questions with published answers only, in the shopper's language, with hostile text inert", async () => {
  const shop = await shopWithProducts(stack);
  const [mug, other] = shop.products;
  const answered = await ask(shop, mug.id, 'Is it <img src=x onerror=alert(1)> microwave safe?');
  const publishedOnly = await ask(shop, mug.id, 'What colours are there?');
  await ask(shop, mug.id, 'A held question nobody should see');
  const elsewhere = await ask(shop, other.id, 'A question about another product');
  await shop.http.put(`/api/questions/${answered}/answer`, { body: 'Yes. <script>alert(2)</script>' });
  await shop.http.post('/api/questions/bulk/publish', { ids: [publishedOnly, elsewhere] });

  const numericId = mug.id.split('/').pop()!;
  const html = await block(shop, { product_id: numericId, locale: 'de-DE' });
  expect(html).toContain('<section id="plaudit-questions" class="plq" lang="de"');
  expect(html).toContain('Fragen &amp; Antworten');
  expect(html).toContain('Noch nicht beantwortet');
  expect(html).toContain('Shop-Inhaber');
  expect(html).toContain('Is it &lt;img src=x onerror=alert(1)&gt; microwave safe?');
  expect(html).toContain('Yes. &lt;script&gt;alert(2)&lt;/script&gt;');
  expect(html).not.toMatch(/<img src=x|<script>alert/);
  expect(html).toContain('What colours are there?');
  expect(html).not.toContain('A held question');
  expect(html).not.toContain('another product');
  // a language without a catalog gets the shop's primary language; Hindi and Vietnamese have theirs
  expect(await block(shop, { product_id: numericId, locale: 'sv-SE' })).toContain('Questions &amp; answers');
  expect(await block(shop, { product_id: numericId, locale: 'hi' })).toContain('सवाल और जवाब');
  expect(await block(shop, { product_id: numericId, locale: 'vi' })).toContain('Hỏi &amp; đáp');
  // search reads questions and answers
  const search = await block(shop, { product_id: numericId, q: 'microwave', fragment: 'list' });
  expect(search).toContain('microwave safe');
  expect(search).not.toContain('colours');
  expect(await block(shop, { product_id: numericId, q: 'zzz', fragment: 'list' })).toContain('No questions match your search.');
  // through the storefront's own proxy, as a theme loads it
  const viaTheme = await viaStorefront(stack, shop.domain, `questions/block?product_id=${numericId}&locale=fr`);
  expect(await viaTheme.text()).toContain('Questions et réponses');
});

test('more questions come ten at a time', async () => {
  const shop = await shopWithProducts(stack);
  const product = shop.products[2];
  const asked = [];
  for (let i = 0; i < 12; i++) asked.push(await ask(shop, product.id, `Paged question ${i}?`));
  await shop.http.post('/api/questions/bulk/publish', { ids: asked });
  const first = await block(shop, { product_id: product.id, scripts: '0' });
  expect(first.match(/class="plq-q"/g)).toHaveLength(10);
  expect(first).not.toContain('<script');
  const after = /data-more href="[^"]*after=([^"&]+)/.exec(first)![1];
  const rest = await block(shop, { product_id: product.id, after, fragment: 'list' });
  expect(rest.match(/class="plq-q"/g)).toHaveLength(2);
  expect(rest).toContain('Paged question 0?');
  expect(rest).not.toContain('data-more');
});

test('helpful votes count once per shopper; held questions and bad targets cannot be voted for', async () => {
  const shop = await shopWithProducts(stack);
  const product = shop.products[0];
  const q = await ask(shop, product.id, 'Does it come gift-wrapped?');
  const held = await ask(shop, product.id, 'Held one?');
  const answer = (await shop.http.put(`/api/questions/${q}/answer`, { body: 'It does.' })).body.answers[0].id;
  const vote = (target: string, from: string) => signedProxy(stack, shop.domain, 'questions/helpful', { ...json({ target }), ip: from });
  expect(await (await vote(`a:${answer}`, '203.0.113.50')).json()).toEqual({ success: true, data: { helpfulCount: 1 } });
  expect((await (await vote(`a:${answer}`, '203.0.113.50')).json()).data.helpfulCount).toBe(1);
  expect((await (await vote(`a:${answer}`, '203.0.113.51')).json()).data.helpfulCount).toBe(2);
  expect((await (await vote(`q:${q}`, '203.0.113.50')).json()).data.helpfulCount).toBe(1);
  expect((await vote(`q:${held}`, '203.0.113.50')).status).toBe(404);
  expect((await vote('x:1', '203.0.113.50')).status).toBe(400);
  const other = await shopWithProducts(stack);
  expect((await signedProxy(stack, other.domain, 'questions/helpful', { ...json({ target: `q:${q}` }) })).status).toBe(404);
  expect(await block(shop, { product_id: product.id })).toContain('Helpful (2)');
});

test("without script: the form posts and answers with a page; the block's script is served", async () => {
  const shop = await shopWithProducts(stack);
  const product = shop.products[0];
  const form = (fields: Record<string, string>) =>
    viaStorefront(stack, shop.domain, 'questions?locale=es', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  const sent = await form({ productId: product.id.split('/').pop()!, name: 'Lola', email: 'lola@example.com', question: '¿Es apta para lavavajillas?' });
  expect(sent.status).toBe(201);
  expect(await sent.text()).toContain('¡Gracias! Tu pregunta se ha enviado.');
  const refused = await form({ productId: product.id, name: '', email: 'lola@example.com', question: '¿Y el microondas?' });
  expect(refused.status).toBe(400);
  expect(await refused.text()).toContain('Este campo es obligatorio');
  expect((await shop.http.get('/api/questions')).body.items).toHaveLength(1);

  const script = await viaStorefront(stack, shop.domain, 'questions/script.js');
  expect(script.status).toBe(200);
  expect(script.headers.get('content-type')).toContain('javascript');
  const code = await script.text();
  expect(code).toContain('data-pl-questions');
  expect(code.length).toBeLessThan(6000);
});
