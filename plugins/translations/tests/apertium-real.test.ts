// Review translation through the real Apertium APy (Debian's apertium-apy and apertium-en-es), the
// default provider, started here as `npm start` starts it (api/runtime/apertium.ts) and reaching the
// API as the operator's APERTIUM_URL (no shop setting names it). A Spanish review in English;
// the second request answered from the cache while APy is out of reach; after an edit, translated
// again from the new words. Without apertium-apy: a failure in CI (.ci/run installs it, so this never
// skips there), a skip with a note elsewhere.
import {
  APERTIUM_MISSING,
  client,
  createShop,
  eventually,
  findApertiumApy,
  startApertium,
  startTestApi,
  tcpProxy,
  type RunningApertium,
  type TcpProxy,
  type TestApi,
} from '@plaudit/kernel/testing';

const installed = !!findApertiumApy();
if (!installed && !process.env.CI) console.log(`plugins/translations/tests/apertium-real.test.ts skipped: ${APERTIUM_MISSING}`);

let apy: RunningApertium | undefined;
// between the API and APy: cut, APy is out of reach as in an outage
let proxy: TcpProxy | undefined;
let api: TestApi | undefined;
beforeAll(async () => {
  if (!installed) return;
  apy = await startApertium();
  proxy = await tcpProxy({ host: '127.0.0.1', port: apy.port });
  api = await startTestApi({ APERTIUM_URL: `http://127.0.0.1:${proxy.port}` });
});
afterAll(async () => {
  await Promise.all([api?.close(), proxy?.close(), apy?.stop()]);
});

if (!installed && process.env.CI) {
  test('Apertium APy is installed (CI installs it in .ci/run)', () => {
    throw new Error(APERTIUM_MISSING);
  });
}

const SPANISH = { title: 'Muy bueno', content: 'El producto es muy bueno y la taza es bonita, la recomiendo.' };
const EDITED = 'La taza es muy bonita pero un poco pequeña para mí.';

(installed ? test : test.skip)('a Spanish review in English through the real APy: cached on the second request, translated again after an edit', async () => {
  const { token } = await createShop(api!, { plan: 'advanced', installedAt: new Date('2025-01-01') });
  const http = client(api!.url, token);
  const review = async (fields: { title?: string; content: string }) => {
    const created = await http.post('/api/reviews', { rating: 5, ...fields, productId: 'gid://shopify/Product/9201', firstName: 'Ana', status: 'published' });
    expect(created.status).toBe(201);
    return created.body.id as number;
  };
  const id = await review(SPANISH);
  const other = await review({ content: 'Llegó rápido y el color es precioso.' });
  for (const r of [id, other]) await eventually(async () => (await http.get(`/api/reviews/${r}`)).body.language === 'es', 30_000);
  const inEnglish = async (r: number) => {
    const res = await http.get(`/api/translations/reviews?ids=${r}&lang=en`);
    expect(res.status).toBe(200);
    return res.body.items[0];
  };

  const first = await inEnglish(id);
  expect(first).toMatchObject({
    reviewId: id,
    language: 'es',
    target: 'en',
    status: 'translated',
    original: SPANISH,
    translation: { title: 'Very good', provider: 'apertium' },
  });
  // Apertium's own words ("The product is very good and the cup is beautiful, recommend it.")
  expect(first.translation.content).toMatch(/^The product is very good and the cup/);

  await proxy!.cut();
  try {
    // from the cache: APy is not asked
    expect(await inEnglish(id)).toEqual(first);
    // and it is out of reach indeed: a review not translated before shows its original
    expect(await inEnglish(other)).toMatchObject({ status: 'degraded', translation: null, original: { content: 'Llegó rápido y el color es precioso.' } });
  } finally {
    await proxy!.restore();
  }

  expect((await http.put(`/api/reviews/${id}`, { content: EDITED })).status).toBe(200);
  const edited = await inEnglish(id);
  expect(edited).toMatchObject({
    status: 'translated',
    original: { title: 'Muy bueno', content: EDITED },
    translation: { title: 'Very good', provider: 'apertium' },
  });
  // "The cup is very beautiful but a bit small for me."
  expect(edited.translation.content).toMatch(/small for me/);
  expect(edited.translation.content).not.toMatch(/recommend/);
});
