// What the metaobjects/* webhooks are compared by (shared/metaobject-compare.ts, the handle of ours
// in shared/metaobject.ts): a metaobject holding what we send, written differently (JSON key order,
// a date-time in another zone), is the same; a changed, cleared or extra field is a difference; the
// hash of Shopify's fields is the same for a webhook's map and the upsert's answer list.
import { fieldsHash, sameFields } from '../shared/metaobject-compare';
import { reviewHandle, reviewIdOfHandle } from '../shared/metaobject';

const sent = [
  { key: 'rating', value: JSON.stringify({ value: '4', scale_min: '1', scale_max: '5' }) },
  { key: 'title', value: 'Sturdy' },
  { key: 'body', value: 'Carries everything.' },
  { key: 'submitted_at', value: '2026-12-01T10:00:00.000Z' },
  { key: 'merchant_reply', value: '' },
  { key: 'media_urls', value: JSON.stringify(['https://cdn.example.com/a.jpg']) },
];
const held = {
  rating: '{"scale_max":"5","scale_min":"1","value":"4"}',
  title: 'Sturdy',
  body: 'Carries everything.',
  submitted_at: '2026-12-01T05:00:00-05:00',
  media_urls: '["https://cdn.example.com/a.jpg"]',
  edited_at: '2026-12-02T10:00:00Z',
};

test('the same review written differently by Shopify is the same; edited_at is not compared', () => {
  expect(sameFields(held, sent)).toBe(true);
});

test.each([
  ['a changed body', { ...held, body: 'Edited in the admin.' }],
  ['a cleared title', { ...held, title: '' }],
  ['a missing rating', Object.fromEntries(Object.entries(held).filter(([k]) => k !== 'rating'))],
  ['a reply we do not send', { ...held, merchant_reply: 'Thanks!' }],
  ['a field we leave empty, filled', { ...held, product_variant: 'gid://shopify/ProductVariant/1' }],
  ['another rating', { ...held, rating: '{"value":"1","scale_min":"1","scale_max":"5"}' }],
  ['another instant', { ...held, submitted_at: '2026-12-01T10:00:01Z' }],
  ['not JSON where JSON was sent', { ...held, media_urls: '[oops' }],
])('%s is a difference', (_, fields) => {
  expect(sameFields(fields as Record<string, string>, sent)).toBe(false);
});

test("our handles name their review; another app's or the merchant's name none", () => {
  expect(reviewIdOfHandle(reviewHandle(42))).toBe(42);
  for (const h of [
    'plaudit-review-0',
    'plaudit-review-',
    'plaudit-review-42-x',
    'judgeme-review-42',
    'plaudit-review-0042',
    'plaudit-review-12345678901234567',
  ])
    expect([h, reviewIdOfHandle(h)]).toEqual([h, undefined]);
});

test("the fields' hash: the webhook's map and the upsert's answer agree; any change of a value changes it", () => {
  const answer = Object.entries(held).map(([key, value]) => ({ key, value }));
  expect(fieldsHash(held)).toBe(fieldsHash([...answer].reverse()));
  expect(fieldsHash({ ...held, cleared: '' })).toBe(fieldsHash(held));
  expect(fieldsHash([...answer, { key: 'order', value: null }])).toBe(fieldsHash(held));
  expect(fieldsHash({ ...held, body: 'Edited.' })).not.toBe(fieldsHash(held));
  expect(fieldsHash({ a: 'b\u0000c' })).not.toBe(fieldsHash({ 'a\u0000b': 'c' }));
});
