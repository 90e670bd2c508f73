import CardMembershipIcon from '@mui/icons-material/CardMembership';
import { defineAdminPlugin, lazyPage, MENU_POSITION } from '@plaudit/kernel/admin';

// Plans: /subscription (the comparison), /subscribe/{plan} (straight to Shopify's confirmation),
// the Subscription side-menu entry after Settings, and the settings tab 'subscription'.
export default defineAdminPlugin({
  id: 'billing',
  menu: [{ key: 'subscription', labelKey: 'billing:menu', to: '/subscription', position: MENU_POSITION.subscription, icon: CardMembershipIcon }],
  routes: [
    { path: '/subscription', component: lazyPage(() => import('./SubscriptionPage')) },
    { path: '/subscribe/:plan', component: lazyPage(() => import('./SubscribePage')) },
  ],
  settingsTabs: [{ key: 'subscription', labelKey: 'billing:tab', position: 70, component: lazyPage(() => import('./SettingsTab')) }],
});
