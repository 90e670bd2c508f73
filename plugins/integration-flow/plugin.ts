// Shopify Flow (issue 15, the flow-automation app): Plaudit's Flow triggers (extensions/flow-*:
// review created, review published, negative review received, review request sent, customer
// reviewed) fired through the platform adapter's flowTriggerReceive, and Flow actions (send a review
// request for an order, publish a review, reply to a review) at POST /flow/actions/<handle>, verified
// by Flow's HMAC and idempotent on action_run_id. Flow is part of Shopify: nothing to connect.
import { definePlugin } from '@plaudit/kernel';

export default definePlugin({
  id: 'integration-flow',
  listens: ['review.created', 'review.published', 'request.sent', 'request.reviewed'],
  // all optional: without the reviews plugin no review events come and the review actions answer
  // { ok: false }; without review-requests the request triggers never fire and its action answers so
  needs: {
    'reviews.facts': 'optional',
    'reviews.notifications': 'optional',
    'reviews.public': 'optional',
    'review-requests.public': 'optional',
  },
});
