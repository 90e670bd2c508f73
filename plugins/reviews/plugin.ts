// The reviews plugin's manifest: plan features, the signed links it issues, what it offers other
// plugins and the kernel (capabilities.ts; the interfaces are contracts/reviews.ts and
// contracts/catalog.ts), what it may use, and the events it handles.
import { definePlugin, provide } from '@plaudit/kernel';
import { CatalogRatings } from '@plaudit/contracts/catalog';
import { RequestEligible } from '@plaudit/contracts/review-requests';
import {
  ReviewAdmin,
  ReviewAnalytics,
  ReviewCreated,
  ReviewExport,
  ReviewFacts,
  ReviewFeed,
  ReviewLabels,
  ReviewPolicy,
  ReviewTexts,
  ReviewWrite,
} from '@plaudit/contracts/reviews';
import { ReviewVideos, VideoTranscoded } from '@plaudit/contracts/video-reviews';
import { ReviewQuestions } from '@plaudit/contracts/review-questions';
import {
  catalogRatings,
  reviewAdmin,
  reviewAnalytics,
  reviewExport,
  reviewFacts,
  reviewFeed,
  reviewLabels,
  reviewPolicy,
  reviewTexts,
  reviewWrite,
} from './capabilities';
import { editLink, mineLink, photoLink, writeLink } from './shared/links';
import { AuthorChanged, MineLinkRequested } from './shared/author-changes';

const REVIEW = ['shop_name', 'shop_url', 'customer_first_name', 'customer_name', 'product_title', 'review_title', 'review_content', 'review_rating'];
const SAMPLE = {
  shop_name: 'Shop',
  shop_url: 'https://shop.example',
  customer_first_name: 'Jane',
  customer_name: 'Jane Doe',
  product_title: 'Linen shirt',
  review_title: 'Lovely fabric',
  review_content: 'Lovely fabric, runs a little large.',
  review_rating: 4,
};

export default definePlugin({
  id: 'reviews',
  features: { reply: 'base', reviewReply: 'base', recycleBin: 'base', confirmEdit: 'base' },
  links: { write: writeLink, photo: photoLink, edit: editLink, mine: mineLink },
  provides: [
    // published reviews as shoppers see them (widgets, the storefront API)
    provide(ReviewFeed, reviewFeed),
    // the kernel's /api/shopify/* star counts (and the QR screen's)
    provide(CatalogRatings, catalogRatings),
    // one review as it is, and its incentivized flag (integrations, rewards, the photo reminder)
    provide(ReviewFacts, reviewFacts),
    // new reviews from elsewhere: write and photo links, a QR page's guest review, imports
    provide(ReviewWrite, reviewWrite),
    // the merchant's operations and notification settings (the public API, Flow, the email settings screen)
    provide(ReviewAdmin, reviewAdmin),
    // every review of a shop in keyset-paged batches (the imports plugin's export)
    provide(ReviewExport, reviewExport),
    // the reviews' facts per local day (the analytics plugin's rollups)
    provide(ReviewAnalytics, reviewAnalytics),
    // a review's words and detected language (the translations plugin)
    provide(ReviewTexts, () => reviewTexts),
    // the shop's collection and moderation rules, as shoppers may be told (the disclosure page)
    provide(ReviewPolicy, reviewPolicy),
    // other plugins' labels on reviews (insights' topics and "needs a look"): Manage reviews' chips and filters
    provide(ReviewLabels, reviewLabels),
  ],
  // the review page's video field (plugins/video-reviews): without it, no video; the custom questions
  // of the forms and their answers (plugins/review-questions): without it, none asked
  needs: [ReviewVideos, ReviewQuestions],
  // the shop's new-review notifications (workflows/notifications.ts) must not be lost; the order of a
  // request that went out, for its write page (db/write-orders.ts); a transcoded video for its review
  // ... and a reviewer's own edit or delete (issue 33, api/mine/): the merchant's notice must not be
  // lost either, nor a fresh "your reviews" link asked for
  listens: [ReviewCreated, RequestEligible, VideoTranscoded, AuthorChanged, MineLinkRequested],
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
