import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { defineAdminPlugin, lazyPage } from '@plaudit/kernel/admin';

// Shopify Flow: nothing to connect (Flow is part of Shopify); its card in the integrations zone leads
// to /settings/integration/flow, which lists Plaudit's triggers and actions.
export default defineAdminPlugin({
  id: 'integration-flow',
  routes: [{ path: '/settings/integration/flow', component: lazyPage(() => import('./FlowPage')) }],
  zones: {
    integrations: [
      {
        key: 'integration-flow',
        titleKey: 'integration-flow:card.title',
        descriptionKey: 'integration-flow:card.text',
        to: '/settings/integration/flow',
        position: 40,
        icon: AccountTreeIcon,
      },
    ],
  },
});
