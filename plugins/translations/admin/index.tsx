import { defineAdminPlugin, lazyPage } from '@plaudit/kernel/admin';

const TranslationsPage = lazyPage(() => import('./TranslationsPage'));
const SettingsTab = lazyPage(() => import('./SettingsTab'));

// /translations and the "translations" tab of /settings (spec section 2, position 50): the widget
// labels and review translation, as two sections of one page.
export default defineAdminPlugin({
  id: 'translations',
  routes: [{ path: '/translations', component: TranslationsPage }],
  settingsTabs: [{ key: 'translations', labelKey: 'translations:tab', position: 50, component: SettingsTab }],
});
