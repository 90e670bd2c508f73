// The billing plugin owns the shop's plan: Shopify subscriptions, trials, annual billing, the leave
// offer, coupons. It gates nothing itself (the tiers are the kernel's rule); it reads the monthly
// request count from review-requests when that plugin is installed.
import { definePlugin } from '@plaudit/kernel';
import { RequestQuota } from '@plaudit/contracts/review-requests';

export default definePlugin({
  id: 'billing',
  // app/uninstalled is the kernel's topic too: billing ends the subscription locally on it.
  webhookTopics: ['app_subscriptions/update', 'app/uninstalled'],
  needs: [RequestQuota],
});
