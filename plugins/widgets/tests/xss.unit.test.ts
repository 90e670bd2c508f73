/**
 * @jest-environment jsdom
 */
// Review text is shopper input: script tags, event-handler attributes, javascript: URLs, SVG and
// script-closing sequences in every field of every widget must stay text. Each widget's HTML is
// parsed as a browser would and searched for anything active; the JSON-LD must still parse with
// the right aggregate and carry the payloads verbatim.
import { BLOCKS, renderWidget, type BlockData } from '../api/render';
import { productJsonLd, serializeJsonLd } from '../api/json-ld';
import { ALL_ON, context, PRODUCT, review, summaryOf } from './sample-data';
import type { AskedQuestion } from '@plaudit/contracts/review-questions';

const PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '<svg onload=alert(1)>',
  '</script><script>alert(1)</script>',
];
const ASSETS = 'https://app.example/storefront/assets/';

function evilReviews() {
  return PAYLOADS.map((p, i) =>
    review({
      rating: (i % 5) + 1,
      title: p,
      content: p,
      author: p,
      country: p,
      productTitle: p,
      productHandle: p,
      variants: [p],
      media: [
        { url: p, type: 'image' },
        { url: 'javascript:alert(1)', type: 'video' },
        { url: 'data:text/html,<script>alert(1)</script>', type: 'image' },
      ],
      reply: { content: p, at: '2026-11-02T00:00:00Z' },
    }),
  );
}

/** The merchant's custom questions (plugins/review-questions) with the payloads in every text. */
function evilQuestions(): AskedQuestion[] {
  return PAYLOADS.map((p, i) => ({
    id: i + 1,
    kind: 'single',
    label: p,
    required: false,
    points: null,
    lowLabel: p,
    highLabel: p,
    options: [
      { key: `k${i}`, label: p },
      { key: 'b', label: p },
    ],
    recommend: false,
  }));
}

function evilData(): { [B in (typeof BLOCKS)[number]]: BlockData[B] } {
  const reviews = evilReviews();
  const questions = evilQuestions();
  const answers = {
    recommendPercent: 50,
    distributions: questions.map((question) => ({ question, total: 2, counts: question.options.map((o) => ({ value: o.key, label: o.label, count: 1 })) })),
  };
  const summary = summaryOf(reviews);
  const product = { id: PRODUCT.id, title: PAYLOADS[4], handle: PAYLOADS[0] };
  const page = { items: reviews, nextCursor: PAYLOADS[4] };
  return {
    'review-box': { product, summary, page, sort: PAYLOADS[0], answers, answer: PAYLOADS[1], questions },
    'star-rating': { productId: PAYLOADS[1], summary },
    carousel: { reviews },
    popup: { reviews },
    sidebar: { reviews },
    testimonials: { reviews },
    'all-reviews': { summary, page },
    'submit-form': { product, questions },
    'customer-portal': {
      signedIn: true,
      page,
      awaiting: PAYLOADS.map((p, i) => ({
        productId: p,
        title: p,
        handle: p,
        imageUrl: i % 2 ? p : 'javascript:alert(1)',
        writeUrl: i % 2 ? 'javascript:alert(1)' : p,
      })),
    },
    upsell: { summaries: { [PAYLOADS[3]]: summary } },
    'store-badge': { summary, pageUrl: `/apps/plaudit/reviews?locale=${PAYLOADS[0]}` },
  };
}

/** Merchant strings are escaped too. */
const SETTINGS = {
  ...ALL_ON,
  reviewBox: { title: PAYLOADS[0], emptyText: PAYLOADS[1] },
  carousel: { title: PAYLOADS[3] },
  sidebar: { enabled: true, buttonText: PAYLOADS[1].slice(0, 40) },
  submitForm: { title: PAYLOADS[4], thankYouText: PAYLOADS[1] },
  branding: { poweredByText: PAYLOADS[0] },
  general: { customCss: `.a{}${PAYLOADS[4]}` },
};

function activeContent(doc: Document): string[] {
  const found: string[] = [];
  for (const el of Array.from(doc.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    if (tag === 'script') {
      const ok = el.getAttribute('type') === 'application/ld+json' || (el.getAttribute('src') ?? '').startsWith(ASSETS);
      if (!ok) found.push(`script ${el.outerHTML.slice(0, 80)}`);
    }
    if (['svg', 'iframe', 'object', 'embed', 'math', 'base', 'meta', 'link'].includes(tag)) found.push(tag);
    if (tag === 'img' && el.getAttribute('src') === 'x') found.push('img src=x');
    for (const a of Array.from(el.attributes)) {
      if (/^on/i.test(a.name)) found.push(`${tag}[${a.name}]`);
      if (['href', 'src', 'action', 'formaction', 'data-pl-full', 'poster'].includes(a.name) && /^\s*(javascript|data|vbscript):/i.test(a.value))
        found.push(`${tag}[${a.name}=${a.value}]`);
    }
  }
  return found;
}

test.each(BLOCKS)('%s: every payload stays text', (block) => {
  const ctx = context(SETTINGS, { shopName: PAYLOADS[1] });
  const html = renderWidget(block, ctx, evilData()[block] as never, {
    scriptSrc: (name) => `${ASSETS}${name}.abc.js`,
    jsonLd:
      block === 'review-box'
        ? productJsonLd({
            product: { ...PRODUCT, title: PAYLOADS[4] },
            summary: summaryOf(evilReviews()),
            reviews: evilReviews(),
            general: ctx.settings.general,
          })
        : null,
  });
  expect(html.length).toBeGreaterThan(100);
  const doc = new DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, 'text/html');
  expect(activeContent(doc)).toEqual([]);
  // exactly one style element, and the parse kept the whole widget inside its wrapper
  expect(doc.querySelectorAll('style')).toHaveLength(1);
  expect(doc.body.children).toHaveLength(1);
  expect(doc.body.firstElementChild!.getAttribute('data-pl-widget')).toBe(block);
  const text = doc.body.textContent ?? '';
  if (!['star-rating', 'upsell', 'store-badge'].includes(block)) expect(text).toContain(PAYLOADS[0]);
});

test('JSON-LD with payloads parses back to the right aggregate and the verbatim text', () => {
  const reviews = evilReviews();
  const node = productJsonLd({ product: { ...PRODUCT, title: PAYLOADS[4] }, summary: summaryOf(reviews), reviews, general: context().settings.general })!;
  const html = renderWidget(
    'review-box',
    context(),
    { product: PRODUCT, summary: summaryOf(reviews), page: { items: reviews, nextCursor: null } },
    { jsonLd: node },
  );
  const doc = new DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, 'text/html');
  const scripts = doc.querySelectorAll('script[type="application/ld+json"]');
  expect(scripts).toHaveLength(1);
  const ld = JSON.parse(scripts[0].textContent!);
  expect(ld.name).toBe(PAYLOADS[4]);
  expect(ld.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 3, reviewCount: 5, bestRating: 5, worstRating: 1 });
  expect(ld.review.map((r: { reviewBody: string }) => r.reviewBody)).toEqual(PAYLOADS);
  expect(ld.review.map((r: { author: { name: string } }) => r.author.name)).toEqual(PAYLOADS);
  const raw = serializeJsonLd(node);
  expect(raw).not.toMatch(/<\/script|<!--|-->|<|>/i);
});
