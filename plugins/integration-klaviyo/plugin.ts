// Klaviyo (issue 15, the email-marketing app): the shop's review events become Klaviyo events
// (Events API, one per review per event, de-duplicated by unique_id) for the merchant's flows.
// Connect with a private API key at /settings/integration/klaviyo; README.md says what is sent when.
import { definePlugin, type KernelServices } from '@plaudit/kernel';
import { APP, LABEL, type SenderApp } from './shared/klaviyo';

function klaviyoSender(services: KernelServices): SenderApp {
  return { app: APP, label: LABEL, connected: async (shopId) => (await services.integrations.state(shopId, APP)).status === 'connected' };
}

export default definePlugin({
  id: 'integration-klaviyo',
  // optional: without the reviews or review-requests plugin their events never come, nothing is sent
  needs: { 'reviews.facts': 'optional', 'review-requests.facts': 'optional' },
  listens: ['review.created', 'review.published', 'review.replied', 'request.sent', 'request.eligible'],
  // the review requests themselves may go through Klaviyo (the request settings' sender app): while
  // the shop is connected, review-requests sends no email and the "Request Eligible" event is the request
  provides: { 'email-marketing.sender': (services) => klaviyoSender(services) },
});
