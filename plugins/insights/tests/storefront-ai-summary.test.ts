// Issue 35, deliverable 5's remaining part, on the real stack (PostgreSQL, Temporal, the worker's
// durable TopicsChanged handler, the widgets' storefront routes) with the integrations emulator
// standing in for an OpenAI-compatible provider:
// - a shop with a model and "AI summary on the storefront" on: a product's box shows the model's
//   summary labelled as generated from N reviews instead of quoted sentences; the emulator received the
//   product's topic counts and real sentences of its reviews, praise and complaints; the tokens count;
// - with the setting off the box quotes sentences again (and shows the summary when turned back on);
// - the month's budget spent: a product gets no summary and its box quotes sentences, the model uncalled;
// - a model answer the guard refuses (a rating claim) is not stored: the box quotes sentences;
// - another shop sees nothing of it.
import {
  client,
  createShop,
  eventually,
  startIntegrationsEmulator,
  startTestApi,
  startTestWorker,
  type RunningIntegrationsEmulator,
  type TestApi,
  withPlugins,
} from '@plaudit/kernel/testing';

let api: TestApi;
let vendors: RunningIntegrationsEmulator;
let stopWorker: (() => Promise<void>) | undefined;
beforeAll(async () => {
  vendors = await startIntegrationsEmulator({ port: 0 });
  // a worker of this file's own, on its own task queue: the durable handler calls the emulated model too
  api = await startTestApi({ INTEGRATIONS_BASE_URL: vendors.url, TEMPORAL_TASK_QUEUE: `insights-ai-summary-${process.pid}` });
  stopWorker = await startTestWorker(api.config);
});
afterAll(async () => {
  await stopWorker?.();
  await api?.close();
  await vendors?.stop();
});

const SHIRT = 'gid://shopify/Product/3701';
const BOOTS = 'gid://shopify/Product/3702';
const SCARF = 'gid://shopify/Product/3703';
const KEY = 'sk-ai-summary-1';
const SUMMARY = 'Customers praise the soft fabric and the fit, and some find that it runs small.';
const REVIEWS: [number, string][] = [
  [5, 'The fit is perfect. The fabric feels soft.'],
  [5, 'Fits perfectly and the stitching is excellent.'],
  [2, 'The fit is terrible. It runs small.'],
  [2, 'The material is thin and scratchy.'],
];
/** the fifth review: the product reaches SUMMARY_MIN_REVIEWS (a delivery of an earlier review's event may write it too, with the same data) */
const FIFTH: [number, string] = [5, 'The fabric is soft and the quality is great.'];

async function shop() {
  const { shop: row, token } = await createShop(api, { plan: 'advanced', installedAt: new Date('2025-01-01') });
  const http = client(api.url, token);
  const domain = row.shopifyDomain as string;
  /** writes published reviews of the product and waits until insights has read them all */
  const write = async (productId: string, reviews: [number, string][]) => {
    const ids: number[] = [];
    for (const [rating, content] of reviews) {
      const res = await http.post('/api/reviews', { productId, rating, content, firstName: 'Ann', lastName: 'Lee', status: 'published' });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    await eventually(
      async () => (await Promise.all(ids.map(async (id) => (await http.get(`/api/insights/reviews/${id}`)).status === 200))).every(Boolean),
      60_000,
    );
  };
  const box = async (productId: string, query = '') =>
    (await fetch(`${api.url}/storefront/shops/${domain}/widgets/review-box?product_id=${productId.split('/').pop()}&scripts=0${query}`)).text();
  return { id: row.id as number, http, write, box };
}

/** the OpenAI double's chat calls made with our key */
const modelCalls = () => vendors.received.filter((r) => r.vendor === 'openai' && r.method === 'POST' && r.headers.authorization === `Bearer ${KEY}`);
const generated = (html: string) => /<p class="pl-ai" lang="([^"]+)" dir="auto">([^<]*)<\/p>/.exec(html);
const quoted = (html: string) => html.includes('<q lang=');

/** every delivery of TopicsChanged naming the product, the summary handler's among them, has completed */
async function topicEventsHandled(shopId: number, productId: string) {
  const workflows = api.runtime.services.temporal.client.workflow;
  await eventually(async () => {
    const states: string[] = [];
    for await (const w of workflows.list({ query: `WorkflowId STARTS_WITH 'event:insights.topics-changed:${shopId}:${productId}:'` }))
      states.push(w.status.name);
    return states.length > 0 && states.every((s) => s === 'COMPLETED');
  }, 60_000);
}

withPlugins('widgets', 'reviews')(
  'the model summary in the box, labelled as generated; setting off, budget spent and a refused answer quote sentences; another shop sees nothing',
  async () => {
    vendors.control('openai', 'key', { key: KEY });
    vendors.control('openai', 'reply', { text: SUMMARY });
    const a = await shop();
    await a.write(SHIRT, REVIEWS);
    // no model yet: quoted sentences
    expect(quoted(await a.box(SHIRT))).toBe(true);

    const on = await a.http.put('/api/insights/settings', {
      provider: 'openai',
      baseUrl: 'https://api.openai.com/v1',
      model: 'gpt-4o-mini',
      apiKey: KEY,
      storefrontSummary: true,
    });
    expect(on.status).toBe(200);
    expect(on.body.storefrontSummary).toBe(true);
    const before = modelCalls().length;
    // a fifth review changes the product's topics: its summary is written off the request path
    await a.write(SHIRT, [FIFTH]);
    const html = await eventually(async () => {
      const page = await a.box(SHIRT);
      return generated(page) ? page : false;
    }, 60_000);
    expect(generated(html)?.slice(1)).toEqual(['en', SUMMARY]);
    expect(html).toContain('Summary generated by AI from 5 reviews');
    expect(quoted(html)).toBe(false);
    // the topic links stay
    expect(html).toContain('data-pl-topic="fit"');

    // what the model was given: the product's topic counts and real sentences, praise and complaints
    const calls = modelCalls().slice(before);
    expect(calls.length).toBeGreaterThanOrEqual(1);
    const user: string = JSON.parse(calls[calls.length - 1].body).messages[1].content;
    const { topics } = (await a.http.get(`/api/insights/topics?productId=${encodeURIComponent(SHIRT)}`)).body as {
      topics: { topic: string; positive: number; negative: number }[];
    };
    expect(topics.length).toBeGreaterThan(1);
    for (const t of topics) expect(user).toContain(`- ${t.topic}: ${t.positive} / ${t.negative}`);
    expect(user).toContain('Published reviews: 5');
    const sentences = [...user.matchAll(/^([+-]) \[[a-z]+\] (.+)$/gm)].map((m) => [m[1], m[2]]);
    expect(sentences.map(([sign]) => sign)).toEqual(expect.arrayContaining(['+', '-']));
    for (const [, sentence] of sentences) expect([...REVIEWS, FIFTH].some(([, text]) => text.includes(sentence))).toBe(true);
    // the tokens count against the month's budget
    const { usage } = (await a.http.get('/api/insights/settings')).body;
    expect(usage.calls).toBe(calls.length);
    expect(usage.inputTokens).toBeGreaterThan(0);

    // a shopper in German: no German reviews, so no German summary; quoted sentences
    const de = await a.box(SHIRT, '&locale=de');
    expect(generated(de)).toBeNull();
    expect(quoted(de)).toBe(true);

    // the setting off: quoted sentences (the settings' write drops the cached box); on again: the summary
    expect((await a.http.put('/api/insights/settings', { storefrontSummary: false })).status).toBe(200);
    const off = await eventually(async () => {
      const page = await a.box(SHIRT);
      return generated(page) ? false : page;
    }, 10_000);
    expect(quoted(off)).toBe(true);
    expect((await a.http.put('/api/insights/settings', { storefrontSummary: true })).status).toBe(200);
    await eventually(async () => generated(await a.box(SHIRT))?.[2] === SUMMARY, 10_000);

    // the month's budget spent: another product gets no summary, its box quotes sentences, the model is not called
    expect((await a.http.put('/api/insights/settings', { monthlyTokenBudget: usage.inputTokens + usage.outputTokens })).status).toBe(200);
    const spent = modelCalls().length;
    await a.write(BOOTS, [...REVIEWS, FIFTH]);
    await topicEventsHandled(a.id, BOOTS);
    expect(modelCalls()).toHaveLength(spent);
    const boots = await a.box(BOOTS);
    expect(generated(boots)).toBeNull();
    expect(quoted(boots)).toBe(true);

    // an answer the guard refuses (a rating the model was never given): called, counted, not shown
    expect((await a.http.put('/api/insights/settings', { monthlyTokenBudget: 100_000 })).status).toBe(200);
    const refused = 'Rated 4.8 out of 5 stars: customers love the fit.';
    vendors.control('openai', 'reply', { text: refused });
    await a.write(SCARF, [...REVIEWS, FIFTH]);
    await eventually(async () => modelCalls().length > spent, 60_000);
    await topicEventsHandled(a.id, SCARF);
    const scarf = await a.box(SCARF);
    expect(generated(scarf)).toBeNull();
    // the answer, not its number alone: a review's time in the page (14:24:14.801) holds "4.8" too
    expect(scarf).not.toContain(refused);
    expect(scarf).not.toContain('Rated 4.8');
    expect(quoted(scarf)).toBe(true);
    // kept without text, so the product is not asked again within the hour
    expect((await api.knex('insight_product_summaries').where({ shopId: a.id, productId: SCARF })).map((r) => r.text)).toEqual([null]);

    // another shop: the same product id shows nothing of it
    const b = await shop();
    const other = await b.box(SHIRT);
    expect(generated(other)).toBeNull();
    expect(other).not.toContain(SUMMARY);
    expect((await b.http.get('/api/insights/settings')).body.storefrontSummary).toBe(false);
    // bad input: a 400 naming the field
    const bad = await b.http.put('/api/insights/settings', { storefrontSummary: 'yes' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('storefrontSummary');
  },
  240_000,
);
