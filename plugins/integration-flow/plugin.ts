// Shopify Flow (issue 15, the flow-automation app): Plaudit's Flow triggers (extensions/flow-*:
// review created, review published, negative review received, review request sent, customer
// reviewed) fired through the platform adapter's flowTriggerReceive, and Flow actions (send a review
// request for an order, publish a review, reply to a review) at POST /flow/actions/<handle>, verified
// by Flow's HMAC and idempotent on action_run_id. Flow is part of Shopify: nothing to connect.
import { definePlugin } from '@plaudit/kernel';
import { ReviewAdmin, ReviewCreated, ReviewFacts, ReviewPublished } from '@plaudit/contracts/reviews';
import { RequestReviewed, RequestSent, RequestsPublic } from '@plaudit/contracts/review-requests';

export default definePlugin({
  id: 'integration-flow',
  listens: [ReviewCreated, ReviewPublished, RequestSent, RequestReviewed],
  // all optional: without the reviews plugin no review events come and the review actions answer
  // { ok: false }; without review-requests the request triggers never fire and its action answers so
  // (ReviewAdmin: the publish and reply actions, and the negative-review threshold)
  needs: [ReviewFacts, ReviewAdmin, RequestsPublic],
});
