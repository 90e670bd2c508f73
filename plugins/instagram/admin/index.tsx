import InstagramIcon from '@mui/icons-material/Instagram';
import { defineAdminPlugin, lazyPage } from '@plaudit/kernel/admin';

// The Instagram feed's screen (spec section 2: /display-settings/instagram-feed) and its card on the
// Display reviews hub.
export default defineAdminPlugin({
  id: 'instagram',
  routes: [{ path: '/display-settings/instagram-feed', component: lazyPage(() => import('./InstagramPage')) }],
  zones: {
    'display-reviews': [
      {
        key: 'instagram.feed',
        titleKey: 'instagram:card.title',
        descriptionKey: 'instagram:card.text',
        to: '/display-settings/instagram-feed',
        position: 95,
        icon: InstagramIcon,
      },
    ],
  },
});
