import { ListItemIcon, MenuItem, Skeleton } from '@mui/material';
import { Menu, useTranslate } from 'react-admin';
import { plugins } from 'virtual:plaudit-plugins';
import { composeMenuRows } from '../menu';
import { isEmbedded } from '../prefix';
import { knownShop, useShop } from '../shop';

/** A reserved row for an entry that waits on the shop record: the same height, so nothing below moves. */
const PendingItem = () => (
  <MenuItem disabled aria-hidden="true" data-pending-menu-item sx={{ opacity: '1 !important' }}>
    <ListItemIcon>
      <Skeleton variant="circular" width={24} height={24} />
    </ListItemIcon>
    <Skeleton variant="text" width="60%" />
  </MenuItem>
);

/**
 * The side menu: every plugin's entries that are visible for this shop, in their declared order.
 * Until GET /api/shops answers, the shop from this browser's last visit decides (issue 37 item 11:
 * entries used to pop in after the first paint); on a first visit the entries whose rule needs the
 * shop keep their place as skeleton rows.
 */
export function PluginMenu() {
  const translate = useTranslate();
  const { data } = useShop();
  const shop = data ?? knownShop();
  const entries = composeMenuRows(plugins, { shop, embedded: isEmbedded() });
  return (
    <Menu>
      <Menu.DashboardItem primaryText={translate('plaudit.menu.dashboard')} />
      {entries.map(({ key, to, labelKey, icon: Icon, pending }) =>
        pending ? <PendingItem key={key} /> : <Menu.Item key={key} to={to} primaryText={translate(labelKey)} leftIcon={Icon ? <Icon /> : undefined} />,
      )}
    </Menu>
  );
}
