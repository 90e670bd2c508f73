// The QR codes plugin's API side: the merchant's calls (routes.ts) and the public page (public-routes.ts).
import { defineApiPlugin } from '@plaudit/kernel';
import { qrPublicRoutes } from './public-routes';
import { qrRoutes } from './routes';

export default defineApiPlugin({
  id: 'qr-codes',
  routes: (services) => qrRoutes(services),
  publicRoutes: (services) => qrPublicRoutes(services),
});
