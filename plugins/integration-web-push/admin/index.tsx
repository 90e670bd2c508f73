import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { defineAdminPlugin, lazyPage } from '@plaudit/kernel/admin';

// Web push through OneSignal: its screen under /settings/integration/onesignal and its card in the Integrations zone.
export default defineAdminPlugin({
  id: 'integration-web-push',
  routes: [{ path: '/settings/integration/onesignal', component: lazyPage(() => import('./OneSignalPage')) }],
  zones: {
    integrations: [
      {
        key: 'integration-web-push',
        titleKey: 'integration-web-push:card.title',
        descriptionKey: 'integration-web-push:card.text',
        to: '/settings/integration/onesignal',
        position: 50,
        icon: NotificationsActiveIcon,
      },
    ],
  },
});
