import { lazy } from 'react';
import PaletteIcon from '@mui/icons-material/Palette';
import WidgetsIcon from '@mui/icons-material/Widgets';
import { defineAdminPlugin } from '../../../admin/src/plugin';

/**
 * The display screens of spec section 2, one per key of SCREENS in shared/display-settings.ts
 * (listed here rather than imported, so the manifest stays free of zod; admin/manifest.test.ts
 * checks the two lists agree).
 */
export const SCREEN_PATHS = ['box', 'star-rating', 'carousel', 'sidebar', 'popup', 'customer-portal-reviews', 'submit-form', 'all-reviews', 'testimonial', 'upsell-aov'];

const WidgetScreen = lazy(() => import('./WidgetScreen'));

// Branding and Display reviews: the storefront widgets' settings, each with a live preview.
export default defineAdminPlugin({
  id: 'widgets',
  menu: [
    { key: 'branding', labelKey: 'widgets:menu.branding', to: '/branding', position: 40, icon: PaletteIcon },
    { key: 'display-settings', labelKey: 'widgets:menu.display', to: '/display-settings', position: 50, icon: WidgetsIcon },
  ],
  routes: [
    { path: '/display-settings', component: lazy(() => import('./DisplayHub')) },
    ...SCREEN_PATHS.map((screen) => ({ path: `/display-settings/${screen}`, component: WidgetScreen })),
    { path: '/display-settings/instagram-feed', component: lazy(() => import('./InstagramFeedPage')) },
    { path: '/branding', component: lazy(() => import('./BrandingPage')) },
  ],
});
