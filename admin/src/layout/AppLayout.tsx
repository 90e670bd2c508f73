import { memo, type ReactNode } from 'react';
import { AppBar, Layout, UserMenu } from 'react-admin';
import { ConfirmLogout } from './ConfirmLogout';
import { PluginMenu } from './PluginMenu';
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
const ShellAppBar = memo(() => (
  <AppBar
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

/** A page that fails to render (or whose lazy chunk fails to load) shows the not-found page. */
const PageError = () => <NotFound />;

export function AppLayout({ children }: { children: ReactNode }) {
  const { data: shop } = useShop();
  const location = useLocation();
  // Outside extended mode every page leads to the partner-friendly page (spec section 2).
  if (shop && !shop.extendedMode) return <Navigate to="/partner-friendly" replace state={{ from: location.pathname }} />;
  return (
    <Layout menu={ShellMenu} appBar={ShellAppBar} error={PageError}>
      <ShopLocale />
      {children}
    </Layout>
  );
}
