import { lazy } from 'react';
import MailIcon from '@mui/icons-material/MarkEmailRead';
import { defineAdminPlugin } from '../../../admin/src/plugin';

// Collect reviews: the review-request queue and the request settings.
export default defineAdminPlugin({
  id: 'review-requests',
  menu: [{ key: 'collect-reviews', labelKey: 'review-requests:menu', to: '/collect-reviews', position: 30, icon: MailIcon }],
  routes: [
    { path: '/collect-reviews', component: lazy(() => import('./CollectHub')) },
    { path: '/collect-reviews/review-request', component: lazy(() => import('./queue/QueuePage')) },
    { path: '/collect-reviews/setting-request', component: lazy(() => import('./settings/RequestSettingsPage')) },
  ],
});
