import { defineAdminPlugin, lazyPage } from '@plaudit/kernel/admin';

// /dev_zone: developer accounts only; no menu entry (reached by URL in developer mode).
export default defineAdminPlugin({
  id: 'dev-zone',
  routes: [{ path: '/dev_zone', component: lazyPage(() => import('./DevZonePage')) }],
});
