// The reviews plugin's manifest: plan features, the signed links it issues, what it offers other
// plugins and the kernel (capabilities, shared/feed.ts, shared/import.ts), what it may use, and the
// events it handles.
import { definePlugin } from '@plaudit/kernel';
import { catalogRatings, reviewsAnalytics, reviewsFacts, reviewsCollect, reviewsExport, reviewsGuest, reviewsMedia, reviewsRewards, reviewsFeed, reviewsImport, reviewsNotifications, reviewsPublic, reviewsTexts } from './capabilities';
import { editLink, photoLink, writeLink } from './shared/links';

const REVIEW = ['shop_name', 'shop_url', 'customer_first_name', 'customer_name', 'product_title', 'review_title', 'review_content', 'review_rating'];
const SAMPLE = { shop_name: 'Shop', shop_url: 'https://shop.example', customer_first_name: 'Jane', customer_name: 'Jane Doe', product_title: 'Linen shirt', review_title: 'Lovely fabric', review_content: 'Lovely fabric, runs a little large.', review_rating: 4 };

export default definePlugin({
  id: 'reviews',
  features: { reply: 'base', reviewReply: 'base', recycleBin: 'base', confirmEdit: 'base' },
  links: { write: writeLink, photo: photoLink, edit: editLink },
  provides: {
    'reviews.feed': reviewsFeed,
    'catalog.ratings': catalogRatings,
    'reviews.collect': reviewsCollect,
    'reviews.notifications': reviewsNotifications,
    // a shopper's review from another plugin's public page (QR cards)
    'reviews.guest': reviewsGuest,
    // a rewarded review's facts and its incentivized flag (the rewards plugin)
    'reviews.rewards': reviewsRewards,
    // one review's facts for the integrations that hand reviews to other apps (shared/facts-provider.ts)
    'reviews.facts': reviewsFacts,
    // many reviews at once (shared/import.ts), for the imports plugin and tests of other plugins
    'reviews.import': reviewsImport,
    // the public API's reviews (plugins/public-api), through the admin's own paths (shared/public.ts)
    'reviews.public': reviewsPublic,
    // every review of a shop in keyset-paged batches, for the imports plugin's export (shared/export.ts)
    'reviews.export': reviewsExport,
    // the reviews' facts per local day, for the analytics plugin's rollups (shared/analytics.ts)
    'reviews.analytics': reviewsAnalytics,
    // a review's words and detected language, for the translations plugin (shared/texts.ts)
    'reviews.texts': () => reviewsTexts,
    // a transcoded video added to its review (plugins/video-reviews; db/media.ts)
    'reviews.media': reviewsMedia,
  },
  // the order's products for the write page, without asking Shopify again
  // the review page's video field (plugins/video-reviews; shared/video.ts): without it, no video
  needs: { 'review-requests.facts': 'optional', 'reviews.video': 'optional' },
  // the shop's new-review notifications (workflows/notifications.ts) must not be lost
  listens: ['review.created'],
  // The emails merchants edit (the kernel's template registry); default texts in locales/<lang>.json
  // (email_templates.*). Reviews' emails answer the customer's own review: no unsubscribe link.
  emailTemplates: {
    confirmEdit: {
      feature: 'confirmEdit',
      variables: [...REVIEW, 'confirm_url', 'deny_url'],
      buttonUrl: 'confirm_url',
      denyUrl: 'deny_url',
      sample: { ...SAMPLE, confirm_url: SAMPLE.shop_url, deny_url: SAMPLE.shop_url },
    },
    reviewReply: {
      feature: 'reviewReply',
      variables: [...REVIEW, 'reply_content', 'review_url'],
      buttonUrl: 'review_url',
      sample: { ...SAMPLE, reply_content: 'Thank you, Jane! Our size guide now says so.', review_url: SAMPLE.shop_url },
    },
  },
});
