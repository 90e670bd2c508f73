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
    { path: '/collect-reviews/email-request', component: lazy(() => import('./email-request/EmailRequestPage')) },
    // Emails: templates, the on/off grid, one template's editor, and the store's own notifications.
    { path: '/collect-reviews/emails', component: lazy(() => import('./emails/EmailTemplatesPage')) },
    { path: '/collect-reviews/emails/grid', component: lazy(() => import('./emails/EmailGridPage')) },
    { path: '/collect-reviews/emails/:id', component: lazy(() => import('./emails/TemplateEditorPage')) },
    { path: '/collect-reviews/email-notifications', component: lazy(() => import('./emails/NotificationsPage')) },
  ],
  settingsTabs: [{ key: 'email', labelKey: 'review-requests:emails.settings.tab', position: 30, component: lazy(() => import('./emails/EmailSettingsTab')) }],
});
