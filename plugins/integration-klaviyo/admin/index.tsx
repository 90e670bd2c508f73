import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import { defineAdminPlugin, lazyPage } from '@plaudit/kernel/admin';

// Klaviyo: its screen under /settings/integration/klaviyo and its card in the integrations zone.
export default defineAdminPlugin({
  id: 'integration-klaviyo',
  routes: [{ path: '/settings/integration/klaviyo', component: lazyPage(() => import('./KlaviyoPage')) }],
  zones: {
    integrations: [
      {
        key: 'integration-klaviyo',
        titleKey: 'integration-klaviyo:card.title',
        descriptionKey: 'integration-klaviyo:card.text',
        to: '/settings/integration/klaviyo',
        position: 10,
        icon: MarkEmailReadIcon,
      },
    ],
  },
});
