import { lazy } from 'react';
import { defineAdminPlugin } from '@plaudit/kernel/admin';

const FeatureRequestPage = lazy(() => import('./FeatureRequestPage'));

// /feature-request and the "feature request" tab of /settings.
export default defineAdminPlugin({
  id: 'feature-request',
  routes: [{ path: '/feature-request', component: FeatureRequestPage }],
  settingsTabs: [{ key: 'feature-request', labelKey: 'feature-request:tab', position: 60, component: lazy(() => import('./FeatureRequestForm')) }],
});
