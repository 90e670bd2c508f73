import LoyaltyIcon from '@mui/icons-material/Loyalty';
import { defineAdminPlugin, lazyPage } from '@plaudit/kernel/admin';

// Smile.io: its screen under /settings/integration/smile and its card in the Integrations zone.
export default defineAdminPlugin({
  id: 'integration-smile',
  routes: [{ path: '/settings/integration/smile', component: lazyPage(() => import('./SmilePage')) }],
  zones: {
    integrations: [
      {
        key: 'integration-smile',
        titleKey: 'integration-smile:card.title',
        descriptionKey: 'integration-smile:card.text',
        to: '/settings/integration/smile',
        position: 30,
        icon: LoyaltyIcon,
      },
    ],
  },
});
