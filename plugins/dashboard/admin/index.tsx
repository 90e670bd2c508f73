import { lazy } from 'react';
import { defineAdminPlugin } from '@plaudit/kernel/admin';

// The home page (/ and /dashboard): quickstart progress, app status and the survey widget.
export default defineAdminPlugin({
  id: 'dashboard',
  dashboard: lazy(() => import('./DashboardPage')),
});
