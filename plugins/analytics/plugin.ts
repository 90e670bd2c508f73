// Analytics (issue 18): ratings, the request funnel and attributed revenue for any period, read from
// daily rollups that a scheduled fold keeps up to date from the owning plugins' facts (README.md).
import { definePlugin } from '@plaudit/kernel';

export default definePlugin({
  id: 'analytics',
  // an order's landing page (UTM of a request link) and discount codes (review rewards)
  webhookTopics: ['orders/create'],
  // each source is optional: without it, its figures are simply absent
  needs: { 'reviews.analytics': 'optional', 'review-requests.analytics': 'optional', 'rewards.analytics': 'optional', 'questions.analytics': 'optional' },
});
