import SmsIcon from '@mui/icons-material/Sms';
import { defineAdminPlugin, lazyPage } from '@plaudit/kernel/admin';

// SMS and WhatsApp: the providers, the quiet hours and the senders' rules under
// /settings/integration/messaging, and its card in the integrations zone.
export default defineAdminPlugin({
  id: 'messaging',
  routes: [{ path: '/settings/integration/messaging', component: lazyPage(() => import('./MessagingPage')) }],
  zones: {
    integrations: [
      {
        key: 'messaging',
        titleKey: 'messaging:card.title',
        descriptionKey: 'messaging:card.text',
        to: '/settings/integration/messaging',
        position: 15,
        icon: SmsIcon,
      },
    ],
  },
});
