import QrCode2Icon from '@mui/icons-material/QrCode2';
import { defineAdminPlugin, lazyPage } from '@plaudit/kernel/admin';

// QR codes: the product list with Generate, and the card editor (spec section 2's routes).
export default defineAdminPlugin({
  id: 'qr-codes',
  routes: [
    { path: '/collect-reviews/qr-code', component: lazyPage(() => import('./QrCodePage')) },
    { path: '/collect-reviews/qr-code/:id', component: lazyPage(() => import('./QrEditPage')) },
  ],
  zones: {
    'collect-reviews': [
      {
        key: 'qr-codes.list',
        titleKey: 'qr-codes:hub.title',
        descriptionKey: 'qr-codes:hub.text',
        to: '/collect-reviews/qr-code',
        position: 50,
        icon: QrCode2Icon,
      },
    ],
  },
});
