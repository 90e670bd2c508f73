import InsightsIcon from '@mui/icons-material/Insights';
import { defineAdminPlugin, lazyPage, MENU_POSITION } from '@plaudit/kernel/admin';

// Analytics (issue 18): the overview, rating and email screens, the side-menu entry and a card on
// the dashboard. Spec section 2 hides the entry "when the plan-limit check says so", the same
// undefined check as billing's Subscription entry, which is always shown (plugins/billing/README.md):
// when that check is defined, it becomes a `visible` rule here as there.
export default defineAdminPlugin({
  id: 'analytics',
  menu: [{ key: 'analytics', labelKey: 'analytics:menu', to: '/analytics', position: MENU_POSITION.analytics, icon: InsightsIcon }],
  routes: [
    { path: '/analytics', component: lazyPage(() => import('./OverviewPage')) },
    { path: '/analytics/rating', component: lazyPage(() => import('./RatingPage')) },
    { path: '/analytics/email', component: lazyPage(() => import('./EmailPage')) },
  ],
  zones: {
    dashboard: [
      {
        key: 'analytics.overview',
        titleKey: 'analytics:dashboard.title',
        descriptionKey: 'analytics:dashboard.text',
        to: '/analytics',
        position: 50,
        icon: InsightsIcon,
      },
    ],
  },
});
