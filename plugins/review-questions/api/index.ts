// The review-questions plugin's API side: the merchant's question definitions (admin-routes.ts).
// The forms and the review box reach the questions through the capability (capability.ts).
import { defineApiPlugin } from '@plaudit/kernel';
import { adminRoutes } from './admin-routes';

export default defineApiPlugin({
  id: 'review-questions',
  routes: (services) => adminRoutes(services),
});
