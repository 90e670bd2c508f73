import { defineAdminPlugin, lazyPage } from '@plaudit/kernel/admin';

// The onboarding flow at /onboarding (?step=<step> opens one step). Its card in the 'quickstart'
// zone tells the dashboard where the flow lives: the quick-start card links each step there and
// a new shop's first load lands on it.
export default defineAdminPlugin({
  id: 'onboarding',
  routes: [{ path: '/onboarding', component: lazyPage(() => import('./OnboardingPage')) }],
  zones: {
    quickstart: [{ key: 'onboarding.flow', titleKey: 'onboarding:title', descriptionKey: 'onboarding:intro', to: '/onboarding', position: 10 }],
  },
});
