// @plaudit/kernel/admin: the one module a plugin's admin code imports from the admin shell.
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
export { apiDownload, apiJson, httpClient, type HttpResponse } from './api-client';
export { useShop } from './shop';
export { useSettingsTabs, useZone, Zone } from './extensions';
export { SISTER_APPS } from './sister-apps';
export { lazyPage, type LazyPage } from './lazy-page';
export { MENU_POSITION } from './menu';
export { LeaveGuard } from './components/LeaveGuard';
export { SavedViews } from './components/SavedViews';
export { SelectionBox } from './components/SelectionBox';
export { PromoPage } from './components/PromoPage';
export { ProductPicker, type ProductOption } from './components/ProductPicker';
export { IntegrationPanel, type IntegrationField } from './components/IntegrationPanel';
export { NotFound } from './pages/NotFound';
// text cells of a CSV the browser writes: the same formula neutralising as the server's exports
export { neutraliseFormula } from '../../api/kernel/spreadsheet-text';
// The email template fields' validation, the same as the server's (api/mail/template-fields.ts),
// loaded when an editor asks for it: a static export put zod in the kernel chunk that every lazy
// page loads, the dashboard included (issue 36: about 0.2 s of the dashboard's LCP at 4x CPU).
export const loadEmailTemplateFields = () => import('../../api/mail/template-fields').then((m) => m.emailTemplateFields);
export type EmailTemplateFields = Awaited<ReturnType<typeof loadEmailTemplateFields>>;
export type { EmailTemplate } from '../../api/mail/template-fields';
