// Omnisend (issue 15): review and review-request events sent to the merchant's Omnisend account as
// customer events (v5 events API), one Temporal workflow per event, so Omnisend's automations can
// e-mail on "review submitted", "review published", "reply added", "review request sent" and "review
// request eligible" (with the products and their one-click rating links).
// Removable by deleting this folder; without the reviews or review-requests plugins no such events
// arrive and nothing is sent.
import { definePlugin } from '@plaudit/kernel';

export default definePlugin({
  id: 'integration-omnisend',
  listens: ['review.created', 'review.published', 'review.replied', 'request.sent', 'request.eligible'],
  needs: { 'reviews.facts': 'optional', 'review-requests.facts': 'optional' },
});
