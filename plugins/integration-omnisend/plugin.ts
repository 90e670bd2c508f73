// Omnisend (issue 15): review and review-request events sent to the merchant's Omnisend account as
// customer events (v5 events API), one Temporal workflow per event, so Omnisend's automations can
// e-mail on "review submitted", "review published", "reply added", "review request sent" and "review
// request eligible" (with the products and their one-click rating links).
// Removable by deleting this folder; without the reviews or review-requests plugins no such events
// arrive and nothing is sent.
import { definePlugin } from '@plaudit/kernel';
import { ReviewCreated, ReviewFacts, ReviewPublished, ReviewReplied } from '@plaudit/contracts/reviews';
import { RequestEligible, RequestFacts, RequestSent } from '@plaudit/contracts/review-requests';

export default definePlugin({
  id: 'integration-omnisend',
  listens: [ReviewCreated, ReviewPublished, ReviewReplied, RequestSent, RequestEligible],
  needs: [ReviewFacts, RequestFacts],
});
