import ShareIcon from '@mui/icons-material/Share';
import { defineAdminPlugin, lazyPage } from '@plaudit/kernel/admin';

// The Syndication screen (issue 34) and its card on the Display reviews hub.
export default defineAdminPlugin({
  id: 'syndication',
  routes: [{ path: '/display-settings/syndication', component: lazyPage(() => import('./SyndicationPage')) }],
  zones: {
    'display-reviews': [
      {
        key: 'syndication',
        titleKey: 'syndication:card.title',
        descriptionKey: 'syndication:card.text',
        to: '/display-settings/syndication',
        position: 97,
        icon: ShareIcon,
      },
    ],
  },
});
