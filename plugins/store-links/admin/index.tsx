import StorefrontIcon from '@mui/icons-material/Storefront';
import { defineAdminPlugin, lazyPage } from '@plaudit/kernel/admin';

// Linked stores (issue 33): the screen where a merchant links their stores by a one-time code, and its
// card on the Display reviews hub (what product pages show), beside product groups and syndication.
export default defineAdminPlugin({
  id: 'store-links',
  routes: [{ path: '/display-settings/store-links', component: lazyPage(() => import('./StoreLinksPage')) }],
  zones: {
    'display-reviews': [
      {
        key: 'store-links',
        titleKey: 'store-links:card.title',
        descriptionKey: 'store-links:card.text',
        to: '/display-settings/store-links',
        position: 96,
        icon: StorefrontIcon,
      },
    ],
  },
});
