// Smile.io (loyalty): points for a review through Smile's activities API, given when the review is
// published and never conditioned on its rating (FTC 16 CFR 465.4), never withdrawn. README.md.
import { definePlugin, type KernelServices } from '@plaudit/kernel';
import { APP, LABEL, type LoyaltyPoints } from './shared/smile';

function smilePoints(services: KernelServices): LoyaltyPoints {
  return { app: APP, label: LABEL, connected: async (shopId) => (await services.integrations.state(shopId, APP)).status === 'connected' };
}

export default definePlugin({
  id: 'integration-smile',
  // 'review.published': a moderation action or the auto-publish sweep published it; 'review.created'
  // only for a review published as it was written (the shop publishes new reviews at once), which
  // announces no 'review.published' of its own
  listens: ['review.published', 'review.created'],
  // optional: without the reviews plugin there are no reviews to give points for; 'reviews.rewards'
  // marks a review that earned points incentivized (the storefront's disclosure)
  needs: { 'reviews.facts': 'optional', 'reviews.rewards': 'optional' },
  // Smile's points as the rewards plugin's reward (its 'points' method, shared/loyalty.ts there)
  provides: { 'loyalty.points': (services) => smilePoints(services) },
});
