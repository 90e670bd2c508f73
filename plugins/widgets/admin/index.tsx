import PaletteIcon from '@mui/icons-material/Palette';
import WidgetsIcon from '@mui/icons-material/Widgets';
import { defineAdminPlugin, lazyPage } from '@plaudit/kernel/admin';
import { SCREENS } from '../shared/screens';

const WidgetScreen = lazyPage(() => import('./WidgetScreen'));

// Branding and Display reviews: the storefront widgets' settings, each with a live preview.
export default defineAdminPlugin({
  id: 'widgets',
  menu: [
    { key: 'branding', labelKey: 'widgets:menu.branding', to: '/branding', position: 40, icon: PaletteIcon },
    { key: 'display-settings', labelKey: 'widgets:menu.display', to: '/display-settings', position: 50, icon: WidgetsIcon },
  ],
  zones: {
    'display-reviews': [
      ...Object.keys(SCREENS).map((screen, i) => ({
        key: `widgets.${screen}`,
        titleKey: `widgets:screen.${screen}.title`,
        descriptionKey: `widgets:screen.${screen}.text`,
        to: `/display-settings/${screen}`,
        position: (i + 1) * 10,
      })),
      // the Google feed is read by Merchant Center, not shown on the storefront: beside the other channels
      { key: 'widgets.google', titleKey: 'widgets:google.title', descriptionKey: 'widgets:google.text', to: '/display-settings/google', position: 98 },
    ],
  },
  routes: [
    { path: '/display-settings', component: lazyPage(() => import('./DisplayHub')) },
    { path: '/display-settings/google', component: lazyPage(() => import('./GooglePage')) },
    ...Object.keys(SCREENS).map((screen) => ({ path: `/display-settings/${screen}`, component: WidgetScreen })),
    { path: '/branding', component: lazyPage(() => import('./BrandingPage')) },
  ],
});
