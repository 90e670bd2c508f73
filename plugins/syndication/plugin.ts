// Reviews where shoppers already look (issue 34): Shopify's standard product reviews (the
// `product_review` metaobjects the Shop app reads), kept in line with every change of a review, and
// Meta's product review feed at a secret URL. README.md has the programs' rules as read here.
import { definePlugin } from '@plaudit/kernel';
import {
  ReviewAdmin,
  ReviewCreated,
  ReviewDeleted,
  ReviewFacts,
  ReviewFeed,
  ReviewMediaAdded,
  ReviewPublished,
  ReviewReplied,
  ReviewTexts,
  ReviewUpdated,
} from '@plaudit/contracts/reviews';
import { ResyncPage } from './shared/events';

export default definePlugin({
  id: 'syndication',
  listens: [ReviewCreated, ReviewPublished, ReviewUpdated, ReviewDeleted, ReviewReplied, ReviewMediaAdded, ResyncPage],
  // all optional: without the reviews plugin there is nothing to syndicate (the feed is empty, no
  // event comes); ReviewTexts gives the re-sync its pages and the detected language
  needs: [ReviewFeed, ReviewFacts, ReviewAdmin, ReviewTexts],
});
