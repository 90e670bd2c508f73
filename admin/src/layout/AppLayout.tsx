import type { ReactNode } from 'react';
import { AppBar, Layout, UserMenu } from 'react-admin';
import { ConfirmLogout } from './ConfirmLogout';
import { PluginMenu } from './PluginMenu';

const ShellAppBar = () => (
  <AppBar
    userMenu={
      <UserMenu>
        <ConfirmLogout />
      </UserMenu>
    }
  />
);

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={PluginMenu} appBar={ShellAppBar}>
      {children}
    </Layout>
  );
}
