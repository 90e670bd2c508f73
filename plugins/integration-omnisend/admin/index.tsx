import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { defineAdminPlugin, lazyPage } from '@plaudit/kernel/admin';

// Omnisend: its screen under /settings/integration/omnisend and its card in the integrations zone
// (the Settings tab "Integrations").
export default defineAdminPlugin({
  id: 'integration-omnisend',
  routes: [{ path: '/settings/integration/omnisend', component: lazyPage(() => import('./OmnisendPage')) }],
  zones: {
    integrations: [
      {
        key: 'integration-omnisend',
        titleKey: 'integration-omnisend:card.title',
        descriptionKey: 'integration-omnisend:card.text',
        to: '/settings/integration/omnisend',
        position: 20,
        icon: ForwardToInboxIcon,
      },
    ],
  },
});
