import DashboardIcon from '@mui/icons-material/Dashboard';
import { ListItemIcon, MenuItem, MenuList, Skeleton, type Theme, useMediaQuery } from '@mui/material';
import { useSidebarState, useTranslate } from 'react-admin';
import { plugins } from 'virtual:plaudit-plugins';
import { composeMenuRows } from '../menu';
import { isEmbedded } from '../prefix';
import { knownShop, useShop } from '../shop';
import { MENU_LINK, MenuLink } from './MenuLink';
import { CLOSED_WIDTH, OPEN_WIDTH, widthTransition } from './ShellSidebar';

/** Every entry's look, as one rule for the whole menu (MUI's menu item: 36 px rows, secondary text, the active one primary). */
const MENU_STYLE = (theme: Theme) => ({
  display: 'flex',
  flexDirection: 'column',
  // the menu's own width: the drawer holds it in a fixed box, which would shrink to the icons
  width: OPEN_WIDTH,
  '&.RaMenu-closed': { width: CLOSED_WIDTH },
  transition: widthTransition(theme),
  [`& .${MENU_LINK}`]: {
    ...theme.typography.body1,
    display: 'flex',
    alignItems: 'center',
    minHeight: 48,
    [theme.breakpoints.up('sm')]: { minHeight: 'auto' },
    padding: '6px 16px',
    color: theme.palette.text.secondary,
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    outline: 0,
    '&:hover': { backgroundColor: theme.palette.action.hover },
    '&:focus-visible': { outline: `2px solid ${theme.palette.secondary.main}`, outlineOffset: -2 },
    '&.active': { color: theme.palette.text.primary },
  },
  [`& .${MENU_LINK}-icon`]: {
    display: 'inline-flex',
    minWidth: theme.spacing(5),
    color: 'inherit',
    '& svg': { fontSize: '1.5rem', width: '1em', height: '1em', fill: 'currentColor' },
  },
  [`& .${MENU_LINK}-label`]: { overflow: 'hidden', textOverflow: 'ellipsis', flexGrow: 1 },
});

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
  const [open, setOpen] = useSidebarState();
  // below md the menu closes once an entry is chosen, as react-admin's did
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const shop = data ?? knownShop();
  const entries = composeMenuRows(plugins, { shop, embedded: isEmbedded() });
  const onChoose = small ? () => setOpen(false) : undefined;
  return (
    <MenuList sx={MENU_STYLE} className={open ? 'RaMenu-open' : 'RaMenu-closed'}>
      <MenuLink to="/" label={translate('plaudit.menu.dashboard')} icon={DashboardIcon} folded={!open} onChoose={onChoose} />
      {entries.map(({ key, to, labelKey, icon, pending }) =>
        pending ? <PendingItem key={key} /> : <MenuLink key={key} to={to} label={translate(labelKey)} icon={icon} folded={!open} onChoose={onChoose} />,
      )}
    </MenuList>
  );
}
