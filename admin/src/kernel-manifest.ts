// @plaudit/kernel/admin as a plugin's manifest (plugins/<id>/admin/index.tsx) sees it in the build:
// the manifests travel in the first load of every page, so they get only the pure values a manifest
// needs. The full kernel (kernel.ts: hooks, SavedViews, ProductPicker, the email template fields and
// their zod schema...) then reaches the browser only with the first lazy page that uses it.
// admin/vite.config.mts resolves a manifest's `@plaudit/kernel/admin` here; a manifest importing
// anything else from the kernel fails the build ("is not exported"): put that code in a lazy file.
// Type checking still reads kernel.ts (tsconfig paths), of which this is a subset.
export {
  defineAdminPlugin,
  type AdminPlugin,
  type MenuContext,
  type MenuEntry,
  type RouteEntry,
  type SettingsTab,
  type ShopRecord,
  type ZoneCard,
} from './plugin';
export { SISTER_APPS } from './sister-apps';
export { lazyPage, type LazyPage } from './lazy-page';
export { MENU_POSITION } from './menu';
