// react-admin's <Admin> (AdminContext + AdminUI) minus what this admin never shows: AdminUI's
// default login page imports the login form, react-hook-form and the text inputs, and Admin imports
// its default polyglot i18n provider, so both travelled in every first load although App passes
// `loginPage={false}` and its own i18n provider (issue 36, docs/admin-speed.md). Same pieces, same
// order as AdminUI. (Loading the rare-state pages lazily through `import('react-admin')` made the
// bundler split the library into more chunks, +4 KB: they stay static.)
import type { ReactNode } from 'react';
import { CssBaseline } from '@mui/material';
import {
  AccessDenied,
  AdminContext,
  type AdminContextProps,
  AuthCallback,
  AuthenticationError,
  CoreAdminUI,
  type CoreAdminUIProps,
  Error as ErrorPage,
  LoadingPage,
  localStorageStore,
  Notification,
} from 'react-admin';
import { queryClient } from './query-client';

const store = localStorageStore();

type ShellAdminProps = Pick<AdminContextProps, 'dataProvider' | 'authProvider' | 'i18nProvider' | 'theme'> &
  Pick<CoreAdminUIProps, 'layout' | 'catchAll' | 'requireAuth' | 'disableTelemetry'> & { children: ReactNode };

export function ShellAdmin({ dataProvider, authProvider, i18nProvider, theme, children, ...ui }: ShellAdminProps) {
  return (
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} theme={theme} store={store} queryClient={queryClient}>
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          accessDenied={AccessDenied}
          authCallbackPage={AuthCallback}
          authenticationError={AuthenticationError}
          error={ErrorPage}
          loading={LoadingPage}
          loginPage={false}
          title="React Admin"
          {...ui}
        >
          {children}
        </CoreAdminUI>
        <Notification />
      </CssBaseline>
    </AdminContext>
  );
}
