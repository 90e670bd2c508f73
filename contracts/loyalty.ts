// The loyalty app's role (provided by plugins/integration-smile, Smile.io; another loyalty app could
// fill it): points for each published review as the rewards plugin's reward. With the reward set to
// points Plaudit sends no discount code; the app gives the points (and marks those reviews incentivized).
import { defineCapability } from './define';

/** 'loyalty.points': the connected loyalty app, if any. */
export interface LoyaltyPointsApi {
  /** the app's id: 'smile' */
  app: string;
  /** its name as merchants know it: 'Smile.io' */
  label: string;
  /** whether the shop is connected to it now */
  connected(shopId: number): Promise<boolean>;
}
export const LoyaltyPoints = defineCapability<LoyaltyPointsApi>('loyalty.points');
