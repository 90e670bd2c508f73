import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { defineAdminPlugin, lazyPage } from '@plaudit/kernel/admin';

// Discounts for reviews: the settings page and its card on the Collect reviews hub.
export default defineAdminPlugin({
  id: 'rewards',
  routes: [{ path: '/collect-reviews/discount', component: lazyPage(() => import('./DiscountPage')) }],
  zones: {
    'collect-reviews': [
      {
        key: 'rewards.discount',
        titleKey: 'rewards:hub.title',
        descriptionKey: 'rewards:hub.text',
        to: '/collect-reviews/discount',
        position: 45,
        icon: LocalOfferIcon,
      },
    ],
  },
});
