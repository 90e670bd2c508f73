// Marketplace import by product URL against the marketplace emulator: the adapters (AliExpress JSON,
// Amazon HTML) with their filters, paging, scales, dates, the bot check and the spec's messages.
import sharp from 'sharp';
import { MARKETPLACE_FIXTURES, seedProduct, startMarketplaceEmulator, type RunningMarketplaceEmulator } from '@plaudit/kernel/testing';
import {
  countryFromName,
  fetchMarketplaceReviews,
  MarketplaceError,
  parseMarketplaceDate,
  parseMarketplaceUrl,
  rewriteUrl,
  type MarketplaceImportOptions,
} from '../marketplaces';

const ALI = MARKETPLACE_FIXTURES.aliexpress;
const AMZ = MARKETPLACE_FIXTURES.amazon;
let em: RunningMarketplaceEmulator;

beforeAll(async () => {
  em = await startMarketplaceEmulator({ port: 0 });
});
afterAll(() => em.stop());
beforeEach(() => {
  em.received.length = 0;
});

const get = (o: Partial<MarketplaceImportOptions> & { url: string }) =>
  fetchMarketplaceReviews({ maxReviews: 100, stars: [], withPhotos: false, ...o }, { baseUrl: em.url });
const feedbackPages = () => em.received.filter((r) => r.path === '/pc/searchEvaluation.do').map((r) => Number(r.query.page));
const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('resolved');
    },
    (err: MarketplaceError) => err,
  );
const day = (d: Date | null) => d?.toISOString().slice(0, 10);

describe('product URLs', () => {
  test('AliExpress and Amazon URLs name their product; other URLs name none', () => {
    expect(parseMarketplaceUrl('https://www.aliexpress.com/item/1005006438619019.html?spm=a2g0o.home')).toEqual({
      marketplace: 'aliexpress',
      productRef: '1005006438619019',
      host: 'www.aliexpress.com',
    });
    expect(parseMarketplaceUrl('https://aliexpress.us/item/3256806255040063.html')?.productRef).toBe('3256806255040063');
    expect(parseMarketplaceUrl('fr.aliexpress.com/item/1005006438619019.html')?.host).toBe('fr.aliexpress.com');
    expect(parseMarketplaceUrl('https://www.amazon.com/dp/B07ZPKN6YR')).toEqual({ marketplace: 'amazon', productRef: 'B07ZPKN6YR', host: 'www.amazon.com' });
    expect(parseMarketplaceUrl('https://www.amazon.com/Apple-iPhone-11-64GB/dp/B07ZPKN6YR/ref=sr_1_3?keywords=x')?.productRef).toBe('B07ZPKN6YR');
    expect(parseMarketplaceUrl('https://www.amazon.co.uk/gp/product/b07zpkn6yr')?.productRef).toBe('B07ZPKN6YR');
    expect(parseMarketplaceUrl('https://s.click.aliexpress.com/e/_abc')).toBeUndefined();
    expect(parseMarketplaceUrl('https://www.amazon.com/gp/help/customer/display.html')).toBeUndefined();
    expect(parseMarketplaceUrl('https://www.ebay.com/itm/1005006438619019')).toBeUndefined();
  });

  test('marketplace dates and country names', () => {
    for (const text of ['19 Sep 2024', '19 September 2024', 'September 19, 2024', 'Sept. 19, 2024', '2024-09-19'])
      expect(day(parseMarketplaceDate(text))).toBe('2024-09-19');
    expect(parseMarketplaceDate('31 Feb 2024')).toBeNull();
    expect(parseMarketplaceDate('yesterday')).toBeNull();
    expect(['the United States', 'the United States 🇺🇸', 'the United Kingdom', 'India', 'Germany', 'Atlantis'].map(countryFromName)).toEqual([
      'US',
      'US',
      'GB',
      'IN',
      'DE',
      null,
    ]);
  });

  test('rewriteUrl moves any host under the base URL, and leaves it when there is none', () => {
    expect(rewriteUrl('https://judgeme.imgix.net/shop/photo.jpg?w=800', 'http://127.0.0.1:9/')).toBe(
      'http://127.0.0.1:9/hosts/judgeme.imgix.net/shop/photo.jpg?w=800',
    );
    expect(rewriteUrl('https://ae01.alicdn.com/kf/A1.jpg')).toBe('https://ae01.alicdn.com/kf/A1.jpg');
  });
});

describe('AliExpress', () => {
  const url = `https://www.aliexpress.com/item/${ALI.reviewed}.html`;
  const seeds = seedProduct('aliexpress', ALI.reviewed)!.reviews;

  test('reviews come newest first, rated 1-5 from the 0-100 scale, with dates, countries, photos and keys', async () => {
    const reviews = await get({ url, maxReviews: 100 });
    expect(reviews).toHaveLength(100);
    expect(reviews.map((r) => r.line)).toEqual(seeds.slice(0, 100).map((_, i) => i + 1));
    expect(reviews.map((r) => r.key)).toEqual(seeds.slice(0, 100).map((s) => `aliexpress:${s.id}`));
    // buyerEval 100 -> 5, 80 -> 4 ... (the seed's rating is what the emulator writes times 20)
    expect(reviews.map((r) => r.rating)).toEqual(seeds.slice(0, 100).map((s) => s.rating));
    expect(new Set(reviews.map((r) => r.rating))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(day(reviews[0].createdAt)).toBe('2024-09-19'); // evalDate "19 Sep 2024"
    expect(day(reviews[99].createdAt)).toBe('2024-03-05'); // two days apart
    const first = reviews[0];
    expect(first).toMatchObject({
      source: 'aliexpress',
      product: null,
      status: 'published',
      verified: false,
      incentivized: false,
      title: null,
      reply: null,
      email: null,
      variants: [],
    });
    expect(first.content).toBe(seeds[0].english); // the translation, not the buyer's own language
    expect(first.country).toBe(seeds[0].country);
    for (const [i, r] of reviews.entries()) {
      expect(r.photoUrls).toEqual(seeds[i].photos.slice(0, 5).map((p) => `https://ae01.alicdn.com/kf/${p}.jpg`));
    }
    expect(seeds.slice(0, 100).some((s) => s.photos.length === 6)).toBe(true); // six on the marketplace, five kept
    // 20 a page: five pages for 100 reviews
    expect(feedbackPages()).toEqual([1, 2, 3, 4, 5]);
    expect(em.received[0].url).toBe(url);
  });

  test('filters by stars, photos and country', async () => {
    const reviews = await get({ url, maxReviews: 100, stars: [5], withPhotos: true, country: 'br' });
    const expected = seeds.filter((s) => s.rating === 5 && s.photos.length > 0 && s.country === 'BR');
    expect(expected.length).toBeGreaterThan(2);
    expect(reviews.map((r) => r.key)).toEqual(expected.map((s) => `aliexpress:${s.id}`));
    expect(reviews.every((r) => r.rating === 5 && r.country === 'BR' && r.photoUrls.length >= 1 && r.photoUrls.length <= 5)).toBe(true);
    // a Brazilian buyer writes Portuguese; the import keeps AliExpress's English translation
    expect([reviews[0].content, expected[0].text]).toEqual([
      'Great quality, exactly as described. Fast delivery.',
      'Ótima qualidade, exatamente como descrito. Entrega rápida.',
    ]);
    // one star asked of the endpoint; photos and country filtered here
    expect(new Set(em.received.filter((r) => r.path === '/pc/searchEvaluation.do').map((r) => r.query.filter))).toEqual(new Set(['5']));
  });

  test('several stars and photos: the endpoint filters photos, the adapter the stars', async () => {
    const reviews = await get({ url, maxReviews: 10, stars: [1, 2], withPhotos: true });
    const expected = seeds.filter((s) => s.rating <= 2 && s.photos.length > 0).slice(0, 10);
    expect(reviews.map((r) => r.key)).toEqual(expected.map((s) => `aliexpress:${s.id}`));
    expect(em.received.find((r) => r.path === '/pc/searchEvaluation.do')?.query.filter).toBe('image');
  });

  test('paging stops at totalPage although the endpoint wraps around past it', async () => {
    const endpoint = `${em.url}/hosts/feedback.aliexpress.com/pc/searchEvaluation.do?productId=${ALI.small}&pageSize=20&filter=all`;
    const page = async (n: number) => (await (await fetch(`${endpoint}&page=${n}`)).json()).data;
    const [p1, p2, p3] = [await page(1), await page(2), await page(3)];
    expect([p1.totalNum, p1.totalPage, p2.evaViewList.length]).toEqual([25, 2, 5]);
    expect(p3.evaViewList).toEqual(p1.evaViewList); // past the last page: the first page again, never empty
    em.received.length = 0;

    const reviews = await get({ url: `https://www.aliexpress.com/item/${ALI.small}.html`, maxReviews: 100 });
    expect(reviews).toHaveLength(25);
    expect(new Set(reviews.map((r) => r.key)).size).toBe(25);
    expect(feedbackPages()).toEqual([1, 2]);
  });

  test('keeps every digit of an evaluationId above 2^53', async () => {
    const body = await (await fetch(`${em.url}/hosts/feedback.aliexpress.com/pc/searchEvaluation.do?productId=${ALI.reviewed}&page=1&pageSize=1`)).text();
    expect(body).toContain(`"evaluationId":${seeds[0].id},"evaluationIdStr":"${seeds[0].id}"`);
    expect(String(JSON.parse(body).data.evaViewList[0].evaluationId)).not.toBe(seeds[0].id);
    expect((await get({ url, maxReviews: 1 }))[0].key).toBe(`aliexpress:${seeds[0].id}`);
  });

  test('a product without reviews, or none left after the filters: no reviews found', async () => {
    const none = await failure(get({ url: `https://aliexpress.us/item/${ALI.noReviews}.html` }));
    expect(none).toBeInstanceOf(MarketplaceError);
    expect(none).toMatchObject({ message: 'There is no reviews found. Please enter another URL.', retryable: false });
    expect((await failure(get({ url, country: 'ZZ' }))).message).toBe('There is no reviews found. Please enter another URL.');
  });

  test('a product the marketplace does not have, or a URL without a product: wrong URL', async () => {
    expect((await failure(get({ url: `https://www.aliexpress.com/item/${ALI.missing}.html` }))).message).toBe('Import failed, wrong URL');
    expect(feedbackPages()).toEqual([]);
    expect((await failure(get({ url: 'https://www.aliexpress.com/category/100003109/women-clothing.html' }))).message).toBe('Import failed, wrong URL');
  });
});

describe('Amazon', () => {
  const url = `https://www.amazon.com/Plaudit-Demo/dp/${AMZ.reviewed}/ref=sr_1_1`;
  const seeds = seedProduct('amazon', AMZ.reviewed)!.reviews;
  const reviewPages = () => em.received.filter((r) => r.path.startsWith('/product-reviews/'));

  test('reviews with photos: full-size photo URLs, verified purchases and Vine reviews', async () => {
    const reviews = await get({ url, maxReviews: 30, withPhotos: true });
    const expected = seeds.filter((s) => s.photos.length > 0).slice(0, 30);
    expect(reviews.map((r) => r.key)).toEqual(expected.map((s) => `amazon:${s.id}`));
    for (const [i, r] of reviews.entries()) {
      const s = expected[i];
      expect(r).toMatchObject({
        line: i + 1,
        rating: s.rating,
        title: s.title,
        verified: s.verified,
        incentivized: s.vine,
        country: s.country,
        source: 'amazon',
        product: null,
      });
      expect(r.photoUrls).toEqual(s.photos.slice(0, 5).map((p) => `https://m.media-amazon.com/images/I/${p}.jpg`));
      expect(r.createdAt?.getTime()).toBe(s.date.getTime());
    }
    expect(reviewPages().map((r) => [r.query.mediaType, r.query.pageNumber])).toEqual([
      ['media_reviews_only', '1'],
      ['media_reviews_only', '2'],
      ['media_reviews_only', '3'],
    ]);
  });

  test('"Verified Purchase" makes a review verified; a Vine review is incentivized, never verified', async () => {
    const reviews = await get({ url, maxReviews: 100 });
    expect(reviews).toHaveLength(100); // ten pages of ten: Amazon's own limit
    const verified = reviews.filter((r) => r.verified).map((r) => r.key);
    const vine = reviews.filter((r) => r.incentivized).map((r) => r.key);
    expect(verified).toEqual(
      seeds
        .slice(0, 100)
        .filter((s) => s.verified)
        .map((s) => `amazon:${s.id}`),
    );
    expect(vine).toEqual(
      seeds
        .slice(0, 100)
        .filter((s) => s.vine)
        .map((s) => `amazon:${s.id}`),
    );
    expect(vine.length).toBeGreaterThan(0);
    expect(vine.some((k) => verified.includes(k))).toBe(false);
    const first = reviews[0];
    const [firstName, ...rest] = seeds[0].author.split(' ');
    expect(first).toMatchObject({ firstName, lastName: rest.join(' '), content: seeds[0].english.replace('. ', '.\n') });
    // "Reviewed in the United States on September 19, 2024" and "Reviewed in the United Kingdom on 5 September 2024"
    expect(day(first.createdAt)).toBe('2024-09-19');
    expect(new Set(reviews.map((r) => r.country))).toEqual(new Set(seeds.slice(0, 100).map((s) => s.country)));
    expect(reviews.some((r) => r.country === 'GB')).toBe(true);
  });

  test('stars: one is asked of Amazon as filterByStar, 1-3 as "critical"; country is filtered here', async () => {
    const fives = await get({ url, maxReviews: 5, stars: [5], country: 'US' });
    expect(fives.map((r) => r.key)).toEqual(
      seeds
        .filter((s) => s.rating === 5 && s.country === 'US')
        .slice(0, 5)
        .map((s) => `amazon:${s.id}`),
    );
    expect(reviewPages()[0].query.filterByStar).toBe('five_star');
    em.received.length = 0;
    const critical = await get({ url, maxReviews: 100, stars: [1, 2, 3] });
    expect(critical.map((r) => r.key)).toEqual(seeds.filter((s) => s.rating <= 3).map((s) => `amazon:${s.id}`));
    expect(reviewPages()[0].query.filterByStar).toBe('critical');
  });

  test('the bot check (HTTP 503, or 200) is a retryable error', async () => {
    const blocked = await failure(get({ url: `https://www.amazon.com/dp/${AMZ.botCheck}` }));
    expect(blocked).toBeInstanceOf(MarketplaceError);
    expect(blocked).toMatchObject({ code: 'bot-check', retryable: true, message: 'The marketplace asked for a bot check; try again later' });
    const page = await fetch(`${em.url}/hosts/www.amazon.com/product-reviews/${AMZ.botCheck}`);
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('Enter the characters you see below');

    const control = await fetch(`${em.url}/_control/bot-check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ asin: AMZ.small, status: 200 }),
    });
    expect(await control.json()).toEqual({ asin: AMZ.small, on: true, status: 200 });
    expect(await failure(get({ url: `https://www.amazon.com/gp/product/${AMZ.small}` }))).toMatchObject({ code: 'bot-check', retryable: true });
    em.botCheck(AMZ.small, { on: false });
    expect(await get({ url: `https://www.amazon.com/gp/product/${AMZ.small}` })).toHaveLength(25);
  });

  test('a wrong URL, an unsupported host, no reviews', async () => {
    expect(await failure(get({ url: `https://www.amazon.com/dp/${AMZ.missing}` }))).toMatchObject({ message: 'Import failed, wrong URL', retryable: false });
    expect((await failure(get({ url: 'https://www.amazon.com/gp/bestsellers' }))).message).toBe('Import failed, wrong URL');
    em.received.length = 0;
    expect((await failure(get({ url: 'https://www.ebay.com/itm/B07ZPKN6YR' }))).message).toBe('the URL must come from one of two supported marketplaces');
    expect((await failure(get({ url: 'not a url at all' }))).message).toBe('the URL must come from one of two supported marketplaces');
    expect(em.received).toEqual([]);
    expect((await failure(get({ url: `https://www.amazon.com/dp/${AMZ.noReviews}` }))).message).toBe('There is no reviews found. Please enter another URL.');
  });

  test('maxReviews must be 1 to 100', async () => {
    for (const maxReviews of [0, 101, -1, 2.5, Number.NaN]) {
      expect((await failure(get({ url, maxReviews }))).message).toBe('Number needs to be between equal 1 and 100');
    }
    expect(await get({ url, maxReviews: 1 })).toHaveLength(1);
  });

  test('uses the fetch it is given', async () => {
    const asked: string[] = [];
    const counting: typeof fetch = (input, init) => {
      asked.push(String(input));
      return fetch(input, init);
    };
    const reviews = await fetchMarketplaceReviews({ url, maxReviews: 12, stars: [], withPhotos: false }, { baseUrl: em.url, fetch: counting });
    expect(reviews).toHaveLength(12);
    expect(asked.map((u) => new URL(u).searchParams.get('pageNumber'))).toEqual(['1', '2']);
    expect(asked[0].startsWith(`${em.url}/hosts/www.amazon.com/product-reviews/${AMZ.reviewed}?`)).toBe(true);
  });
});

describe('photos on any host', () => {
  test("the marketplaces' CDNs and any other host answer real image bytes; `missing` is a 404", async () => {
    const fetchImage = async (path: string) => {
      const res = await fetch(`${em.url}/hosts/${path}`);
      return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
    };
    const ali = await fetchImage('ae01.alicdn.com/kf/A7c9bd6cc7cc44da7939faeb29ecbc0e0N.jpg');
    expect([ali.status, ali.type]).toEqual([200, 'image/jpeg']);
    expect(await sharp(ali.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 240, height: 240 });
    expect((await fetchImage('ae01.alicdn.com/kf/A7c9bd6cc7cc44da7939faeb29ecbc0e0N.jpg')).bytes.equals(ali.bytes)).toBe(true);
    const amazon = await fetchImage('m.media-amazon.com/images/I/91bPrvvXk8L.jpg');
    const [a, b] = await Promise.all([ali, amazon].map(async (i) => (await sharp(i.bytes).stats()).dominant));
    expect(a).not.toEqual(b); // a colour of its own per URL
    const png = await fetchImage('judgeme.imgix.net/store/reviews/photo-1.PNG');
    expect([png.status, png.type, (await sharp(png.bytes).metadata()).format]).toEqual([200, 'image/png', 'png']);
    expect((await fetchImage('judgeme.imgix.net/store/reviews/missing-1.jpg')).status).toBe(404);
    expect((await fetchImage('cdn.example.com/not-an-image.txt')).status).toBe(404);
  });
});
