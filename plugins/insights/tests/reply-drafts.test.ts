// Drafted replies on the real stack (PostgreSQL, the API, the reviews plugin's capabilities) with the
// integrations emulator standing in for OpenAI and Anthropic, reached over loopback only:
// - a 2-star review gets the offline draft: thanks, the problem acknowledged, contact offered at the
//   shop's support address, no request to change the review; nothing is stored or sent;
// - with the OpenAI-compatible provider and with Anthropic, the draft is the model's: the emulator
//   received the review's text and the key in the vendor's header; the tokens it reported are counted
//   for the month, and once they pass the budget drafts fall back to the offline one, calling nothing;
// - the key is sealed at rest and never answered; a wrong key, the vendor's rate limit, an unreachable
//   server and a model draft asking to change the review each give the offline draft with the reason (200);
// - another shop sees neither the review nor the settings; bad input is a 400.
import { client, createShop, startIntegrationsEmulator, startTestApi, type RunningIntegrationsEmulator, type TestApi } from '@plaudit/kernel/testing';

let api: TestApi;
let vendors: RunningIntegrationsEmulator;
beforeAll(async () => {
  vendors = await startIntegrationsEmulator({ port: 0 });
  api = await startTestApi({ INTEGRATIONS_BASE_URL: vendors.url });
});
afterAll(async () => {
  await api?.close();
  await vendors?.stop();
});

const PRODUCT = 'gid://shopify/Product/3601';
const COMPLAINT = 'The delivery took three weeks and the box arrived crushed.';
const draftPath = (id: number) => `/api/insights/reviews/${id}/reply-draft`;
/** any verb of changing or removing: an offline draft has none */
const CHANGE = /\b(chang|updat|edit|revis|remov|delet|withdraw|reconsider)/i;

async function shopWithReview(rating = 2, content = COMPLAINT) {
  const { shop, token } = await createShop(api, { plan: 'advanced', name: 'Maple & Co', installedAt: new Date('2025-01-01') });
  const http = client(api.url, token);
  const created = await http.post('/api/reviews', { rating, content, productId: PRODUCT, firstName: 'Sam', status: 'published' });
  expect(created.status).toBe(201);
  return { shop, http, reviewId: created.body.id as number };
}

const modelCalls = (vendor: string) => vendors.received.filter((r) => r.vendor === vendor && r.method === 'POST');

test('a 2-star review: the offline draft acknowledges the problem and offers contact, never asks to change the review', async () => {
  const { http, reviewId } = await shopWithReview();
  expect((await http.get(draftPath(reviewId))).body).toEqual({ source: 'offline' });

  const first = await http.post(draftPath(reviewId), {});
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ source: 'offline', language: 'en', provider: null, model: null, fallback: null });
  expect(first.body.text).toMatch(/^Hi Sam,\n\n/);
  expect(first.body.text).toContain("We're sorry to hear about the trouble with the delivery");
  expect(first.body.text).toContain('Please get in touch with our customer service');
  expect(first.body.text).toMatch(/The Maple & Co team$/);
  expect(first.body.text).not.toMatch(CHANGE);

  // the shop's support address, tone and sign-off
  const saved = await http.put('/api/insights/settings', { supportEmail: 'help@maple.example', tone: 'professional', signOff: 'Mia, Maple & Co' });
  expect(saved.status).toBe(200);
  const second = await http.post(draftPath(reviewId), { locale: 'de' });
  expect(second.body.text).toBe(
    [
      'Dear Sam,',
      "Thank you for your feedback. We're sorry to hear about the trouble with the delivery and the packaging. Please write to us at help@maple.example so we can put this right.",
      'Mia, Maple & Co',
    ].join('\n\n'),
  );
  // the review is untouched: a draft is never sent
  expect((await http.get(`/api/reviews/${reviewId}`)).body.replyContent ?? null).toBeNull();

  // a German review is answered in German; one in a language no phrasebook has, in the admin's
  const german = await http.post('/api/reviews', {
    rating: 1,
    content: 'Die Lieferung war sehr langsam und der Wasserkocher ist kaputt.',
    productId: PRODUCT,
    firstName: 'Jonas',
    status: 'published',
  });
  expect((await http.post(draftPath(german.body.id), { locale: 'fr' })).body).toMatchObject({
    language: 'de',
    text: expect.stringMatching(/^Guten Tag Jonas,/),
  });
  const swedish = await http.post('/api/reviews', {
    rating: 2,
    content: 'Vattenkokaren läcker och leveransen var sen, tyvärr.',
    productId: PRODUCT,
    firstName: 'Eva',
    status: 'published',
  });
  expect((await http.post(draftPath(swedish.body.id), { locale: 'pt-BR' })).body).toMatchObject({
    language: 'pt',
    text: expect.stringMatching(/^Prezado\(a\) Eva,/),
  });
});

test('OpenAI-compatible: the model writes the draft from the review, with the key; usage counted; past the budget, the offline draft', async () => {
  const { shop, http, reviewId } = await shopWithReview();
  vendors.control('openai', 'key', { key: 'sk-maple-1' });
  vendors.control('openai', 'reply', { text: 'Hi Sam, we are so sorry about the crushed box. Please write to help@maple.example.\n\nMaple & Co' });
  const put = await http.put('/api/insights/settings', {
    provider: 'openai',
    baseUrl: 'https://api.openai.com/v1',
    model: 'gpt-4o-mini',
    apiKey: 'sk-maple-1',
  });
  expect(put.status).toBe(200);
  expect(put.body).toMatchObject({ provider: 'openai', hasKey: true, model: 'gpt-4o-mini', monthlyTokenBudget: 100_000 });
  expect(JSON.stringify(put.body)).not.toContain('sk-maple-1');
  expect(JSON.stringify((await http.get('/api/insights/settings')).body)).not.toContain('sk-maple-1');
  // sealed at rest like the SMTP password
  const row = await api.knex('insight_settings').where({ shopId: shop.id }).first();
  expect(row.apiKeySealed).toMatch(/^v1:/);
  expect(row.apiKeySealed).not.toContain('sk-maple-1');

  expect((await http.get(draftPath(reviewId))).body).toEqual({ source: 'model' });
  const before = modelCalls('openai').length;
  const drafted = await http.post(draftPath(reviewId), {});
  expect(drafted.status).toBe(200);
  expect(drafted.body).toEqual({
    text: 'Hi Sam, we are so sorry about the crushed box. Please write to help@maple.example.\n\nMaple & Co',
    language: 'en',
    source: 'model',
    provider: 'openai',
    model: 'gpt-4o-mini',
    fallback: null,
  });
  const calls = modelCalls('openai').slice(before);
  expect(calls).toHaveLength(1);
  expect(calls[0]).toMatchObject({ host: 'api.openai.com', path: '/v1/chat/completions', status: 200 });
  expect(calls[0].headers.authorization).toBe('Bearer sk-maple-1');
  const sent = JSON.parse(calls[0].body);
  expect(sent.model).toBe('gpt-4o-mini');
  expect(sent.messages[1].content).toContain(COMPLAINT);
  expect(sent.messages[0].content).toContain('Never ask or suggest that the customer change');

  // the tokens the vendor reported, counted for the month
  const reported = vendors.control('openai', 'usage', { key: 'sk-maple-1' }) as { inputTokens: number; outputTokens: number };
  const { usage } = (await http.get('/api/insights/settings')).body;
  expect(usage).toMatchObject({ inputTokens: reported.inputTokens, outputTokens: reported.outputTokens, calls: 1 });

  // a budget the month has reached: the offline draft, the model not called
  const spent = usage.inputTokens + usage.outputTokens;
  expect((await http.put('/api/insights/settings', { monthlyTokenBudget: spent })).status).toBe(200);
  const fallback = await http.post(draftPath(reviewId), {});
  expect(fallback.body).toMatchObject({ source: 'offline', fallback: 'budget', provider: null });
  expect(fallback.body.text).toContain("We're sorry to hear about the trouble with the delivery");
  expect(modelCalls('openai').length).toBe(before + 1);
  // more budget: the model again, and the month's count grows by what it reported
  expect((await http.put('/api/insights/settings', { monthlyTokenBudget: spent + 10_000 })).status).toBe(200);
  expect((await http.post(draftPath(reviewId), {})).body.source).toBe('model');
  expect((await http.get('/api/insights/settings')).body.usage.calls).toBe(2);
});

test('Anthropic: the model writes the draft with x-api-key and anthropic-version; usage counted', async () => {
  const { http, reviewId } = await shopWithReview(1, 'Broke after a day. The lid does not close and it leaks everywhere.');
  vendors.control('anthropic', 'key', { key: 'sk-ant-maple' });
  vendors.control('anthropic', 'reply', { text: 'Dear Sam, we are very sorry the kettle leaks. Please contact us so we can help.\n\nMaple & Co' });
  const put = await http.put('/api/insights/settings', { provider: 'anthropic', model: 'claude-haiku-4-5', apiKey: 'sk-ant-maple', monthlyTokenBudget: 5000 });
  expect(put.status).toBe(200);
  expect(put.body).toMatchObject({ provider: 'anthropic', baseUrl: null, hasKey: true });
  const before = modelCalls('anthropic').length;
  const drafted = await http.post(draftPath(reviewId), {});
  expect(drafted.body).toMatchObject({ source: 'model', provider: 'anthropic', model: 'claude-haiku-4-5', fallback: null });
  expect(drafted.body.text).toContain('we are very sorry the kettle leaks');
  const [call] = modelCalls('anthropic').slice(before);
  expect([call.path, call.headers['x-api-key'], call.headers['anthropic-version']]).toEqual(['/v1/messages', 'sk-ant-maple', '2023-06-01']);
  const sent = JSON.parse(call.body);
  expect(sent).toMatchObject({ model: 'claude-haiku-4-5', max_tokens: 400, system: expect.stringContaining('acknowledge the problem') });
  expect(sent.messages[0].content).toContain('The lid does not close and it leaks everywhere.');
  const reported = vendors.control('anthropic', 'usage', { key: 'sk-ant-maple' }) as { inputTokens: number; outputTokens: number };
  expect((await http.get('/api/insights/settings')).body.usage).toMatchObject({
    inputTokens: reported.inputTokens,
    outputTokens: reported.outputTokens,
    calls: 1,
  });
});

test('a wrong key, the rate limit, an unreachable server, a draft asking to change the review: the offline draft and why (never a 5xx)', async () => {
  const { http, reviewId } = await shopWithReview();
  await http.put('/api/insights/settings', { provider: 'anthropic', model: 'claude-haiku-4-5', apiKey: 'sk-ant-not-registered' });
  const refused = await http.post(draftPath(reviewId), {});
  expect([refused.status, refused.body.source, refused.body.fallback]).toEqual([200, 'offline', 'credentials']);
  expect(refused.body.text).toContain('Please get in touch with our customer service');
  // a refused call reports no usage: nothing counted
  expect((await http.get('/api/insights/settings')).body.usage.calls).toBe(0);

  vendors.control('openai', 'key', { key: 'sk-maple-2' });
  await http.put('/api/insights/settings', { provider: 'openai', baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini', apiKey: 'sk-maple-2' });
  vendors.control('openai', 'throttle', { count: 1 });
  expect((await http.post(draftPath(reviewId), {})).body).toMatchObject({ source: 'offline', fallback: 'rate-limited' });

  vendors.control('openai', 'reply', { text: "We're sorry! Once your refund arrives, could you update your review to 5 stars?" });
  const asking = await http.post(draftPath(reviewId), {});
  expect(asking.body).toMatchObject({ source: 'offline', fallback: 'policy' });
  expect(asking.body.text).not.toMatch(CHANGE);
  vendors.control('openai', 'reply', { text: null });

  // another server (port 1 on loopback refuses connections): the key typed for OpenAI is not sent there
  const moved = await http.put('/api/insights/settings', { baseUrl: 'http://127.0.0.1:1/v1' });
  expect(moved.body.hasKey).toBe(false);
  const unreachable = await http.post(draftPath(reviewId), {});
  expect([unreachable.status, unreachable.body.fallback]).toEqual([200, 'unavailable']);
});

test('another shop sees neither the review nor the settings; bad input is a 400', async () => {
  const { http, reviewId } = await shopWithReview();
  await http.put('/api/insights/settings', { signOff: 'Secret sign-off', supportEmail: 'help@maple.example' });
  const other = client(api.url, (await createShop(api, { plan: 'advanced' })).token);
  expect((await other.get(draftPath(reviewId))).status).toBe(404);
  expect((await other.post(draftPath(reviewId), {})).status).toBe(404);
  expect((await other.get('/api/insights/settings')).body).toMatchObject({ signOff: null, supportEmail: null, provider: 'none', hasKey: false });
  expect((await http.get('/api/insights/settings')).body.signOff).toBe('Secret sign-off');

  const bad: [string, string, unknown][] = [
    ['post', draftPath(reviewId).replace(String(reviewId), 'abc'), {}],
    ['post', draftPath(reviewId), { locale: 5 }],
    ['post', draftPath(reviewId), { locale: 'not a language' }],
    ['post', draftPath(reviewId), { unknown: 1 }],
    ['put', '/api/insights/settings', { tone: 'angry' }],
    ['put', '/api/insights/settings', { provider: 'anthropic', model: 'claude-haiku-4-5' }],
    ['put', '/api/insights/settings', { provider: 'openai', baseUrl: 'ftp://files.example/v1', model: 'm' }],
    ['put', '/api/insights/settings', { provider: 'openai', baseUrl: 'https://user:pw@api.example/v1', model: 'm' }],
    ['put', '/api/insights/settings', { provider: 'openai' }],
    ['put', '/api/insights/settings', { monthlyTokenBudget: -1 }],
    ['put', '/api/insights/settings', { monthlyTokenBudget: 1.5 }],
    ['put', '/api/insights/settings', { supportEmail: 'not an address' }],
    ['put', '/api/insights/settings', { signOff: 'x'.repeat(201) }],
    ['put', '/api/insights/settings', ['tone']],
    ['put', '/api/insights/settings', { apiKey: 'sk-1', extra: true }],
  ];
  for (const [method, path, body] of bad) {
    const res = method === 'post' ? await http.post(path, body) : await http.put(path, body);
    expect([method, path, JSON.stringify(body), res.status]).toEqual([method, path, JSON.stringify(body), 400]);
  }
  const missingKey = await http.put('/api/insights/settings', { provider: 'anthropic', model: 'claude-haiku-4-5' });
  expect(missingKey.body.errors).toEqual({ apiKey: 'This field is required' });
  // nothing of that was stored
  expect((await http.get('/api/insights/settings')).body).toMatchObject({ provider: 'none', tone: 'warm', signOff: 'Secret sign-off' });
  expect((await http.post('/api/insights/reviews/999999999/reply-draft', {})).status).toBe(404);
});
