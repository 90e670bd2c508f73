import type { ReactNode } from 'react';
import { Box, Drawer, type Theme, useMediaQuery } from '@mui/material';
import { useSidebarState } from 'react-admin';

/** The menu's width, open and folded to its icons (react-admin's). */
export const OPEN_WIDTH = 240;
export const CLOSED_WIDTH = 55;
/** The app bar's height (the layout's top margin) subtracted from the docked menu's. */
const BELOW_APP_BAR = 'calc(100vh - 3em)';

/** How the drawer and the menu in it change width together as the menu folds or opens. */
export const widthTransition = (theme: Theme) =>
  theme.transitions.create('width', { easing: theme.transitions.easing.sharp, duration: theme.transitions.duration.leavingScreen });

/**
 * The side menu's drawer: docked beside the page from `sm` up (full width or icons only, as the
 * app bar's toggle sets), over the page on a phone. react-admin's Sidebar does the same but reads
 * the scroll position while rendering (its hide-on-scroll trigger), a forced layout in every first
 * paint, for an app bar this admin keeps on screen (issue 36, docs/admin-speed.md).
 */
export function ShellSidebar({ children }: { children: ReactNode }) {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useSidebarState();
  const close = () => setOpen(false);
  if (phone)
    return (
      <Drawer variant="temporary" open={open} onClose={close} slotProps={{ paper: { sx: { width: OPEN_WIDTH } } }}>
        {children}
      </Drawer>
    );
  return (
    <Drawer
      variant="permanent"
      open={open}
      sx={{
        height: BELOW_APP_BAR,
        '& .MuiPaper-root': {
          position: 'relative',
          width: open ? OPEN_WIDTH : CLOSED_WIDTH,
          transition: widthTransition,
          backgroundColor: 'transparent',
          border: 'none',
          zIndex: 'inherit',
        },
      }}
    >
      {/* the menu stays in view while the page scrolls; its own scrollbar is hidden */}
      <Box
        className="RaSidebar-fixed"
        sx={{ position: 'fixed', height: BELOW_APP_BAR, overflowX: 'hidden', scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' } }}
      >
        {children}
      </Box>
    </Drawer>
  );
}
