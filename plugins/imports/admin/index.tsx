import LinkIcon from '@mui/icons-material/AddLink';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { defineAdminPlugin, lazyPage } from '@plaudit/kernel/admin';

// Imports and export (issue 12): the file import with its mapping step and the export, the import by
// marketplace product URL, their cards on the Collect reviews hub, and Settings > Import reviews.
export default defineAdminPlugin({
  id: 'imports',
  routes: [
    { path: '/collect-reviews/reviews/import', component: lazyPage(() => import('./FileImportPage')) },
    { path: '/collect-reviews/import-reviews', component: lazyPage(() => import('./MarketplacePage')) },
  ],
  zones: {
    'collect-reviews': [
      {
        key: 'imports.file',
        titleKey: 'imports:hub.file_title',
        descriptionKey: 'imports:hub.file_text',
        to: '/collect-reviews/reviews/import',
        position: 55,
        icon: UploadFileIcon,
      },
      {
        key: 'imports.marketplace',
        titleKey: 'imports:hub.marketplace_title',
        descriptionKey: 'imports:hub.marketplace_text',
        to: '/collect-reviews/import-reviews',
        position: 56,
        icon: LinkIcon,
      },
    ],
  },
  settingsTabs: [{ key: 'import-reviews', labelKey: 'imports:settings.tab', position: 20, component: lazyPage(() => import('./ImportSettingsTab')) }],
});
