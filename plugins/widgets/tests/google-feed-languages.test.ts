// The Google feed per language (`?language=`, api/google-feed-language.ts) on a real API and database,
// with the translations plugin's provider pointed at the local APy double: a language's feed holds
// the reviews written in it (their own ids) and those the translations plugin has already translated
// into it (translated text, id `<id>-<language>`), never asking the provider; the feed without a
// language is unchanged; each validates against Google's schema; a bad language is a 400.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestApi, storeSettingsRaw, type TestApi } from '@plaudit/kernel/testing';
import { apyDouble, type ApyDouble } from './apertium-double';
import { createReviews, reviewSpec, SECRET, shopWithClient, signedQuery } from './feed-helpers';

const XSD = path.resolve(__dirname, '../../../tests/fixtures/google/product_reviews-2.2.xsd');
const SPANISH = 'La taza es muy bonita y el color es precioso.';
const SPANISH_IN_ENGLISH = 'The mug is very pretty and the colour is lovely.';
const ENGLISH = 'The mug is lovely and the colour is great, I use it every day.';
const OLD_INSTALL = new Date('2025-01-01'); // installed before the full-access window: the plan decides

let api: TestApi;
let apy: ApyDouble;
let dir: string;
beforeAll(async () => {
  [api, apy] = await Promise.all([startTestApi({ SHOPIFY_API_KEY: 'google-languages-key', SHOPIFY_API_SECRET: SECRET }), apyDouble()]);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-feed-lang-'));
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await Promise.all([api?.close(), apy?.stop()]);
});

const file = (xml: string) => {
  const f = path.join(dir, `feed-${Math.random().toString(36).slice(2)}.xml`);
  fs.writeFileSync(f, xml);
  return f;
};
const validates = (xml: string) => {
  const run = spawnSync('xmllint', ['--noout', '--schema', XSD, file(xml.replace('<version>2.4</version>', '<version>2.2</version>'))], { encoding: 'utf8' });
  return `${run.stdout}${run.stderr}`;
};
/** review id -> its content, as an XML parser reads the feed */
const reviewsOf = (xml: string): Record<string, string> => {
  if (!xml.includes('<review>')) return {};
  const ids = execFileSync('xmllint', ['--xpath', '/feed/reviews/review/review_id/text()', file(xml)], { encoding: 'utf8' })
    .trim()
    .split('\n');
  return Object.fromEntries(
    ids.map((id) => [
      id,
      execFileSync('xmllint', ['--xpath', `string(/feed/reviews/review[review_id="${id}"]/content)`, file(xml)], { encoding: 'utf8' }).trim(),
    ]),
  );
};

test("a language's feed: reviews written in it and those already translated into it; the provider is never asked", async () => {
  const shop = await shopWithClient(api, { plan: 'advanced', installedAt: OLD_INSTALL });
  await storeSettingsRaw(api, shop.shop.id, 'translations.providers', { provider: 'apertium', autoTranslate: false, apertium: { url: apy.url } });
  const [spanish, english] = await createReviews(shop.http, [{ content: SPANISH, firstName: 'Lucía' }, { content: ENGLISH }]);
  const feed = async (language?: string) => {
    const res = await fetch(`${api.url}/storefront/shops/${shop.domain}/feeds/google-product-reviews.xml${language ? `?language=${language}` : ''}`);
    return { status: res.status, etag: res.headers.get('etag'), xml: await res.text() };
  };

  // nothing translated yet: the English feed has the English review only, the Spanish feed the Spanish one
  const callsBefore = apy.translations;
  expect(reviewsOf((await feed('en')).xml)).toEqual({ [english.id]: ENGLISH });
  expect(reviewsOf((await feed('es')).xml)).toEqual({ [spanish.id]: SPANISH });
  expect(apy.translations).toBe(callsBefore);

  // a shopper's "See translation" stores the Spanish review's English: the English feed now carries it
  const seen = await fetch(`${api.url}/storefront/proxy/api/review-translations?${signedQuery(shop.domain, { ids: String(spanish.id), locale: 'en' })}`);
  expect((await seen.json()).items[0].status).toBe('translated');
  const en = await feed('en');
  expect(en.status).toBe(200);
  expect(reviewsOf(en.xml)).toEqual({ [english.id]: ENGLISH, [`${spanish.id}-en`]: SPANISH_IN_ENGLISH });
  expect(validates(en.xml)).toContain('validates');
  // a region's feed takes the language's reviews; a language nobody wrote in is an empty, valid feed
  expect(Object.keys(reviewsOf((await feed('en-GB')).xml))).toEqual([String(english.id)]);
  const german = await feed('de');
  expect(reviewsOf(german.xml)).toEqual({});
  expect(validates(german.xml)).toContain('validates');

  // the feed without a language: every review as written, as before
  const all = await feed();
  expect(reviewsOf(all.xml)).toEqual({ [spanish.id]: SPANISH, [english.id]: ENGLISH });
  expect(validates(all.xml)).toContain('validates');
  expect(new Set([all.etag, en.etag, german.etag]).size).toBe(3);
  expect(apy.translations).toBe(callsBefore + 1);
});

test('below the translation tier a review is in the feed of the language it was written in (its storefront locale)', async () => {
  const shop = await shopWithClient(api, { plan: 'free', installedAt: OLD_INSTALL });
  const write = async (content: string, locale: string) => {
    const res = await shop.http.post('/api/reviews', { ...reviewSpec({ content }), locale, status: 'published' });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const french = await write('Très joli bol.', 'fr');
  const english = await write(ENGLISH, 'en');
  const feed = async (language: string) =>
    reviewsOf(await (await fetch(`${api.url}/storefront/shops/${shop.domain}/feeds/google-product-reviews.xml?language=${language}`)).text());
  expect(await feed('fr')).toEqual({ [french]: 'Très joli bol.' });
  expect(await feed('en')).toEqual({ [english]: ENGLISH });
});

test.each(['x', 'french', 'fr_FR', '../en', 'en-'])('language=%s is a 400', async (language) => {
  const shop = await shopWithClient(api);
  const res = await fetch(`${api.url}/storefront/shops/${shop.domain}/feeds/google-product-reviews.xml?language=${encodeURIComponent(language)}`);
  expect(res.status).toBe(400);
});
