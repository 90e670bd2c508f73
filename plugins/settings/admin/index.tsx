import SettingsIcon from '@mui/icons-material/Settings';
import { defineAdminPlugin, lazyPage } from '@plaudit/kernel/admin';

// /settings: a tab per contributing plugin (general, import reviews, email, integrations,
// translations, feature request, subscription — spec section 2), in their declared positions.
const SettingsPage = lazyPage(() => import('./SettingsPage'));
const IntegrationsTab = lazyPage(() => import('./IntegrationsTab'));

export default defineAdminPlugin({
  id: 'settings',
  menu: [{ key: 'settings', labelKey: 'settings:menu', to: '/settings', position: 100, icon: SettingsIcon }],
  routes: [
    { path: '/settings', component: SettingsPage },
    { path: '/settings/:tab', component: SettingsPage },
  ],
  // the integration-<app> plugins' cards (their screens are /settings/integration/<app>)
  settingsTabs: [{ key: 'integrations', labelKey: 'settings:integrations.tab', position: 40, component: IntegrationsTab }],
});
