import { lazy } from 'react';
import RateReviewIcon from '@mui/icons-material/RateReview';
import { defineAdminPlugin } from '@plaudit/kernel/admin';

// Manage reviews (spec section 2): the list with its tabs, the reply form and the edit form.
export default defineAdminPlugin({
  id: 'reviews',
  menu: [{ key: 'reviews', labelKey: 'reviews:menu.manage', to: '/reviews/list', position: 20, icon: RateReviewIcon }],
  routes: [
    { path: '/reviews/list', component: lazy(() => import('./ReviewList')) },
    { path: '/reviews/reply/:id', component: lazy(() => import('./ReplyPage')) },
    { path: '/reviews/edit/:id', component: lazy(() => import('./EditPage')) },
  ],
  // the general tab of /settings (spec section 2): the settings this plugin owns
  settingsTabs: [{ key: 'general', labelKey: 'reviews:general.tab', position: 10, component: lazy(() => import('./settings/GeneralSettingsTab')) }],
});
