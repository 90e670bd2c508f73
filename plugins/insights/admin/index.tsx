import { defineAdminPlugin, lazyPage } from '@plaudit/kernel/admin';

// The "Review insights" tab of /settings: the drafted replies' tone, sign-off and support address,
// and the language model that may write them (loaded when the tab opens: the first load stays flat).
export default defineAdminPlugin({
  id: 'insights',
  settingsTabs: [{ key: 'insights', labelKey: 'insights:drafts.tab', position: 55, component: lazyPage(() => import('./ReplySettingsTab')) }],
});
