import AppsIcon from '@mui/icons-material/Apps';
import { defineAdminPlugin, lazyPage } from '@plaudit/kernel/admin';

// Recommended apps (/partners) and the monetize-reviews page.
export default defineAdminPlugin({
  id: 'partners',
  menu: [{ key: 'recommended-apps', labelKey: 'partners:menu', to: '/partners', position: 120, icon: AppsIcon }],
  routes: [
    { path: '/partners', component: lazyPage(() => import('./PartnersPage')) },
    { path: '/monetize-reviews', component: lazyPage(() => import('./MonetizePage')) },
  ],
});
