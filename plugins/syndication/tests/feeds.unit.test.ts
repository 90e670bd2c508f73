// The Meta feed against the columns Meta documents, and the product_review fields against the
// standard definition the store emulator serves (both pure: no stack).
import { parse } from 'csv-parse/sync';
import type { PublicReview, ReviewFactSheet } from '@plaudit/contracts/reviews';
import { feedReview, META_COLUMNS, toCsv, toJson, type FeedStore } from '../shared/meta-feed';
import { ineligibility, metaobjectFields } from '../shared/metaobject';

const store: FeedStore = { name: 'Plaudit Demo', id: 'plaudit-demo.myshopify.com', storeDomain: 'shop.example' };
const APP = 'https://app.example';

function review(o: Partial<PublicReview> = {}): PublicReview {
  return {
    id: 7,
    kind: 'product',
    productId: 'gid://shopify/Product/9007199254740999',
    productTitle: 'Linen tote',
    productHandle: 'linen-tote',
    rating: 4,
    title: 'Sturdy, "roomy"',
    content: 'Carries everything,\nincluding a laptop.',
    author: 'Ada L.',
    country: 'GB',
    locale: 'en',
    variants: [],
    media: [
      { url: '/media/a.jpg', type: 'image' },
      { url: 'https://cdn.example/v.mp4', type: 'video' },
    ],
    verified: true,
    incentivized: false,
    featured: false,
    pinned: false,
    reply: { content: 'Thank you!', at: '2026-01-03T00:00:00.000Z' },
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
    ...o,
  };
}

// Meta's CSV schema, the columns its page documents as required (feed-schema-csv).
const REQUIRED = ['store.name', 'store.storeUrls', 'reviewID', 'rating', 'content', 'created_at', 'incentivized'];
const BOOLEAN = ['incentivized', 'has_verified_purchase', 'reviewer.isAnonymous'];
const ISO = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

test('the CSV has Meta columns, required values filled, typed as documented; text survives quoting', () => {
  const rows = [review(), review({ id: 8, title: null, incentivized: true, verified: false, reply: null, media: [] })].map((r) => feedReview(r, store, APP)!);
  const records: Record<string, string>[] = parse(toCsv(store, rows), { columns: true });
  expect(Object.keys(records[0])).toEqual(META_COLUMNS.map((c) => c.name));
  for (const name of REQUIRED) expect(META_COLUMNS.find((c) => c.name === name)?.required).toBe(true);
  for (const r of records) {
    for (const name of REQUIRED) expect(r[name]).not.toBe('');
    expect(Number(r.rating)).toBeGreaterThanOrEqual(1);
    expect(Number(r.rating)).toBeLessThanOrEqual(5);
    expect(r.created_at).toMatch(ISO);
    expect(r.updated_at).toMatch(ISO);
    for (const name of BOOLEAN) expect(['true', 'false']).toContain(r[name]);
    expect(JSON.parse(r['store.storeUrls'])).toEqual(['shop.example']);
  }
  expect(records[0]).toMatchObject({
    reviewID: '7',
    title: 'Sturdy, "roomy"',
    content: 'Carries everything,\nincluding a laptop.',
    has_verified_purchase: 'true',
    incentivized: 'false',
    'reviewer.name': 'Ada L.',
    'product.url': 'https://shop.example/products/linen-tote',
    'merchant_reply.content': 'Thank you!',
  });
  // photos only, made absolute; the video is not an image URL
  expect(JSON.parse(records[0].review_image_urls)).toEqual(['https://app.example/media/a.jpg']);
  expect(records[1]).toMatchObject({ incentivized: 'true', has_verified_purchase: 'false', review_image_urls: '', 'merchant_reply.content': '' });
  // the JSON schema requires a title: the review's first words stand in
  expect(records[1].title).toBe('Carries everything, including a laptop.');
});

test('JSON: root aggregator, store and reviews as the JSON schema names them', () => {
  const json = toJson(store, [feedReview(review(), store, APP)!]);
  expect(json).toMatchObject({ aggregator: 'Plaudit', store: { name: 'Plaudit Demo', storeUrls: ['shop.example'] } });
  expect(json.reviews[0]).toMatchObject({ reviewID: '7', rating: 4, incentivized: false, hasVerifiedPurchase: true, createdAt: '2026-01-01T10:00:00.000Z' });
});

test('reviews Meta would refuse are left out: no text, a store review, no product page', () => {
  expect(feedReview(review({ content: '  ' }), store, APP)).toBeUndefined();
  expect(feedReview(review({ kind: 'store', productId: null, productHandle: null }), store, APP)).toBeUndefined();
});

const facts = (o: Partial<ReviewFactSheet> = {}): ReviewFactSheet => ({
  reviewId: 7,
  kind: 'product',
  status: 'published',
  source: 'customer',
  rating: 4,
  title: 'Sturdy',
  content: 'Carries everything',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  customerId: 'gid://shopify/Customer/9007199254741000',
  locale: 'en-GB',
  productId: 'gid://shopify/Product/9007199254740999',
  productTitle: 'Linen tote',
  productHandle: 'linen-tote',
  orderId: '9007199254741001',
  mediaCount: 2,
  verified: true,
  incentivized: false,
  replyContent: 'Thank you!',
  repliedAt: '2026-01-03T00:00:00.000Z',
  createdAt: '2026-01-01T10:00:00.000Z',
  ...o,
});

// The standard definition's fields as Shopify's list of standard definitions gives them (names in
// snake case as keys), each with the shape its type takes.
const isDate = (v: string) => !Number.isNaN(Date.parse(v));
const gidOf = (resource: string) => (v: string) => new RegExp(`^gid://shopify/${resource}/\\d+$`).test(v);
const DEFINITION: { key: string; required?: boolean; valid: (v: string) => boolean }[] = [
  { key: 'rating', required: true, valid: (v) => ((r) => Number(r.scale_min) <= Number(r.value) && Number(r.value) <= Number(r.scale_max))(JSON.parse(v)) },
  { key: 'title', valid: (v) => !/[\r\n]/.test(v) },
  { key: 'body', valid: () => true },
  { key: 'submitted_at', required: true, valid: isDate },
  { key: 'edited_at', valid: isDate },
  { key: 'published_at', valid: isDate },
  { key: 'source', required: true, valid: (v) => !/[\r\n]/.test(v) },
  { key: 'author', valid: gidOf('Customer') },
  { key: 'author_display_name', valid: (v) => !/[\r\n]/.test(v) },
  { key: 'order', valid: gidOf('Order') },
  { key: 'product', valid: gidOf('Product') },
  { key: 'product_variant', valid: gidOf('ProductVariant') },
  { key: 'merchant_reply', valid: () => true },
  { key: 'merchant_replied_at', valid: isDate },
  { key: 'media_urls', valid: (v) => (JSON.parse(v) as string[]).every((u) => /^https?:\/\//.test(u)) },
  { key: 'language', valid: (v) => /^[a-z]{2,3}$/.test(v) },
];

test('product_review fields: every key is the standard definition’s and every value has its type’s shape', () => {
  const def = { fields: DEFINITION };
  const fields = metaobjectFields(
    { shown: review(), facts: facts(), publishedAt: '2026-01-01T11:00:00.000Z', language: 'en' },
    { appUrl: APP, editedAt: '2026-01-02T10:00:00.000Z' },
  );
  for (const { key, value } of fields) {
    const field = def.fields.find((f) => f.key === key);
    expect([key, !!field]).toEqual([key, true]);
    if (value !== '') expect([key, field!.valid(value)]).toEqual([key, true]);
  }
  const byKey = Object.fromEntries(fields.map((f) => [f.key, f.value]));
  expect(byKey).toMatchObject({ title: 'Sturdy, "roomy"', source: 'Plaudit', order: 'gid://shopify/Order/9007199254741001', author_display_name: 'Ada L.' });
  expect(JSON.parse(byKey.media_urls)).toEqual(['https://app.example/media/a.jpg', 'https://cdn.example/v.mp4']);
  for (const f of def.fields.filter((d) => d.required)) expect(byKey[f.key]).toBeTruthy();
});

test('imported reviews carry no customer or order; incentivized and store reviews are not eligible', () => {
  const imported = Object.fromEntries(
    metaobjectFields({ shown: review(), facts: facts({ source: 'judgeme', verified: false }), publishedAt: null, language: null }, { appUrl: APP }).map((f) => [
      f.key,
      f.value,
    ]),
  );
  expect(imported).toMatchObject({ author: '', order: '', source: 'Plaudit (imported: judgeme)' });
  expect(imported.edited_at).toBeUndefined();
  expect(ineligibility({ shown: review({ incentivized: true }), facts: facts(), publishedAt: null, language: null })).toBe('incentivized');
  expect(ineligibility({ shown: review({ kind: 'store', productId: null }), facts: facts(), publishedAt: null, language: null })).toBe('store_review');
  expect(ineligibility({ shown: undefined, facts: facts(), publishedAt: null, language: null })).toBe('not_shown');
});
