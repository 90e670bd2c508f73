import { defineAdminPlugin, lazyPage } from '@plaudit/kernel/admin';

// API keys and webhooks: the settings tab at /settings/managingKey (spec section 2's route; the
// settings page serves /settings/<tab>), so the merchant finds it next to the other settings.
export default defineAdminPlugin({
  id: 'public-api',
  settingsTabs: [{ key: 'managingKey', labelKey: 'public-api:tab', position: 65, component: lazyPage(() => import('./ManagingKeyPage')) }],
});
