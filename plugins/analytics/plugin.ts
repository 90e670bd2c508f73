// Analytics (issue 18): ratings, the request funnel and attributed revenue for any period, read from
// daily rollups that a scheduled fold keeps up to date from the owning plugins' facts (README.md).
import { definePlugin } from '@plaudit/kernel';
import { QuestionsAnalytics } from '@plaudit/contracts/questions';
import { RequestsAnalytics } from '@plaudit/contracts/review-requests';
import { ReviewAnalytics } from '@plaudit/contracts/reviews';
import { ReviewQuestions } from '@plaudit/contracts/review-questions';
import { RewardsAnalytics } from '@plaudit/contracts/rewards';

export default definePlugin({
  id: 'analytics',
  // an order's landing page (UTM of a request link) and discount codes (review rewards)
  webhookTopics: ['orders/create'],
  // each source is optional: without it, its figures are simply absent
  // the custom questions' answers on the rating screen (plugins/review-questions)
  needs: [ReviewAnalytics, RequestsAnalytics, RewardsAnalytics, QuestionsAnalytics, ReviewQuestions],
});
