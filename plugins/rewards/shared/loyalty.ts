// Points as the reward: the loyalty app (LoyaltyPoints, @plaudit/contracts/loyalty, provided by
// plugins/integration-smile) gives points for each published review. With the reward set to points,
// Plaudit sends no discount code: the app's points are the reward (and it marks those reviews incentivized).

/** Whether the shop may choose points, for the settings page: null without a loyalty plugin. */
export interface LoyaltyView {
  app: string;
  label: string;
  connected: boolean;
}

export const POINTS_NEED_LOYALTY = 'Connect a loyalty app in Integrations to reward with points';
