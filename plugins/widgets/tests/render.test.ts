// The widgets rendered on the server: every component with sample data (names, dates, badges,
// replies, markers, branding, lazy media, unsafe media dropped), then through the widget routes on a
// real API and database (HTML with JSON-LD and script tags, "load more" fragments, the star filter,
// caching, the scripts themselves compressed and immutable, the script-less form's result page).
import { startTestApi, type TestApi } from '@plaudit/kernel/testing';
import { formatDate, reviewerName, starsLabel } from '../shared/components';
import { BLOCKS, renderWidget, type BlockData } from '../api/render';
import { displayStore } from '../api/display-store';
import { createReviews, listenersDone, shopWithClient } from './feed-helpers';
import { ALL_ON, context, NOW, PRODUCT, review, summaryOf } from './sample-data';

const strip = (html: string) => html.replace(/<style>[\s\S]*?<\/style>/, '');

function sampleData(): { [B in (typeof BLOCKS)[number]]: BlockData[B] } {
  const reviews = [
    review({
      pinned: true,
      media: [{ url: 'https://cdn.example.com/a.jpg', type: 'image' }],
      reply: { content: 'Thank you, Ada!', at: '2026-11-02T00:00:00Z' },
    }),
    review({ rating: 4, featured: true, author: 'Bo K.', verified: false, title: null }),
    review({ rating: 3, kind: 'store', productId: null, productTitle: null, productHandle: null }),
  ];
  const summary = summaryOf(reviews);
  const page = { items: reviews, nextCursor: 'next-page' };
  return {
    'review-box': { product: PRODUCT, summary, page },
    'star-rating': { productId: PRODUCT.id, summary },
    carousel: { reviews },
    popup: { reviews },
    sidebar: { reviews },
    'all-reviews': { summary, page },
    'submit-form': { product: PRODUCT },
    testimonials: { reviews },
    'customer-portal': {
      signedIn: true,
      page,
      awaiting: [{ productId: PRODUCT.id, title: PRODUCT.title, handle: PRODUCT.handle, imageUrl: null, writeUrl: 'https://app.example/r/write/x' }],
    },
    upsell: { summaries: { [PRODUCT.id]: summary } },
    'store-badge': { summary, pageUrl: '/apps/plaudit/reviews?locale=en' },
  };
}

describe('components', () => {
  test('every block renders inside its wrapper with its CSS', () => {
    const data = sampleData();
    for (const block of BLOCKS) {
      const html = renderWidget(block, context(ALL_ON), data[block] as never);
      expect(html).toMatch(new RegExp(`^<div class="pl-widget pl-w-${block}" data-pl-widget="${block}" data-pl-endpoint="/apps/plaudit"`));
      expect(html).toContain('<style>.pl-widget{--pl-star:#f5a623');
      expect(strip(html).length).toBeGreaterThan(200);
    }
  });

  test('a rewarded review carries its disclosure (16 CFR 255.5); others do not', () => {
    const reviews = [review({ incentivized: true, content: 'Rewarded one.' }), review({ content: 'Plain one.' })];
    const html = renderWidget('carousel', context(), { reviews });
    expect(html.match(/<span class="pl-incentive">Received a discount for this review<\/span>/g)).toHaveLength(1);
    expect(html.indexOf('pl-incentive')).toBeLessThan(html.indexOf('Plain one.'));
  });

  test('review box: stars, reviewer, verified badge, date, markers, reply, lazy photos, load more, form, branding', () => {
    const html = renderWidget('review-box', context(), sampleData()['review-box']);
    expect(html).toContain('aria-label="4 out of 5 stars"'); // the average
    expect(html).toContain('<span class="pl-author" dir="auto">Ada L.</span><span class="pl-verified">Verified buyer</span>');
    expect(html).toContain('>Nov 1, 2026</time>');
    expect(html).toContain('<span class="pl-tag pl-pinned">Pinned</span>');
    expect(html).toContain('<span class="pl-tag pl-featured">Featured</span>');
    expect(html).toContain('Reply from Plaudit Demo');
    expect(html).toMatch(/<img src="https:\/\/cdn.example.com\/a.jpg" alt="" loading="lazy" decoding="async" width="72" height="72"\/>/);
    expect(html).toContain('data-pl-next="next-page"');
    expect(html).toMatch(
      /<form class="pl-form"[^>]*action="\/apps\/plaudit\/widgets\/submit\?return_to=%2Fproducts%2Fmerino-wool-beanie&amp;locale=en"[^>]*encType="multipart\/form-data" method="post"/,
    );
    expect(html).toContain('name="photos"');
    expect(html).toContain('role="status" aria-live="polite"');
    expect(html).toContain('Powered by Plaudit');
    expect(renderWidget('review-box', context({ branding: { removeBranding: true } }), sampleData()['review-box'])).not.toContain('Powered by');
  });

  test('reviewer names, dates and star labels follow the settings, deterministically', () => {
    expect(reviewerName('Ada Mae L.', 'first-last-initial')).toBe('Ada Mae L.');
    expect(reviewerName('Ada Mae L.', 'first')).toBe('Ada Mae');
    expect(reviewerName('Ada L.', 'anonymous')).toBe('Anonymous');
    const iso = '2026-03-04T23:30:00Z';
    expect(formatDate(iso, 'MM/DD/YYYY', NOW)).toBe('03/04/2026');
    expect(formatDate(iso, 'DD/MM/YYYY', NOW)).toBe('04/03/2026');
    expect(formatDate(iso, 'YYYY-MM-DD', NOW)).toBe('2026-03-04');
    expect(formatDate(iso, 'D MMM YYYY', NOW)).toBe('4 Mar 2026');
    expect(formatDate(iso, 'MMM D, YYYY', NOW)).toBe('Mar 4, 2026');
    expect(formatDate('2026-11-17T12:00:00Z', 'relative', NOW)).toBe('3 days ago');
    expect(formatDate(iso, 'none', NOW)).toBeNull();
    expect(starsLabel(4, context().text)).toBe('4 out of 5 stars');
    expect(starsLabel(4.46, context().text)).toBe('4.5 out of 5 stars');
    const html = renderWidget(
      'review-box',
      context({ general: { reviewerName: 'anonymous', dateFormat: 'none', showVerifiedBadge: false } }),
      sampleData()['review-box'],
    );
    expect(html).toContain('<span class="pl-author" dir="auto">Anonymous</span>');
    expect(html).not.toContain('<time');
    expect(html).not.toContain('Verified buyer');
  });

  test('colours and fonts reach the CSS as custom properties; merchant CSS cannot close the style element', () => {
    const html = renderWidget(
      'star-rating',
      context({ general: { starColor: '#123456', font: 'Lora', customCss: '.x{color:red}</style><script>alert(1)</script>' } }),
      sampleData()['star-rating'],
    );
    expect(html).toContain("--pl-star:#123456;--pl-text:#1f2328;--pl-accent:#1f2328;--pl-bg:#ffffff;--pl-font:'Lora',system-ui,sans-serif");
    expect(html.match(/<\/style>/g)).toHaveLength(1);
    expect(html).not.toContain('<script');
  });

  test('media other than http(s) is dropped; nothing renders for switched-off widgets', () => {
    const bad = review({
      media: [
        { url: 'javascript:alert(1)', type: 'image' },
        { url: 'data:image/png;base64,AA', type: 'image' },
        { url: ' https://x.test/a.png', type: 'image' },
      ],
    });
    const html = renderWidget('carousel', context(), { reviews: [bad] });
    expect(strip(html)).not.toContain('pl-media');
    expect(renderWidget('sidebar', context(), { reviews: [bad] })).toBe(''); // the sidebar is off by default
  });

  test('uploaded photos carry srcset for the 72 px thumbnail; unsafe renditions are dropped', () => {
    const variants = [
      { url: 'https://app.test/media/p-160w.jpg', width: 160 },
      { url: 'javascript:alert(1)', width: 480 },
      { url: 'https://app.test/media/p.jpg', width: 960 },
    ];
    const html = renderWidget('carousel', context(), { reviews: [review({ media: [{ url: 'https://app.test/media/p.jpg', type: 'image', variants }] })] });
    expect(html).toContain(
      '<img src="https://app.test/media/p-160w.jpg" srcSet="https://app.test/media/p-160w.jpg 160w, https://app.test/media/p.jpg 960w" sizes="72px"',
    );
    expect(html).toContain('data-pl-full="https://app.test/media/p.jpg"');
    expect(html).not.toContain('javascript:');
  });

  test('star rating: count formats, reserved height, empty products', () => {
    const data = sampleData()['star-rating'];
    expect(renderWidget('star-rating', context(), data)).toContain('<span aria-hidden="true">(3)</span><span class="pl-sr">3 reviews</span>');
    expect(renderWidget('star-rating', context({ starRating: { countFormat: 'average (n)' } }), data)).toContain('>4.0 (3)<');
    const empty = renderWidget('star-rating', context(), { productId: PRODUCT.id, summary: summaryOf([]) });
    expect(empty).toContain('class="pl-star-rating pl-none" style="font-size:16px;min-height:20px;justify-content:flex-start" aria-hidden="true"');
  });

  test('popup and carousel carry their timings as data attributes', () => {
    const popup = renderWidget('popup', context({ popup: { delayMs: 1500, showMs: 3000, hideMs: 2000 } }), sampleData().popup);
    expect(popup).toContain('data-pl-delay="1500" data-pl-show="3000" data-pl-hide="2000"');
    expect(popup).toContain('role="dialog"');
    const carousel = renderWidget('carousel', context(), sampleData().carousel);
    expect(carousel).toContain('data-pl-autoplay="true" data-pl-interval="5000"');
    expect(carousel).toContain('aria-label="Next reviews"');
  });
});

describe('widget routes', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const product = 'gid://shopify/Product/4242';

  async function shopWithReviews(n: number) {
    const s = await shopWithClient(api);
    const made = await createReviews(
      s.http,
      Array.from({ length: n }, (_, i) => ({
        productId: product,
        productTitle: 'Tea Pot',
        productHandle: 'tea-pot',
        rating: (i % 5) + 1,
        content: `text ${i}`,
        createdAt: new Date(Date.now() - i * 60_000),
      })),
    );
    // their listeners' late writes (a detected language) move the versions the 304 below is checked against
    await listenersDone(api, made);
    return s;
  }

  test('review box HTML: reviews, JSON-LD, scripts; fragment=list pages on; stars filter; 304', async () => {
    const { direct, domain } = await shopWithReviews(12);
    const res = await direct.get('/widgets/review-box?product_id=4242');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=60, stale-while-revalidate=600, stale-if-error=86400');
    const html = res.body as string;
    expect(html).toContain(`data-pl-endpoint="${api.config.appUrl}/storefront/shops/${domain}"`);
    expect(html.match(/<li><article class="pl-review"/g)).toHaveLength(5);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]);
    expect(ld).toMatchObject({ '@type': 'Product', name: 'Tea Pot', aggregateRating: { ratingValue: 2.75, reviewCount: 12, bestRating: 5 } });
    const src = /<script src="([^"]+\/storefront\/assets\/review-box\.[0-9a-f]{12}\.js)" defer><\/script>/.exec(html)![1];

    const next = /data-pl-next="([^"]+)"/.exec(html)![1];
    const more = await direct.get(`/widgets/review-box?product_id=4242&fragment=list&after=${next}`);
    expect(more.body).toMatch(/^<ol class="pl-list" data-pl-next="[^"]+">/);
    expect((more.body as string).match(/<article/g)).toHaveLength(5);
    expect(more.body).not.toContain('text 0<');
    const fives = await direct.get('/widgets/review-box?product_id=4242&fragment=list&stars=5');
    expect((fives.body as string).match(/aria-label="5 out of 5 stars"/g)).toHaveLength(2);
    expect((fives.body as string).match(/<article/g)).toHaveLength(2);

    const again = await fetch(`${api.url}/storefront/shops/${domain}/widgets/review-box?product_id=4242`, {
      headers: { 'If-None-Match': res.headers.get('etag')! },
    });
    expect(again.status).toBe(304);

    // The script: brotli or gzip as accepted, immutable, loadable from the storefront's origin.
    const path = new URL(src).pathname;
    const br = await fetch(api.url + path, { headers: { 'Accept-Encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const sent = Number(br.headers.get('content-length'));
    const code = await br.text(); // fetch decodes it
    expect(code).toContain('plaudit:load');
    expect(sent).toBeLessThan(code.length / 2);
    const gz = await fetch(api.url + path, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.status).toBe(200);
    expect((await fetch(`${api.url}/storefront/assets/review-box.000000000000.js`)).headers.get('cache-control')).toBe('public, max-age=60');
    expect((await fetch(`${api.url}/storefront/assets/nothing.000000000000.js`)).status).toBe(404);
  });

  test('rich snippets off: no JSON-LD; scripts=0: no script tags; unknown blocks 404; customer portal only through the proxy', async () => {
    const { http, direct } = await shopWithReviews(2);
    expect((await http.put('/api/reviews/settings', { richSnippets: false })).status).toBe(200);
    const html = (await direct.get('/widgets/review-box?product_id=4242&scripts=0')).body as string;
    expect(html).toContain('text 1');
    expect(html).not.toContain('<script');
    expect((await direct.get('/widgets/nope')).status).toBe(404);
    expect((await direct.get('/widgets/customer-portal')).status).toBe(404);
    expect((await direct.get('/widgets/review-box')).status).toBe(400);
  });

  test('every block answers through the widget route', async () => {
    const { shop, direct, http } = await shopWithReviews(5);
    // a review of the store itself: the store badge shows only with one
    await createReviews(http, [{ kind: 'store', productId: null }]);
    await displayStore(api.runtime.services.settings).display.update(shop.id, ALL_ON);
    for (const block of BLOCKS.filter((b) => b !== 'customer-portal')) {
      const res = await direct.get(`/widgets/${block}?product_id=4242&product_ids=4242`);
      expect([block, res.status]).toEqual([block, 200]);
      expect([block, (res.body as string).startsWith(`<div class="pl-widget pl-w-${block}"`)]).toEqual([block, true]);
    }
  });

  test('the form without script: the review is posted on and a page answers', async () => {
    const { http, domain } = await shopWithReviews(0);
    const form = new FormData();
    for (const [k, v] of Object.entries({
      productId: '4242',
      kind: 'product',
      rating: '4',
      content: 'Posted without script',
      firstName: 'Nia',
      lastName: 'Q',
      email: 'nia@example.com',
    }))
      form.set(k, v);
    const res = await fetch(`${api.url}/storefront/shops/${domain}/widgets/submit?return_to=/products/tea-pot`, { method: 'POST', body: form });
    const page = await res.text();
    expect(res.status).toBe(200);
    expect(page).toContain('Thank you! Your review has been received.');
    expect(page).toContain('href="/products/tea-pot"');
    const [stored] = (await http.get('/api/reviews')).body.data;
    expect(stored).toMatchObject({ content: 'Posted without script', rating: 4, productId: 'gid://shopify/Product/4242' });

    const bad = new FormData();
    bad.set('productId', '4242');
    const invalid = await fetch(`${api.url}/storefront/shops/${domain}/widgets/submit?return_to=//evil.example`, { method: 'POST', body: bad });
    const text = await invalid.text();
    expect(invalid.status).toBe(400);
    expect(text).toContain('<strong>Review:</strong> This field is required');
    expect(text).toContain('href="/"');
  });
});
