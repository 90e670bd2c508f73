// Analytics (issue 18): ratings, the request funnel and attributed revenue for any period, read from
// daily rollups that a scheduled fold keeps up to date from the owning plugins' facts (README.md).
import { definePlugin } from '@plaudit/kernel';
import { InsightsAnalytics } from '@plaudit/contracts/insights';
import { MessagingAnalytics } from '@plaudit/contracts/messaging';
import { QuestionsAnalytics } from '@plaudit/contracts/questions';
import { RequestsAnalytics } from '@plaudit/contracts/review-requests';
import { ReviewAnalytics } from '@plaudit/contracts/reviews';
import { ReviewQuestions } from '@plaudit/contracts/review-questions';
import { RewardsAnalytics } from '@plaudit/contracts/rewards';
import { SyndicationCounts } from '@plaudit/contracts/syndication';

export default definePlugin({
  id: 'analytics',
  // an order's landing page (UTM of a request link) and discount codes (review rewards)
  webhookTopics: ['orders/create'],
  // each source is optional: without it, its figures are simply absent
  // the custom questions' answers on the rating screen (plugins/review-questions)
  // complaints by topic rising and falling, on the rating screen too (plugins/insights)
  // the text messages' costs per channel, on the email screen (plugins/messaging, issue 32)
  // the reviews syndicated to Shopify's Shop app and Google now, on the overview (plugins/syndication, issue 34)
  needs: [ReviewAnalytics, RequestsAnalytics, RewardsAnalytics, QuestionsAnalytics, ReviewQuestions, InsightsAnalytics, MessagingAnalytics, SyndicationCounts],
});
