// Sample reviews for the live previews: varied ratings, a merchant reply, a photo, a long review,
// a store review, so every part of a widget shows. Nothing here is a real shopper. The preview data
// is shaped like the storefront API's (ReviewBoxData, ...), filtered and cut by the draft settings
// the way the server would, so a change of `perPage` or `minRating` shows at once.
import type { DisplaySettings, WidgetKey } from '../shared/display-settings';
import type { PublicReview, Summary } from '../shared/widget-types';
import photoUrl from './sample-photo.svg?no-inline';

const DAY = 86_400_000;
/** Fixed "now" per page load, so relative dates do not move while the merchant types. */
export const PREVIEW_NOW = Date.now();
const daysAgo = (n: number) => new Date(PREVIEW_NOW - n * DAY).toISOString();

// A review photo the admin itself serves (the widgets show only http(s) or same-host media URLs,
// never data: URLs); `no-inline` keeps Vite from turning the small file into a data: URL.
export const SAMPLE_PHOTO: string = photoUrl;

export const SAMPLE_PRODUCT = { id: 'gid://shopify/Product/1001', title: 'Stoneware mug', handle: 'stoneware-mug' };

function review(id: number, fields: Partial<PublicReview>): PublicReview {
  return {
    id,
    kind: 'product',
    productId: SAMPLE_PRODUCT.id,
    productTitle: SAMPLE_PRODUCT.title,
    productHandle: SAMPLE_PRODUCT.handle,
    rating: 5,
    title: null,
    content: '',
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
    createdAt: daysAgo(1),
    updatedAt: daysAgo(1),
    ...fields,
  };
}

export const SAMPLE_REVIEWS: PublicReview[] = [
  review(9001, {
    rating: 5,
    title: 'My new favourite mug',
    content: 'Holds a big coffee and keeps it warm. The glaze is even prettier in person.',
    author: 'Maya R.',
    country: 'US',
    media: [{ url: SAMPLE_PHOTO, type: 'image' }],
    featured: true,
    pinned: true,
    variants: ['Sage'],
    createdAt: daysAgo(2),
  }),
  review(9002, {
    rating: 4,
    title: 'Lovely, a little heavy',
    content:
      'I bought two of these as a gift and ended up keeping one for myself. The handle is comfortable even for larger hands, and it survived the dishwasher many times without any fading. ' +
      'It is heavier than my other mugs, which I actually like on a cold morning, but if you prefer something light this may not be for you. ' +
      'Shipping was quick and the packaging was plastic-free, which I appreciated. Would buy again in the blue colour.',
    author: 'Jonas K.',
    country: 'DE',
    variants: ['Sage', '350 ml'],
    reply: { content: 'Thank you, Jonas! The blue glaze is back in stock next week.', at: daysAgo(4) },
    createdAt: daysAgo(5),
  }),
  review(9003, { rating: 5, content: 'Perfect size for tea. Arrived well packed.', author: 'Keiko T.', country: 'JP', createdAt: daysAgo(9) }),
  review(9004, {
    rating: 3,
    title: 'Nice but chipped',
    content: 'Looks great, but mine arrived with a small chip on the base. Support sent a replacement quickly.',
    author: 'Lucas M.',
    country: 'FR',
    verified: false,
    createdAt: daysAgo(14),
    reply: { content: 'Sorry about that, Lucas: glad the replacement arrived safely.', at: daysAgo(13) },
  }),
  review(9005, {
    rating: 5,
    title: 'Great shop',
    content: 'Friendly service and fast delivery. Everything was exactly as described.',
    author: 'Sofia P.',
    country: 'IT',
    kind: 'store',
    productId: null,
    productTitle: null,
    productHandle: null,
    createdAt: daysAgo(20),
  }),
  review(9006, { rating: 2, content: 'The colour is darker than in the photos.', author: 'Noah B.', country: 'NL', verified: false, createdAt: daysAgo(31) }),
  review(9007, { rating: 4, content: 'Solid and well made. Would love a matching saucer.', author: 'Ana S.', country: 'BR', createdAt: daysAgo(45) }),
  review(9008, { rating: 1, content: 'Broke after a week.', author: 'Min-jun K.', country: 'KR', verified: false, createdAt: daysAgo(60) }),
];

export function summarize(reviews: PublicReview[]): Summary {
  const stars = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } as Summary['stars'];
  for (const r of reviews) stars[r.rating as 1 | 2 | 3 | 4 | 5] += 1;
  const average = reviews.length ? Math.round((reviews.reduce((s, r) => s + r.rating, 0) / reviews.length) * 10) / 10 : 0;
  return { count: reviews.length, average, stars, mediaCount: reviews.filter((r) => r.media.length > 0).length };
}

type Sort = 'featured' | 'newest' | 'highest' | 'lowest' | 'media';

function sorted(reviews: PublicReview[], sort: Sort): PublicReview[] {
  const newest = (a: PublicReview, b: PublicReview) => b.createdAt.localeCompare(a.createdAt);
  const by: Record<Sort, (a: PublicReview, b: PublicReview) => number> = {
    featured: (a, b) => Number(b.pinned) - Number(a.pinned) || Number(b.featured) - Number(a.featured) || newest(a, b),
    newest,
    highest: (a, b) => b.rating - a.rating || newest(a, b),
    lowest: (a, b) => a.rating - b.rating || newest(a, b),
    media: (a, b) => b.media.length - a.media.length || newest(a, b),
  };
  return [...reviews].sort(by[sort]);
}

const page = (items: PublicReview[], limit: number) => ({ items: items.slice(0, limit), nextCursor: items.length > limit ? 'preview' : null });

const productReviews = SAMPLE_REVIEWS.filter((r) => r.kind === 'product');

/** The data the widget of `widget` renders, from the sample reviews and the (draft) settings. */
export function previewData(widget: WidgetKey, settings: DisplaySettings, chosen?: PublicReview[]): unknown {
  switch (widget) {
    case 'reviewBox':
    case 'general':
    case 'branding': {
      const s = settings.reviewBox;
      return { product: SAMPLE_PRODUCT, summary: summarize(productReviews), page: page(sorted(productReviews, s.sort), s.perPage), sort: s.sort };
    }
    case 'starRating':
      return { productId: SAMPLE_PRODUCT.id, summary: summarize(productReviews) };
    case 'carousel': {
      const s = settings.carousel;
      const pool = s.source === 'media' ? SAMPLE_REVIEWS.filter((r) => r.media.length) : SAMPLE_REVIEWS;
      return {
        reviews: sorted(
          pool.filter((r) => r.rating >= s.minRating),
          s.source === 'recent' ? 'newest' : 'featured',
        ).slice(0, s.maxReviews),
      };
    }
    case 'popup':
      return {
        reviews: sorted(
          SAMPLE_REVIEWS.filter((r) => r.rating >= settings.popup.minRating),
          'featured',
        ).slice(0, settings.popup.maxReviews),
      };
    case 'sidebar':
      return { reviews: sorted(SAMPLE_REVIEWS, 'featured').slice(0, settings.sidebar.maxReviews) };
    case 'allReviews': {
      const s = settings.allReviews;
      const pool = s.include === 'all' ? SAMPLE_REVIEWS : SAMPLE_REVIEWS.filter((r) => r.kind === s.include);
      return { summary: summarize(pool), page: page(sorted(pool, s.sort), s.perPage), sort: s.sort };
    }
    case 'submitForm':
      return { product: SAMPLE_PRODUCT };
    case 'testimonial': {
      const s = settings.testimonial;
      if (s.source === 'selected') return { reviews: chosen?.length ? chosen : SAMPLE_REVIEWS.slice(0, 3) };
      if (s.source === 'recent') return { reviews: sorted(SAMPLE_REVIEWS, 'newest').slice(0, s.maxRecentReviews) };
      return { reviews: SAMPLE_REVIEWS.filter((r) => r.rating >= 4) };
    }
    case 'customerPortal': {
      // one shopper's own reviews
      const own: PublicReview[] = [SAMPLE_REVIEWS[0], SAMPLE_REVIEWS[2], SAMPLE_REVIEWS[6]].map((r) => ({
        ...r,
        author: 'Maya R.',
        country: 'US',
        pinned: false,
        featured: false,
      }));
      // the newest awaits approval: shown only when the merchant includes those
      if (settings.customerPortal.showPending)
        own.unshift({ ...SAMPLE_REVIEWS[4], id: 9001, author: 'Maya R.', country: 'US', pinned: false, featured: false, pending: true });
      const awaiting = [{ productId: 'gid://shopify/Product/2', title: 'Canvas tote bag', handle: 'canvas-tote-bag', imageUrl: null, writeUrl: null }];
      return { signedIn: true, awaiting, page: page(own, 10) };
    }
    case 'upsell':
      return { summaries: { [SAMPLE_PRODUCT.id]: summarize(productReviews) } };
  }
}
