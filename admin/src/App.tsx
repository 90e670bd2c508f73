import { CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { plugins } from 'virtual:plaudit-plugins';
import { authProvider } from './auth-provider';
import { dataProvider } from './data-provider';
import { useAdminI18nProvider } from './i18n';
import { AppLayout } from './layout/AppLayout';
import { composeRoutes } from './menu';
import type { RouteEntry } from './plugin';
import { Dashboard } from './pages/Dashboard';
import { AuthComplete } from './pages/AuthComplete';
import { LoginPage } from './pages/LoginPage';
import { NotSupported } from './pages/NotSupported';
import { LoadingPage } from './pages/LoadingPage';
import { PartnerFriendly } from './pages/PartnerFriendly';
import { NotFound } from './pages/NotFound';
import { ShellAdmin } from './ShellAdmin';
import { theme } from './theme';

const Home = plugins.find((p) => p.dashboard)?.dashboard ?? Dashboard;

/**
 * Every route, the shell's then the plugins': rendered below, and read by boot.ts to know what the
 * address needs before the first render. Home is a plain route, not <Admin dashboard>: react-admin
 * wraps that one in WithPermissions, whose auth and permission checks held the first paint for two
 * more renders (issue 36).
 */
export const routes: RouteEntry[] = [
  { path: '/', component: Home },
  { path: '/dashboard', component: Home },
  { path: '/loading', component: LoadingPage },
  { path: '/auth/login', component: LoginPage, noLayout: true },
  { path: '/auth/complete', component: AuthComplete, noLayout: true },
  { path: '/not-supported', component: NotSupported, noLayout: true },
  { path: '/partner-friendly', component: PartnerFriendly, noLayout: true },
  ...composeRoutes(plugins),
];

const routeElements = (noLayout: boolean) =>
  routes.filter((r) => !!r.noLayout === noLayout).map(({ path, component: Page }) => <Route key={path} path={path} element={<Page />} />);

export function App({ basename }: { basename: string }) {
  const i18nProvider = useAdminI18nProvider();
  if (!i18nProvider) return null;
  const app = (
    <ShellAdmin
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={AppLayout}
      catchAll={NotFound}
      theme={theme}
      requireAuth
      disableTelemetry
    >
      {plugins
        .flatMap((p) => p.resources ?? [])
        .map((r) => (
          <Resource key={r.name} {...r} />
        ))}
      <CustomRoutes>{routeElements(false)}</CustomRoutes>
      <CustomRoutes noLayout>{routeElements(true)}</CustomRoutes>
    </ShellAdmin>
  );
  // A BrowserRouter (react-admin would default to hash routing) whose basename is '' or '/embed'.
  const withProviders = plugins.reduceRight((children, p) => (p.provider ? <p.provider>{children}</p.provider> : children), app);
  return <BrowserRouter basename={basename}>{withProviders}</BrowserRouter>;
}
