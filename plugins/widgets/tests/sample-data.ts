// Sample widget data for the render, XSS and JSON-LD tests (and the bytes bench): reviews as the
// feed gives them, a summary that matches them.
import { textFor } from '../api/storefront-text';
import { withDisplayDefaults, type DisplaySettings } from '../shared/display-settings';
import type { PublicReview, Summary, WidgetContext } from '../shared/widget-types';
import type { AskedQuestion, ProductAnswers } from '@plaudit/contracts/review-questions';
import type { BoxTopic, SummarySentence } from '@plaudit/contracts/insights';

export const NOW = Date.parse('2026-11-20T12:00:00Z');
export const PRODUCT = { id: 'gid://shopify/Product/7001', title: 'Merino Wool Beanie', handle: 'merino-wool-beanie' };

let seq = 0;
export function review(fields: Partial<PublicReview> = {}): PublicReview {
  seq++;
  return {
    id: seq,
    kind: 'product',
    productId: PRODUCT.id,
    productTitle: PRODUCT.title,
    productHandle: PRODUCT.handle,
    rating: 5,
    title: 'Lovely',
    content: `Warm and soft, review ${seq}.`,
    author: 'Ada L.',
    country: 'GB',
    locale: 'en',
    variants: [],
    media: [],
    verified: true,
    incentivized: false,
    featured: false,
    pinned: false,
    reply: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...fields,
  };
}

export function summaryOf(reviews: PublicReview[]): Summary {
  const stars = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } as Summary['stars'];
  for (const r of reviews) stars[r.rating as 1 | 2 | 3 | 4 | 5]++;
  const count = reviews.length;
  return {
    count,
    average: count ? Math.round((reviews.reduce((a, r) => a + r.rating, 0) / count) * 100) / 100 : 0,
    stars,
    mediaCount: reviews.filter((r) => r.media.length).length,
  };
}

/** A render's context; `lang` the storefront language (the shop's primary language is English). */
export function context(settings: unknown = {}, extra: Partial<WidgetContext> = {}, lang = 'en'): WidgetContext {
  const display = withDisplayDefaults(settings) as DisplaySettings;
  return { settings: display, text: textFor(display, lang, 'en'), shopName: 'Plaudit Demo', endpoint: '/apps/plaudit', now: NOW, ...extra };
}

/** Every widget on, so each renders. */
export const ALL_ON = {
  sidebar: { enabled: true },
  testimonial: { enabled: true },
  customerPortal: { enabled: true },
  upsell: { enabled: true },
};

/** Custom questions (plugins/review-questions) as the review box's form asks them: a fit scale and the recommend question. */
export const QUESTIONS: AskedQuestion[] = [
  {
    id: 1,
    kind: 'scale',
    label: 'How does it fit?',
    required: true,
    points: 5,
    lowLabel: 'Runs small',
    highLabel: 'Runs large',
    options: [],
    recommend: false,
  },
  { id: 2, kind: 'yesno', label: 'Would you recommend it?', required: false, points: null, lowLabel: null, highLabel: null, options: [], recommend: true },
];

/** Their distributions as the capability gives them (its yes/no in the merchant's words here). */
export const ANSWERS: ProductAnswers = {
  recommendPercent: 67,
  distributions: [
    {
      question: QUESTIONS[0],
      total: 3,
      counts: [
        { value: '1', label: 'Runs small', count: 2 },
        { value: '2', label: '2', count: 0 },
        { value: '3', label: '3', count: 1 },
        { value: '4', label: '4', count: 0 },
        { value: '5', label: 'Runs large', count: 0 },
      ],
    },
    {
      question: QUESTIONS[1],
      total: 3,
      counts: [
        { value: 'yes', label: '✓', count: 2 },
        { value: 'no', label: '✗', count: 1 },
      ],
    },
  ],
};

/**
 * "What customers say" (plugins/insights) at its largest: six topics and three quoted sentences
 * near the 160 characters a quote may have, one of them a complaint.
 */
export const INSIGHTS: { topics: BoxTopic[]; summary: SummarySentence[] } = {
  topics: [
    { id: 'fit', label: 'Fit', mentions: 128, positivePercent: 81 },
    { id: 'material', label: 'Material', mentions: 97, positivePercent: 90 },
    { id: 'comfort', label: 'Comfort', mentions: 64, positivePercent: 94 },
    { id: 'quality', label: 'Quality', mentions: 51, positivePercent: 76 },
    { id: 'durability', label: 'Durability', mentions: 23, positivePercent: 35 },
    { id: 'delivery', label: 'Delivery', mentions: 12, positivePercent: 58 },
  ],
  summary: [
    {
      reviewId: 11,
      text: 'The fit is spot on: I ordered my usual size and it sits perfectly on the shoulders without being tight around the chest or too long in the sleeves.',
      author: 'Ada L.',
      language: 'en',
      topic: 'fit',
      negative: false,
    },
    {
      reviewId: 12,
      text: 'Super weiches Material, das auch nach vielen Wäschen nicht kratzt und immer noch genauso angenehm auf der Haut liegt wie am ersten Tag.',
      author: 'Jonas W.',
      language: 'de',
      topic: 'material',
      negative: false,
    },
    {
      reviewId: 13,
      text: 'Sadly the seams on the left side came apart after the third wash, so it did not last as long as I hoped it would for this price.',
      author: 'Mia S.',
      language: 'en',
      topic: 'durability',
      negative: true,
    },
  ],
};
