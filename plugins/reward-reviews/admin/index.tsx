import LoyaltyIcon from '@mui/icons-material/Loyalty';
import { defineAdminPlugin, lazyPage, MENU_POSITION, SISTER_APPS } from '@plaudit/kernel/admin';

/** Shown until the shop installs the loyalty sister app (spec section 2, side menu); once installed the merchant rewards there. */
export const showRewardReviews = ({ shop }: { shop?: { installedApps: string[] } }) => !!shop && !shop.installedApps.includes(SISTER_APPS.rewards);

// Reward reviews (/reward-reviews): presents the loyalty sister app and links to its listing.
export default defineAdminPlugin({
  id: 'reward-reviews',
  menu: [
    {
      key: 'reward-reviews',
      labelKey: 'reward-reviews:menu',
      to: '/reward-reviews',
      position: MENU_POSITION.rewardReviews,
      icon: LoyaltyIcon,
      visible: showRewardReviews,
    },
  ],
  routes: [{ path: '/reward-reviews', component: lazyPage(() => import('./RewardReviewsPage')) }],
});
