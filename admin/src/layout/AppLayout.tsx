import { memo, type ReactNode, Suspense } from 'react';
import { Box } from '@mui/material';
import { AppBar, Loading, SkipNavigationButton, UserMenu } from 'react-admin';
import { ConfirmLogout } from './ConfirmLogout';
import { PageBoundary } from './PageBoundary';
import { PluginMenu } from './PluginMenu';
import { ShellSidebar } from './ShellSidebar';
import { Navigate, useLocation } from 'react-router-dom';
import { NotFound } from '../pages/NotFound';
import { useShop } from '../shop';
import { ShopLocale } from '../ShopLocale';

// On a phone the title shares the bar with the language, refresh and user buttons: it wraps onto a
// second line in a smaller type instead of being cut off (issue 37 item 6).
const PHONE_TITLE = {
  '& #react-admin-title': { whiteSpace: { xs: 'normal', sm: 'nowrap' }, fontSize: { xs: '1rem', sm: undefined }, lineHeight: { xs: 1.2, sm: undefined } },
};

// The bar and the menu are memoised: the layout renders again as react-admin's auth and route
// checks settle, and repainting ~20 menu items and the bar each time delayed the first paint (issue 36).
// The bar stays on screen (`alwaysOn`): hiding it on scroll read the scroll position while rendering.
const ShellAppBar = memo(() => (
  <AppBar
    alwaysOn
    color="primary"
    sx={PHONE_TITLE}
    userMenu={
      <UserMenu>
        <ConfirmLogout />
      </UserMenu>
    }
  />
));

const ShellMenu = memo(PluginMenu);

/** The app bar above, the menu beside the page; 6 (phone: 7) spacing units clear the fixed bar. */
const FRAME = { display: 'flex', flexDirection: 'column', flexGrow: 1, mt: { xs: 7, sm: 6 } } as const;
const CONTENT = { display: 'flex', flexDirection: 'column', flexGrow: 1, flexBasis: 0, px: 1, zIndex: 2, bgcolor: 'background.default' } as const;

/**
 * react-admin's Layout, composed here without what costs the first paint and is never shown: its
 * hide-on-scroll trigger (the app bar is always on) and its preferences Inspector, each of which
 * forced a layout of the page while rendering (issue 36, docs/admin-speed.md). The pieces are
 * react-admin's (AppBar, Loading, the skip link); the menu is PluginMenu, in ShellSidebar's drawer.
 */
function ShellLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Box
      className="layout"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        minHeight: '100vh',
        minWidth: 'fit-content',
        width: '100%',
        bgcolor: 'background.default',
        position: 'relative',
        zIndex: 1,
      }}
    >
      <SkipNavigationButton />
      <Box sx={FRAME}>
        <ShellAppBar />
        <Box component="main" sx={{ display: 'flex', flexGrow: 1 }}>
          <ShellSidebar>
            <ShellMenu />
          </ShellSidebar>
          <Box id="main-content" sx={CONTENT}>
            {/* a page that fails to render (or whose chunk fails to load) shows the not-found page */}
            <PageBoundary pathname={pathname} fallback={<NotFound />}>
              <Suspense fallback={<Loading />}>{children}</Suspense>
            </PageBoundary>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}

export function AppLayout({ children }: { children: ReactNode }) {
  const { data: shop } = useShop();
  const location = useLocation();
  // Outside extended mode every page leads to the partner-friendly page (spec section 2).
  if (shop && !shop.extendedMode) return <Navigate to="/partner-friendly" replace state={{ from: location.pathname }} />;
  return (
    <ShellLayout>
      <ShopLocale />
      {children}
    </ShellLayout>
  );
}
