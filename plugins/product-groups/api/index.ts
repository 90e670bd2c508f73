// The product-groups plugin's API side: the merchant's groups (admin-routes.ts). The widgets reach
// them through the capability (capability.ts).
import { defineApiPlugin } from '@plaudit/kernel';
import { adminRoutes } from './admin-routes';

export default defineApiPlugin({
  id: 'product-groups',
  routes: (services) => adminRoutes(services),
});
