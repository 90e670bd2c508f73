// Insights: what customers say about a product, read from its reviews offline (issue 35): topics with
// their sentiment and the "needs a look" rule (analysis/), kept current from the reviews' events by a
// batching workflow per shop (workflows/), the review box's "What customers say" (storefront/), Manage
// reviews' labels (labels/), drafted replies with optional model providers (replies/, admin/), and
// topics in the public API (ReviewInsights.topics, TopicsChanged) and over time in analytics
// (InsightsAnalytics). README.md has the decisions.
import { definePlugin, provide } from '@plaudit/kernel';
import { InsightsAnalytics, ReviewInsights, TopicsChanged } from '@plaudit/contracts/insights';
import {
  DemoReviewsChanged,
  ReviewCreated,
  ReviewDeleted,
  ReviewFacts,
  ReviewFeed,
  ReviewLabels,
  ReviewPublished,
  ReviewTexts,
  ReviewUpdated,
} from '@plaudit/contracts/reviews';
import { reviewInsights } from './storefront/provider';
import { topicsOverTime } from './db/topics-over-time';

export default definePlugin({
  id: 'insights',
  // the reviews' rating, product and words (facts); the language the translations plugin detected (texts)
  // the published reviews as shoppers see them (feed): the review box's summary sentences quote them
  // the reviews' labels (labels/): Manage reviews' topic chips and filters and the "needs a look" flag
  needs: [ReviewFacts, ReviewTexts, ReviewFeed, ReviewLabels],
  // the review box's "What customers say": topics, the reviews mentioning one, summary sentences
  // analytics' topics over time: rising and falling complaints on its rating screen
  provides: [
    provide(ReviewInsights, reviewInsights),
    provide(InsightsAnalytics, (services) => ({ topicsOverTime: (tenant, range, productId) => topicsOverTime(services.knex, tenant, range, productId) })),
  ],
  // every change of a review changes what its product's shoppers say; sample reviews seeded or removed, the whole shop's
  // its own TopicsChanged: the products' summaries written by the shop's model (summaries/), off the storefront's path
  listens: [ReviewCreated, ReviewUpdated, ReviewPublished, ReviewDeleted, DemoReviewsChanged, TopicsChanged],
});
