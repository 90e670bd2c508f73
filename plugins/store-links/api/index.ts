// The store-links plugin's API side: the merchant's links and code (routes.ts). The widgets learn
// which reviews are copies through the capability (plugin.ts).
import { defineApiPlugin } from '@plaudit/kernel';
import { storeLinkRoutes } from './routes';

export default defineApiPlugin({
  id: 'store-links',
  routes: (services) => storeLinkRoutes(services),
});
