import { lazy } from 'react';
import InstagramIcon from '@mui/icons-material/Instagram';
import { defineAdminPlugin } from '@plaudit/kernel/admin';

// The Instagram feed's screen (spec section 2: /display-settings/instagram-feed) and its card on the
// Display reviews hub.
export default defineAdminPlugin({
  id: 'instagram',
  routes: [{ path: '/display-settings/instagram-feed', component: lazy(() => import('./InstagramPage')) }],
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
