// Smile.io (loyalty): points for a review through Smile's activities API, given when the review is
// published and never conditioned on its rating (FTC 16 CFR 465.4), never withdrawn. README.md.
import { definePlugin, provide, type KernelServices } from '@plaudit/kernel';
import { LoyaltyPoints, type LoyaltyPointsApi } from '@plaudit/contracts/loyalty';
import { ReviewCreated, ReviewFacts, ReviewPublished } from '@plaudit/contracts/reviews';
import { APP, LABEL } from './shared/smile';

function smilePoints(services: KernelServices): LoyaltyPointsApi {
  return { app: APP, label: LABEL, connected: async (shopId) => (await services.integrations.state(shopId, APP)).status === 'connected' };
}

export default definePlugin({
  id: 'integration-smile',
  // ReviewPublished: a moderation action or the auto-publish sweep published it; ReviewCreated
  // only for a review published as it was written (the shop publishes new reviews at once), which
  // announces no ReviewPublished of its own
  listens: [ReviewPublished, ReviewCreated],
  // optional: without the reviews plugin there are no reviews to give points for; it also marks a
  // review that earned points incentivized (the storefront's disclosure)
  needs: [ReviewFacts],
  // Smile's points as the rewards plugin's reward (its 'points' method, shared/loyalty.ts there)
  provides: [provide(LoyaltyPoints, (services) => smilePoints(services))],
});
