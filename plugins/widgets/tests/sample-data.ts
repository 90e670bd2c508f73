// Sample widget data for the render, XSS and JSON-LD tests (and the bytes bench): reviews as the
// feed gives them, a summary that matches them.
import { textFor } from '../api/storefront-text';
import { withDisplayDefaults, type DisplaySettings } from '../shared/display-settings';
import type { PublicReview, Summary, WidgetContext } from '../shared/widget-types';

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
