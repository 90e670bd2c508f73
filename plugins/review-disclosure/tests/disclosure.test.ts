// The disclosure page on the real stack (API, PostgreSQL): what it states follows the shop's settings
// as the owners save them through their own APIs (reviews, rewards, widgets), imported reviews are
// counted, another shop's settings never show, an unknown shop is a 404 saying so, the shopper's
// language is spoken, the app proxy answers with the shop's own address as canonical, and the
// review box links to the page in its language.
import { appProxySignature, tenantFor } from '@plaudit/kernel';
import { client, createShop, startTestApi, type TestApi, withPlugins } from '@plaudit/kernel/testing';
import { ReviewWrite } from '@plaudit/contracts/reviews';

const SECRET = 'disclosure-test-secret';
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ SHOPIFY_API_KEY: 'disclosure-test-key', SHOPIFY_API_SECRET: SECRET });
});
afterAll(() => api?.close());

const PATH = 'how-reviews-are-collected';

async function shop(fields: Record<string, unknown> = {}) {
  const { shop, token } = await createShop(api, { plan: 'advanced', ...fields });
  return { shop, domain: shop.shopifyDomain as string, http: client(api.url, token) };
}

async function page(domain: string, query = '') {
  const res = await fetch(`${api.url}/storefront/shops/${domain}/${PATH}${query}`);
  return { status: res.status, html: await res.text(), headers: res.headers };
}

/** The page's visible text, tags dropped and entities decoded, so sentences can be matched whole. */
const text = (html: string) =>
  html
    .replace(/<head>.*<\/head>/s, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

withPlugins('widgets', 'rewards')('states the shop settings as saved, and follows every change', async () => {
  const a = await shop({ name: 'Lindenhof Ceramics' });
  const p = await page(a.domain);
  expect(p.status).toBe(200);
  expect(p.headers.get('content-type')).toMatch(/^text\/html/);
  expect(p.html).toMatch(/^<!doctype html><html lang="en">/);
  let words = text(p.html);
  expect(words).toContain('How reviews at Lindenhof Ceramics are collected');
  expect(words).toContain('New reviews are published as soon as they are written.');
  // what the spam check holds is published by the hourly run after the shop's days (14 by default)
  expect(words).toContain('A review with several links or offensive words is held');
  expect(words).toContain('A review that is still held after 14 days is published automatically.');
  expect(words).toContain('Anyone can also write a review with the form on a product page.');
  expect(words).toContain('Verified purchases carry the mark “Verified buyer”.');
  expect(words).toContain('low ratings are published in the same way as high ones');
  expect(words).toContain('The shop offers nothing in return for a review.');
  expect(words).toContain('Every review shown here was written by a customer of this shop.');
  expect(words).toContain('The link is valid for 30 days');
  expect(words).not.toContain('held until the shop');

  // the reviews plugin's general settings: held for moderation, published after 7 days; buyers only
  expect((await a.http.put('/api/reviews/settings', { autoPublish: 'hold', autoPublishHeldAfterDays: 7, customerEligibility: 'buyers' })).status).toBe(200);
  // the rewards plugin: 10 % for a text review of 80 characters, 15 % with photos, verified buyers only
  const rewards = { enableDiscount: true, valueMode: 'separate', valueText: 10, valuePhoto: 15, charactersRequired: 80, customerEligibility: 'verified' };
  expect((await a.http.put('/api/discounts/settings', rewards)).status).toBe(200);
  // the widgets: no "Verified buyer" badge
  expect((await a.http.put('/api/display-settings/general', { showVerifiedBadge: false })).status).toBe(200);

  words = text((await page(a.domain)).html);
  expect(words).toContain('New reviews are held until the shop has read them.');
  expect(words).toContain('A review that is still held after 7 days is published automatically.');
  expect(words).toContain('accepts reviews only from signed-in customers who bought the product');
  expect(words).toContain('This shop does not show the verified-purchase mark on its reviews');
  expect(words).toContain('at least 80 characters receives a discount code for 10% off, or for 15% off when the review has photos or videos.');
  expect(words).toContain('Only reviews marked as verified purchases earn one.');
  expect(words).toContain('Every review that earned a reward is shown with the note “Received a discount for this review”.');
  expect(words).not.toContain('offers nothing in return');
  expect(words).not.toContain('published as soon as they are written');

  // held reviews published by hand only; rewards off again; the badge back
  expect((await a.http.put('/api/reviews/settings', { autoPublishHeldAfterDays: null })).status).toBe(200);
  expect((await a.http.put('/api/discounts/settings', { enableDiscount: false })).status).toBe(200);
  expect((await a.http.put('/api/display-settings/general', { showVerifiedBadge: true })).status).toBe(200);
  words = text((await page(a.domain)).html);
  expect(words).toContain('Held reviews are published only by the shop.');
  expect(words).toContain('The shop offers nothing in return for a review.');
  expect(words).toContain('Verified purchases carry the mark “Verified buyer”.');

  // one value for every review, a fixed amount (the shop's currency is Shopify's, not known here)
  expect((await a.http.put('/api/discounts/settings', { enableDiscount: true, valueMode: 'all', valueAll: 5, typeDiscount: 'fixed' })).status).toBe(200);
  expect(text((await page(a.domain)).html)).toContain("receives a discount code for 5 off (in the shop's currency)");
});

test('imported and merchant-entered reviews are counted and named; demo reviews are not', async () => {
  const a = await shop();
  const write = api.runtime.services.capabilities.require(ReviewWrite);
  const product = { productId: 'gid://shopify/Product/4242', productTitle: 'Mug', productHandle: 'mug' };
  await write.importReviews(tenantFor(a.shop.id, a.domain), [
    { ...product, rating: 5, content: 'Great', source: 'amazon' },
    { ...product, rating: 4, content: 'Good', source: 'amazon' },
    { ...product, rating: 2, content: 'Meh', source: 'imported' },
    { ...product, rating: 1, content: 'Hidden', source: 'aliexpress', status: 'unpublished' },
    { ...product, rating: 5, content: 'Sample', demo: true },
  ]);
  const created = await a.http.post('/api/reviews', { ...product, rating: 5, content: 'Typed in from a letter', firstName: 'Ida', email: 'ida@example.com' });
  expect(created.status).toBeLessThan(300);
  const words = text((await page(a.domain)).html);
  expect(words).toContain('Some reviews shown here (3) were copied from elsewhere: Amazon and another review app or a file.');
  expect(words).not.toContain('AliExpress');
  expect(words).toContain('Some reviews shown here (1) were entered by the shop itself.');
  expect(words).not.toContain('Every review shown here was written by a customer');
});

test("another shop's settings never show on a shop's page", async () => {
  const a = await shop({ name: 'Shop Alpha' });
  const b = await shop({ name: 'Shop Beta' });
  expect((await a.http.put('/api/reviews/settings', { autoPublish: 'hold' })).status).toBe(200);
  expect((await a.http.put('/api/discounts/settings', { enableDiscount: true, valueMode: 'all', valueAll: 20 })).status).toBe(200);
  const beta = text((await page(b.domain)).html);
  expect(beta).toContain('How reviews at Shop Beta are collected');
  expect(beta).toContain('New reviews are published as soon as they are written.');
  expect(beta).toContain('The shop offers nothing in return for a review.');
  expect(beta).not.toContain('Shop Alpha');
  expect(beta).not.toContain('20%');
  expect(text((await page(a.domain)).html)).toContain('discount code for 20% off');
});

test('an unknown, malformed or uninstalled shop is a 404 that says so, in the asked language', async () => {
  for (const domain of ['nobody-here.myshopify.com', 'not a domain', '..%2f..%2fetc']) {
    const p = await page(encodeURIComponent(domain).replace(/%252f/gi, '%2f'));
    expect([domain, p.status]).toEqual([domain, 404]);
    expect(text(p.html)).toContain('No shop at this address collects its reviews with Plaudit.');
  }
  const german = await page('nobody-here.myshopify.com', '?locale=de');
  expect(german.status).toBe(404);
  expect(german.html).toContain('lang="de"');
  expect(text(german.html)).toContain('Unter dieser Adresse sammelt kein Shop seine Bewertungen mit Plaudit.');
  const gone = await shop({ uninstalledAt: new Date() });
  expect((await page(gone.domain)).status).toBe(404);
});

test("in the shopper's language: ?locale=, else the shop's primary locale, else English", async () => {
  const a = await shop({ name: 'Atelier Nord', primaryLocale: 'fr' });
  expect((await a.http.put('/api/reviews/settings', { autoPublish: 'hold', autoPublishHeldAfterDays: 14 })).status).toBe(200);
  const french = await page(a.domain);
  expect(french.html).toContain('<html lang="fr">');
  expect(text(french.html)).toContain('Comment les avis de Atelier Nord sont recueillis');
  expect(text(french.html)).toContain('Un avis encore retenu après 14 jours est publié automatiquement.');
  const german = await page(a.domain, '?locale=de-CH');
  expect(german.html).toContain('<html lang="de">');
  expect(german.headers.get('content-language')).toBe('de');
  expect(text(german.html)).toContain('Eine Bewertung, die 14 Tage lang zurückgehalten wurde, wird automatisch veröffentlicht.');
  const hindi = await page(a.domain, '?locale=hi');
  expect(hindi.html).toContain('<html lang="hi">');
  expect(text(hindi.html)).toContain('समीक्षाएँ कैसे एकत्र की जाती हैं');
  // a language without texts, a repeated or garbled parameter: the shop's own
  for (const q of ['?locale=sv', '?locale=de&locale=ja', '?locale=..%2F..%2Fx', `?locale=${'x'.repeat(5000)}`]) {
    const res = await page(a.domain, q);
    expect([q, res.status, res.html.slice(0, 31)]).toEqual([q, 200, '<!doctype html><html lang="fr">']);
  }
  // every language is offered to search engines
  expect(french.html.match(/<link rel="alternate" hreflang="[\w-]+"/g)).toHaveLength(12);
  expect(french.html).toContain(`hreflang="ja" href="${api.config.appUrl}/storefront/shops/${a.domain}/${PATH}?locale=ja"`);
});

test("through the app proxy: signed only, with the shop's own address as canonical", async () => {
  const a = await shop({ domain: 'lindenhof.example' });
  const params: Record<string, string> = {
    shop: a.domain,
    logged_in_customer_id: '',
    path_prefix: '/apps/plaudit',
    timestamp: String(Math.floor(Date.now() / 1000)),
  };
  const signed = new URLSearchParams({ ...params, locale: 'nl', signature: appProxySignature({ ...params, locale: 'nl' }, SECRET) });
  const res = await fetch(`${api.url}/storefront/proxy/${PATH}?${signed}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain('<html lang="nl">');
  expect(html).toContain(`<link rel="canonical" href="https://lindenhof.example/apps/plaudit/${PATH}?locale=nl">`);
  const forged = new URLSearchParams({ ...params, signature: 'f'.repeat(64) });
  expect((await fetch(`${api.url}/storefront/proxy/${PATH}?${forged}`)).status).toBe(401);
});

withPlugins('widgets')('the review box links to the page in its own language', async () => {
  const a = await shop();
  const res = await fetch(`${api.url}/storefront/shops/${a.domain}/widgets/review-box?product_id=4242&locale=es`);
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain(`<a href="${api.config.appUrl}/storefront/shops/${a.domain}/${PATH}?locale=es">Cómo se recopilan las reseñas</a>`);
});
