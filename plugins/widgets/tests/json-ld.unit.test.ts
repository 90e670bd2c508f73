// The review box's JSON-LD against schema.org and Google's review-snippet rules: Product named as
// the product, AggregateRating with ratingValue / reviewCount / bestRating 5, each Review with a
// Rating, a Person author with a name, datePublished and reviewBody; only with rich snippets on
// and at least one review; serialized so nothing in it can end the script element.
import { jsonLdScript, organizationJsonLd, productJsonLd, serializeJsonLd } from '../api/json-ld';
import { reviewBoxJsonLd, type ShopView } from '../api/widget-data';
import { context, PRODUCT, review, summaryOf } from './sample-data';

const general = context().settings.general;

test('Product with AggregateRating and Reviews as Google reads them', () => {
  const reviews = [
    review({ rating: 5, title: 'Great', author: 'Ada L.', createdAt: '2026-10-03T08:00:00.000Z' }),
    review({ rating: 4, title: null, content: 'Good.\nWarm.' }),
  ];
  const node = productJsonLd({ product: PRODUCT, url: 'https://shop.example/products/merino-wool-beanie', summary: summaryOf(reviews), reviews, general })!;
  expect(node).toEqual({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Merino Wool Beanie',
    url: 'https://shop.example/products/merino-wool-beanie',
    aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 },
    review: [
      {
        '@type': 'Review',
        name: 'Great',
        reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
        author: { '@type': 'Person', name: 'Ada L.' },
        datePublished: '2026-10-03',
        reviewBody: reviews[0].content,
      },
      {
        '@type': 'Review',
        reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
        author: { '@type': 'Person', name: 'Ada L.' },
        datePublished: '2026-11-01',
        reviewBody: 'Good.\nWarm.',
      },
    ],
  });
});

test('the reviewer name follows the display setting; the product name falls back to the reviews', () => {
  const reviews = [review({ author: 'Ada Mae L.' })];
  const node = productJsonLd({ product: { ...PRODUCT, title: null }, summary: summaryOf(reviews), reviews, general: { ...general, reviewerName: 'first' } })!;
  expect(node.name).toBe('Merino Wool Beanie');
  expect((node.review as { author: { name: string } }[])[0].author.name).toBe('Ada Mae');
});

test('nothing without reviews or without a product name', () => {
  expect(productJsonLd({ product: PRODUCT, summary: summaryOf([]), reviews: [], general })).toBeNull();
  expect(
    productJsonLd({
      product: { ...PRODUCT, title: ' ' },
      summary: summaryOf([review({ productTitle: null })]),
      reviews: [review({ productTitle: null })],
      general,
    }),
  ).toBeNull();
});

test('the rich-snippet setting switches it', () => {
  const reviews = [review()];
  const data = { product: PRODUCT, summary: summaryOf(reviews), page: { items: reviews, nextCursor: null } };
  const view = (richSnippets: boolean) => ({ display: context().settings, reviewSettings: { richSnippets }, lang: 'en', primaryLang: 'en' }) as ShopView;
  expect(reviewBoxJsonLd(view(true), data)).toMatchObject({ '@type': 'Product' });
  expect(reviewBoxJsonLd(view(false), data)).toBeNull();
});

test('serialized text cannot close the script element, open a comment or break a line in JS', () => {
  const value = { a: '</script><script>alert(1)</script>', b: '<!-- x -->', c: 'a\u2028b\u2029c', d: 'Tom & Jerry' };
  const text = serializeJsonLd(value);
  expect(text).toBe(
    '{"a":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e","b":"\\u003c!-- x --\\u003e","c":"a\\u2028b\\u2029c","d":"Tom \\u0026 Jerry"}',
  );
  expect(JSON.parse(text)).toEqual(value);
  expect(jsonLdScript(value)).toMatch(/^<script type="application\/ld\+json">[^<]*<\/script>$/);
});

test("a store review handed to a product's JSON-LD is left out; the Organization takes only store reviews", () => {
  const product = review({ rating: 5, content: 'The beanie is warm.' });
  const store = review({ rating: 1, kind: 'store', productId: null, productTitle: null, productHandle: null, title: null, content: 'Slow shipping.' });
  const node = productJsonLd({ product: PRODUCT, summary: summaryOf([product]), reviews: [product, store], general })!;
  expect((node.review as { reviewBody: string }[]).map((r) => r.reviewBody)).toEqual(['The beanie is warm.']);

  const org = organizationJsonLd({ name: ' Wool & Co ', url: 'https://wool.example/', summary: summaryOf([store]), reviews: [product, store], general })!;
  expect(org).toEqual({
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: 'Wool & Co',
    url: 'https://wool.example/',
    aggregateRating: { '@type': 'AggregateRating', ratingValue: 1, reviewCount: 1, bestRating: 5, worstRating: 1 },
    review: [
      {
        '@type': 'Review',
        reviewRating: { '@type': 'Rating', ratingValue: 1, bestRating: 5, worstRating: 1 },
        author: { '@type': 'Person', name: 'Ada L.' },
        datePublished: store.createdAt.slice(0, 10),
        reviewBody: 'Slow shipping.',
      },
    ],
  });
  // a shop without store reviews has no Organization rating to state
  expect(organizationJsonLd({ name: 'Wool & Co', url: 'https://wool.example/', summary: summaryOf([]), reviews: [product], general })).toBeNull();
});
