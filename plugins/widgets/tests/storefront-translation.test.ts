// Review text translation on the storefront (issue 19, second tier), through the real app proxy on a
// real API and database with the translations plugin's provider pointed at a local APy double: the
// review box offers "See translation" under a Spanish review on an English storefront only; the
// public route answers published reviews of the signed shop (bad ids 400, another shop's or an
// unpublished review left out), an outage answers 'degraded' (the widget keeps the original), a
// shop below the tier gets neither link nor route, and turning automatic translation on reaches the
// cached widget at once.
import * as cheerio from 'cheerio';
import { client, startTestApi, storeSettingsRaw, type TestApi } from '@plaudit/kernel/testing';
import { TRANSLATIONS_BUDGET } from '../api/translation-routes';
import { apyDouble, type ApyDouble } from './apertium-double';
import { createReviews, SECRET, shopWithClient, signedQuery } from './feed-helpers';

const SPANISH = 'La taza es muy bonita y el color es precioso.';
const ENGLISH = 'The mug is lovely and the colour is great, I use it every day.';
const OLD_INSTALL = new Date('2025-01-01'); // installed before the full-access window: the plan decides

let api: TestApi;
let apy: ApyDouble;
beforeAll(async () => {
  [api, apy] = await Promise.all([startTestApi({ SHOPIFY_API_KEY: 'translation-test-key', SHOPIFY_API_SECRET: SECRET }), apyDouble()]);
});
afterAll(async () => {
  await Promise.all([api?.close(), apy?.stop()]);
});

/** A shop on `plan` whose provider is the APy double, with a Spanish, an English and an unpublished Spanish review. */
async function shopWithReviews(plan: string) {
  const s = await shopWithClient(api, { plan, installedAt: OLD_INSTALL });
  await storeSettingsRaw(api, s.shop.id, 'translations.providers', { provider: 'apertium', autoTranslate: false, apertium: { url: apy.url } });
  const [spanish, english, hidden] = await createReviews(s.http, [
    { content: SPANISH, firstName: 'Lucía' },
    { content: ENGLISH },
    { content: 'No me gustó nada, llegó roto y tarde.', status: 'unpublished' },
  ]);
  return { ...s, spanish: spanish.id, english: english.id, hidden: hidden.id };
}

const proxied = (domain: string, path: string, params: Record<string, string>) => fetch(`${api.url}/storefront/proxy${path}?${signedQuery(domain, params)}`);
const translations = async (domain: string, ids: string, locale = 'en') => {
  const res = await proxied(domain, '/api/review-translations', { ids, locale });
  return { status: res.status, body: await res.json() };
};
const reviewBox = async (domain: string) => cheerio.load(await (await proxied(domain, '/widgets/review-box', { product_id: '1', locale: 'en' })).text());

test('an English storefront: "See translation" under the Spanish review, its English text from the route', async () => {
  const shop = await shopWithReviews('advanced');
  const $ = await reviewBox(shop.domain);
  const toggle = $(`.pl-review[data-pl-id="${shop.spanish}"] .pl-tr-toggle`);
  expect(toggle.text()).toBe('See translation');
  expect(toggle.attr('data-pl-from')).toBe('es');
  expect($(`.pl-review[data-pl-id="${shop.spanish}"] .pl-review-body`).attr('lang')).toBe('es');
  expect($(`.pl-review[data-pl-id="${shop.english}"] .pl-tr-toggle`)).toHaveLength(0);
  expect(JSON.parse($('.pl-widget').attr('data-pl-i18n')!)).toMatchObject({
    'review.see_original': 'See original',
    'review.translation_unavailable': 'Translation unavailable',
  });
  expect($('.pl-widget').attr('data-pl-auto')).toBeUndefined();

  const first = await translations(shop.domain, `${shop.spanish},${shop.english}`);
  expect(first.status).toBe(200);
  expect(first.body.items).toEqual([
    { id: shop.spanish, from: 'es', status: 'translated', title: null, content: 'The mug is very pretty and the colour is lovely.' },
    { id: shop.english, from: 'en', status: 'original' },
  ]);
  // the second time from the translations plugin's cache: no call to the provider
  const calls = apy.translations;
  expect((await translations(shop.domain, String(shop.spanish))).body.items[0].status).toBe('translated');
  expect(apy.translations).toBe(calls);
  // the all-reviews page and the carousel offer it too; the popup's short cards do not
  for (const [block, offered] of [
    ['all-reviews', 1],
    ['carousel', 1],
    ['popup', 0],
  ] as const) {
    const html = cheerio.load(await (await proxied(shop.domain, `/widgets/${block}`, { locale: 'en' })).text());
    expect([block, html.text().includes(SPANISH), html('.pl-tr-toggle').length]).toEqual([block, true, offered]);
  }
  // on a German storefront nothing is offered: the provider has no pair into German
  const german = cheerio.load(await (await proxied(shop.domain, '/widgets/review-box', { product_id: '1', locale: 'de' })).text());
  expect(german('.pl-tr-toggle')).toHaveLength(0);
});

test("the route: bad ids are a 400; unpublished reviews and other shops' reviews are not answered", async () => {
  const shop = await shopWithReviews('advanced');
  const other = await shopWithReviews('advanced');
  for (const ids of ['', 'abc', '1;2', '-1', '0', Array.from({ length: 51 }, (_, i) => i + 1).join(',')]) {
    const res = await translations(shop.domain, ids);
    expect([ids, res.status]).toEqual([ids, 400]);
    expect(res.body.errors.ids).toMatch(/review ids/);
  }
  const res = await translations(shop.domain, `${shop.hidden},${other.spanish},${shop.spanish}`);
  expect(res.body.items.map((i: { id: number }) => i.id)).toEqual([shop.spanish]);
  // unsigned: nothing answers through the proxy mount
  expect((await fetch(`${api.url}/storefront/proxy/api/review-translations?ids=${shop.spanish}&shop=${shop.domain}`)).status).toBe(401);
});

test('counted per shopper address: past the budget a 429 with Retry-After', async () => {
  const shop = await shopWithReviews('advanced');
  for (let i = 0; i < TRANSLATIONS_BUDGET.points; i++) expect((await translations(shop.domain, String(shop.spanish))).status).toBe(200);
  const res = await proxied(shop.domain, '/api/review-translations', { ids: String(shop.spanish), locale: 'en' });
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
});

test('a provider outage answers the original (degraded), never an error', async () => {
  const shop = await shopWithReviews('advanced');
  apy.down = true;
  try {
    const res = await translations(shop.domain, String(shop.spanish));
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([{ id: shop.spanish, from: 'es', status: 'degraded' }]);
  } finally {
    apy.down = false;
  }
});

test('below the second tier: no link, and the route is not there', async () => {
  const shop = await shopWithReviews('pro');
  const $ = await reviewBox(shop.domain);
  expect($('.pl-review')).toHaveLength(2);
  expect($('.pl-tr-toggle')).toHaveLength(0);
  expect($('.pl-widget').attr('data-pl-i18n')).not.toContain('See original');
  expect((await translations(shop.domain, String(shop.spanish))).status).toBe(404);
});

test('automatic translation turned on reaches the cached review box at once', async () => {
  const shop = await shopWithReviews('advanced');
  expect((await reviewBox(shop.domain))('.pl-widget').attr('data-pl-auto')).toBeUndefined();
  const put = await client(api.url, shop.token).put('/api/translations/provider', { autoTranslate: true });
  expect(put.status).toBe(200);
  const $ = await reviewBox(shop.domain);
  expect($('.pl-widget').attr('data-pl-auto')).toBe('translate');
  expect($(`.pl-review[data-pl-id="${shop.spanish}"] .pl-tr-toggle`).text()).toBe('See translation');
});
