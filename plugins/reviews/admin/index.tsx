import RateReviewIcon from '@mui/icons-material/RateReview';
import { defineAdminPlugin, lazyPage } from '@plaudit/kernel/admin';

// Manage reviews (spec section 2): the list with its tabs, the reply form and the edit form.
export default defineAdminPlugin({
  id: 'reviews',
  menu: [{ key: 'reviews', labelKey: 'reviews:menu.manage', to: '/reviews/list', position: 20, icon: RateReviewIcon }],
  routes: [
    { path: '/reviews/list', component: lazyPage(() => import('./ReviewList')) },
    { path: '/reviews/reply/:id', component: lazyPage(() => import('./ReplyPage')) },
    { path: '/reviews/edit/:id', component: lazyPage(() => import('./EditPage')) },
  ],
  // the general tab of /settings (spec section 2): the settings this plugin owns
  settingsTabs: [{ key: 'general', labelKey: 'reviews:general.tab', position: 10, component: lazyPage(() => import('./settings/GeneralSettingsTab')) }],
});
