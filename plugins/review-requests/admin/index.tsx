import MailIcon from '@mui/icons-material/MarkEmailRead';
import { defineAdminPlugin, lazyPage } from '@plaudit/kernel/admin';

// Collect reviews: the review-request queue and the request settings.
export default defineAdminPlugin({
  id: 'review-requests',
  menu: [{ key: 'collect-reviews', labelKey: 'review-requests:menu', to: '/collect-reviews', position: 30, icon: MailIcon }],
  routes: [
    { path: '/collect-reviews', component: lazyPage(() => import('./CollectHub')) },
    { path: '/collect-reviews/review-request', component: lazyPage(() => import('./queue/QueuePage')) },
    { path: '/collect-reviews/setting-request', component: lazyPage(() => import('./settings/RequestSettingsPage')) },
    { path: '/collect-reviews/email-request', component: lazyPage(() => import('./email-request/EmailRequestPage')) },
    // Emails: templates, the on/off grid, one template's editor, and the store's own notifications.
    { path: '/collect-reviews/emails', component: lazyPage(() => import('./emails/EmailTemplatesPage')) },
    { path: '/collect-reviews/emails/grid', component: lazyPage(() => import('./emails/EmailGridPage')) },
    { path: '/collect-reviews/emails/:id', component: lazyPage(() => import('./emails/TemplateEditorPage')) },
    { path: '/collect-reviews/email-notifications', component: lazyPage(() => import('./emails/NotificationsPage')) },
  ],
  zones: {
    'collect-reviews': [
      {
        key: 'review-requests.queue',
        titleKey: 'review-requests:hub.queue.title',
        descriptionKey: 'review-requests:hub.queue.text',
        to: '/collect-reviews/review-request',
        position: 10,
      },
      {
        key: 'review-requests.settings',
        titleKey: 'review-requests:hub.settings.title',
        descriptionKey: 'review-requests:hub.settings.text',
        to: '/collect-reviews/setting-request',
        position: 20,
      },
      {
        key: 'review-requests.emails',
        titleKey: 'review-requests:hub.emails.title',
        descriptionKey: 'review-requests:hub.emails.text',
        to: '/collect-reviews/emails',
        position: 30,
      },
      {
        key: 'review-requests.notifications',
        titleKey: 'review-requests:hub.notifications.title',
        descriptionKey: 'review-requests:hub.notifications.text',
        to: '/collect-reviews/email-notifications',
        position: 40,
      },
    ],
  },
  settingsTabs: [
    { key: 'email', labelKey: 'review-requests:emails.settings.tab', position: 30, component: lazyPage(() => import('./emails/EmailSettingsTab')) },
  ],
});
