// The store-links plugin's API side: the merchant's links and code (routes.ts). The widgets learn
// which reviews are copies through the capability (plugin.ts). The emulator's demo stores start linked (demo-link.ts).
import { defineApiPlugin } from '@plaudit/kernel';
import { linkDemoStores } from './demo-link';
import { storeLinkRoutes } from './routes';

export default defineApiPlugin({
  id: 'store-links',
  routes: (services) => storeLinkRoutes(services),
  // after the reviews plugin's start (plugins start in order of their ids) seeded both demo stores
  onStart: (services) => linkDemoStores(services),
});
