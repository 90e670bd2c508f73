import type { ReactNode } from 'react';
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

const ShellAppBar = () => (
  <AppBar
    color="primary"
    sx={PHONE_TITLE}
    userMenu={
      <UserMenu>
        <ConfirmLogout />
      </UserMenu>
    }
  />
);

/** A page that fails to render (or whose lazy chunk fails to load) shows the not-found page. */
const PageError = () => <NotFound />;

export function AppLayout({ children }: { children: ReactNode }) {
  const { data: shop } = useShop();
  const location = useLocation();
  // Outside extended mode every page leads to the partner-friendly page (spec section 2).
  if (shop && !shop.extendedMode) return <Navigate to="/partner-friendly" replace state={{ from: location.pathname }} />;
  return (
    <Layout menu={PluginMenu} appBar={ShellAppBar} error={PageError}>
      <ShopLocale />
      {children}
    </Layout>
  );
}
