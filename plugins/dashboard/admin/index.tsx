import { defineAdminPlugin, lazyPage } from '@plaudit/kernel/admin';

// The home page (/ and /dashboard): quickstart progress, app status and the survey widget.
export default defineAdminPlugin({
  id: 'dashboard',
  dashboard: lazyPage(() => import('./DashboardPage')),
});
