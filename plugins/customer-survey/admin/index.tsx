import PollIcon from '@mui/icons-material/Poll';
import { defineAdminPlugin, lazyPage, SISTER_APPS } from '@plaudit/kernel/admin';

// Customer survey (/other-compliance): shown unless the shop is excluded or has the survey app.
export default defineAdminPlugin({
  id: 'customer-survey',
  menu: [
    {
      key: 'customer-survey',
      labelKey: 'customer-survey:menu',
      to: '/other-compliance',
      position: 60,
      icon: PollIcon,
      visible: ({ shop }) => !!shop && !shop.surveyExcluded && !shop.installedApps.includes(SISTER_APPS.customerSurvey),
    },
  ],
  routes: [{ path: '/other-compliance', component: lazyPage(() => import('./SurveyPage')) }],
});
