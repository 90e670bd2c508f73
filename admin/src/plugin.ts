// The contract an integrator writes against on the admin side: plugins/<id>/admin/index.tsx
// default-exports `defineAdminPlugin({...})`. Keep the manifest small and load pages lazily
// (`lazyPage(() => import('./SomePage'))`) so each plugin is its own chunk. See docs/plugins.md.
import type { ComponentType, ReactElement } from 'react';
import type { ResourceProps } from 'react-admin';

/** The shop record from GET /api/shops (the fields the shell reads; plugins may read more). */
export interface ShopRecord {
  id: number;
  shopifyDomain: string;
  name?: string | null;
  plan: string;
  shopifyPlan?: string | null;
  email?: string | null;
  adminLocale?: string | null;
  primaryLocale?: string | null;
  installedApps: string[];
  isDevelopmentStore?: boolean;
  menuAllowed?: boolean;
  surveyExcluded?: boolean;
  setupDone: boolean;
  appStatus: boolean;
  extendedMode: boolean;
  [field: string]: unknown;
}

/** What a visibility rule may look at. */
export interface MenuContext {
  shop?: ShopRecord;
  embedded: boolean;
}

export interface MenuEntry {
  /** unique among all plugins */
  key: string;
  /** translation key, e.g. 'reviews:menu.manage' */
  labelKey: string;
  /** path without the /embed prefix, e.g. '/reviews/list' */
  to: string;
  /** place in the side menu, lower first: the spec's items are at MENU_POSITION (menu.ts) */
  position: number;
  icon?: ComponentType;
  /** hide the entry unless this returns true (plan tier, sister app installed, shop flags) */
  visible?: (context: MenuContext) => boolean;
}

export interface RouteEntry {
  /** path without the /embed prefix; react-router syntax (':id', '*') */
  path: string;
  component: ComponentType;
  /** render without the side menu and app bar */
  noLayout?: boolean;
}

export interface SettingsTab {
  key: string;
  labelKey: string;
  position: number;
  component: ComponentType;
}

/**
 * A card on a hub page that another plugin owns: the Collect reviews, Display reviews and Dashboard
 * pages render the cards of their zone ('collect-reviews', 'display-reviews', 'dashboard'), so a
 * plugin adds its card there without editing the hub's plugin.
 */
export interface ZoneCard {
  /** unique within the zone */
  key: string;
  /** translation keys of the card's title and one-line description */
  titleKey: string;
  descriptionKey: string;
  /** where the card leads: a path without the /embed prefix */
  to: string;
  icon?: ComponentType;
  /** order in the zone: lower first */
  position: number;
  /** hide the card unless this returns true (as for menu entries) */
  visible?: (context: MenuContext) => boolean;
}

export interface AdminPlugin {
  /** must equal the plugin's folder name; also its i18n namespace */
  id: string;
  resources?: ResourceProps[];
  menu?: MenuEntry[];
  routes?: RouteEntry[];
  settingsTabs?: SettingsTab[];
  /** cards this plugin adds to named zones of hub pages: { 'collect-reviews': [{ key, titleKey, ... }] } */
  zones?: Record<string, ZoneCard[]>;
  /** the home page at / and /dashboard (the first plugin that declares one wins) */
  dashboard?: ComponentType;
  /** wraps the whole admin (context providers a plugin needs everywhere) */
  provider?: ComponentType<{ children: ReactElement }>;
}

export function defineAdminPlugin(plugin: AdminPlugin): AdminPlugin {
  return plugin;
}
