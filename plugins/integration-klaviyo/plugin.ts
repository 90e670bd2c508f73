// Klaviyo (issue 15, the email-marketing app): the shop's review events become Klaviyo events
// (Events API, one per review per event, de-duplicated by unique_id) for the merchant's flows.
// Connect with a private API key at /settings/integration/klaviyo; README.md says what is sent when.
import { definePlugin, provide, type KernelServices } from '@plaudit/kernel';
import { SenderApp, type SenderAppApi } from '@plaudit/contracts/email-marketing';
import { ReviewCreated, ReviewFacts, ReviewPublished, ReviewReplied } from '@plaudit/contracts/reviews';
import { RequestEligible, RequestFacts, RequestSent } from '@plaudit/contracts/review-requests';
import { APP, LABEL } from './shared/klaviyo';

function klaviyoSender(services: KernelServices): SenderAppApi {
  return { app: APP, label: LABEL, connected: async (shopId) => (await services.integrations.state(shopId, APP)).status === 'connected' };
}

export default definePlugin({
  id: 'integration-klaviyo',
  // optional: without the reviews or review-requests plugin their events never come, nothing is sent
  needs: [ReviewFacts, RequestFacts],
  listens: [ReviewCreated, ReviewPublished, ReviewReplied, RequestSent, RequestEligible],
  // the review requests themselves may go through Klaviyo (the request settings' sender app): while
  // the shop is connected, review-requests sends no email and the "Request Eligible" event is the request
  provides: [provide(SenderApp, (services) => klaviyoSender(services))],
});
