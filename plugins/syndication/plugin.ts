// Reviews where shoppers already look (issue 34): Shopify's standard product reviews (the
// `product_review` metaobjects the Shop app reads), kept in line with every change of a review,
// Google's Merchant API product reviews by push, and Meta's product review feed at a secret URL.
// README.md has the programs' rules as read here.
import { definePlugin, provide } from '@plaudit/kernel';
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
import { SyndicationCounts } from '@plaudit/contracts/syndication';
import { GoogleProductIds } from '@plaudit/contracts/widgets';
import { syndicationCounts } from './db/counts';
import { ResyncPage } from './shared/events';

export default definePlugin({
  id: 'syndication',
  // a review metaobject edited or deleted in Shopify's admin is put right (activities/metaobject-hooks.ts);
  // shopify.app.toml subscribes them filtered to `type:product_review`
  webhookTopics: ['metaobjects/create', 'metaobjects/update', 'metaobjects/delete'],
  listens: [ReviewCreated, ReviewPublished, ReviewUpdated, ReviewDeleted, ReviewReplied, ReviewMediaAdded, ResyncPage],
  // all optional: without the reviews plugin there is nothing to syndicate (the feed is empty, no
  // event comes); ReviewTexts gives the re-sync its pages and the detected language
  // GoogleProductIds (the widgets plugin's catalogue cache) gives the Google push what it matches
  // products by; without it no review can be matched, so none is pushed
  needs: [ReviewFeed, ReviewFacts, ReviewAdmin, ReviewTexts, GoogleProductIds],
  // how many reviews each channel holds, for the analytics screens
  provides: [provide(SyndicationCounts, syndicationCounts)],
});
