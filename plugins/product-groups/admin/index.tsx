import WorkspacesIcon from '@mui/icons-material/Workspaces';
import { defineAdminPlugin, lazyPage } from '@plaudit/kernel/admin';

// Product groups: a react-admin resource over /api/product-groups (list, create, edit), reached from
// a card on the Display reviews hub, since a group changes what product pages show.
export default defineAdminPlugin({
  id: 'product-groups',
  resources: [
    {
      name: 'product-groups',
      list: lazyPage(() => import('./GroupList')),
      create: lazyPage(() => import('./GroupCreate')),
      edit: lazyPage(() => import('./GroupEdit')),
      icon: WorkspacesIcon,
    },
  ],
  zones: {
    'display-reviews': [
      {
        key: 'product-groups.list',
        titleKey: 'product-groups:admin.menu',
        descriptionKey: 'product-groups:admin.hub_text',
        to: '/product-groups',
        position: 95,
        icon: WorkspacesIcon,
      },
    ],
  },
});
