import { defineAdminPlugin, lazyPage } from '@plaudit/kernel/admin';

const FeatureRequestPage = lazyPage(() => import('./FeatureRequestPage'));

// /feature-request and the "feature request" tab of /settings.
export default defineAdminPlugin({
  id: 'feature-request',
  routes: [{ path: '/feature-request', component: FeatureRequestPage }],
  settingsTabs: [{ key: 'feature-request', labelKey: 'feature-request:tab', position: 60, component: lazyPage(() => import('./FeatureRequestForm')) }],
});
