// Klaviyo (issue 15, the email-marketing app): the shop's review events become Klaviyo events
// (Events API, one per review per event, de-duplicated by unique_id) for the merchant's flows.
// Connect with a private API key at /settings/integration/klaviyo; README.md says what is sent when.
import { definePlugin } from '@plaudit/kernel';

export default definePlugin({
  id: 'integration-klaviyo',
  // optional: without the reviews or review-requests plugin their events never come, nothing is sent
  needs: { 'reviews.facts': 'optional', 'review-requests.facts': 'optional' },
  listens: ['review.created', 'review.published', 'review.replied', 'request.sent', 'request.eligible'],
});
