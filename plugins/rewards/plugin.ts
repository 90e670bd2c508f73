// Rewards: a unique Shopify discount code for every qualifying review (issue 17), mailed with the
// discount notification, reminded before it expires unless used, topped up when photos are added.
// FTC-safe by construction: the rule never reads the rating (shared/settings.ts `rewardFor`).
import { definePlugin, provide } from '@plaudit/kernel';
import { RewardSetup, RewardsAnalytics, RewardTerms } from '@plaudit/contracts/rewards';
import { LoyaltyPoints } from '@plaudit/contracts/loyalty';
import { ReviewCreated, ReviewFacts, ReviewMediaAdded } from '@plaudit/contracts/reviews';
import { rewardsAnalyticsSource } from './db/analytics';
import { rewardSetup } from './api/setup';
import { rewardTerms } from './api/terms';

const COMMON = ['shop_name', 'shop_url', 'customer_first_name', 'customer_name', 'product_title', 'discount_code', 'discount_value', 'discount_expires'];
const SAMPLE = {
  shop_name: 'Shop',
  shop_url: 'https://shop.example',
  customer_first_name: 'Jane',
  customer_name: 'Jane Doe',
  product_title: 'Linen shirt',
  discount_code: 'REVIEW-7QX2K9PA',
  discount_value: '15%',
  discount_expires: 'December 24, 2026',
};

export default definePlugin({
  id: 'rewards',
  features: { discount: 'second' },
  listens: [ReviewCreated, ReviewMediaAdded],
  // optional: without the reviews plugin no review events arrive, so nothing is rewarded, while the
  // settings and report pages still answer (removing plugins/reviews must not stop the app)
  // the loyalty app (plugins/integration-smile) that makes 'points' a reward to choose (shared/loyalty.ts)
  needs: [ReviewFacts, LoyaltyPoints],
  // codes sent and used per local day, and which discount codes are rewards (shared/analytics.ts)
  // and the reward in one step for a setup flow (the onboarding's discount step)
  // and the reward offered now, as shoppers may be told (the disclosure page)
  provides: [
    provide(RewardsAnalytics, ({ knex }) => rewardsAnalyticsSource(knex)),
    provide(RewardSetup, (services) => rewardSetup(services)),
    provide(RewardTerms, (services) => rewardTerms(services)),
  ],
  emailTemplates: {
    // editing them is part of the second-tier feature, as the rewards are
    discountNotification: { feature: 'discount', variables: COMMON, buttonUrl: 'shop_url', sample: SAMPLE },
    discountReminder: { feature: 'discount', defaults: { sendBefore: 3 }, variables: COMMON, buttonUrl: 'shop_url', sample: SAMPLE },
  },
});
