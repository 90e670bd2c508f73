// /api/display-settings: the storefront widgets' display settings (spec section 3), one JSON
// document per shop in the kernel settings table (namespace `display`). A save validates one
// widget with its own schema, merges it over the stored document (the other widgets stay as they
// are) and drops the shop's cached widget pages. Custom CSS and branding removal need the base tier.
import Router from '@koa/router';
import createHttpError from 'http-errors';
import type { Knex } from 'knex';
import type { Tenant } from '../../../api/auth/tenant';
import { ShopScopedModel } from '../../../api/db/base-model';
import type { AppContext, AppState } from '../../../api/http/types';
import { allows, hasFullAccess, requiredTier, tierOf, type Feature } from '../../../api/plans';
import type { ApiServices } from '../../../api/plugins/types';
import { Shop } from '../../../api/shops/shop.model';
import { SCREENS, WIDGET_KEYS, WIDGETS, withDisplayDefaults, type DisplaySettings, type WidgetKey } from '../shared/display-settings';
import { invalidateShop } from './cache';

export const NAMESPACE = 'display';
/** Trial windows (start and end per widget); the document keeps only the spec's flag per widget. */
export const TRIALS_NAMESPACE = 'display-trials';
export const TRIAL_DAYS = 14;
const DAY_MS = 86_400_000;

export class DisplaySettingsRow extends ShopScopedModel {
  static tableName = 'settings';
  static jsonAttributes = ['value'];
  namespace!: string;
  value!: Record<string, unknown>;
}

/** Fields a plan must include before a shop may turn them on (spec section 6, base tier). */
const GATES: { widget: WidgetKey; field: string; feature: Feature; on: (value: unknown) => boolean }[] = [
  { widget: 'general', field: 'customCss', feature: 'customCss', on: (v) => typeof v === 'string' && v.trim() !== '' },
  { widget: 'branding', field: 'removeBranding', feature: 'removeBranding', on: (v) => v === true },
];

/** Widgets a shop may try: every storefront widget, not the shared general and branding parts. */
const TRIAL_WIDGETS: WidgetKey[] = WIDGET_KEYS.filter((k) => k !== 'general' && k !== 'branding');

interface TrialWindow {
  startedAt: string;
  endsAt: string;
}

/** A widget key ('reviewBox') or the admin screen naming it ('box'); anything else is a 404. */
function widgetParam(name: string): WidgetKey {
  if ((WIDGET_KEYS as string[]).includes(name)) return name as WidgetKey;
  if (Object.hasOwn(SCREENS, name)) return SCREENS[name];
  throw createHttpError(404, 'Unknown widget');
}

async function readRow(tenant: Tenant, namespace: string, trx?: Knex.Transaction, lock = false): Promise<Record<string, unknown>> {
  const query = tenant.query(DisplaySettingsRow, trx).findOne({ namespace });
  const row = await (lock ? query.forUpdate() : query);
  return (row?.value ?? {}) as Record<string, unknown>;
}

async function writeRow(tenant: Tenant, namespace: string, value: Record<string, unknown>, trx: Knex.Transaction) {
  await tenant
    .query(DisplaySettingsRow, trx)
    .insert({ shopId: tenant.shopId, namespace, value } as never)
    .onConflict(['shop_id', 'namespace'])
    .merge(['value', 'updated_at']);
}

/** Locks the shop's row for a read-modify-write (created empty first, so there is a row to lock). */
async function lockRow(tenant: Tenant, namespace: string, trx: Knex.Transaction) {
  await tenant.query(DisplaySettingsRow, trx).insert({ shopId: tenant.shopId, namespace, value: {} } as never).onConflict(['shop_id', 'namespace']).ignore();
  return readRow(tenant, namespace, trx, true);
}

function trialState(window: TrialWindow | undefined, now: number) {
  if (!window) return undefined;
  const left = Date.parse(window.endsAt) - now;
  return { ...window, active: left > 0, daysLeft: Math.max(0, Math.ceil(left / DAY_MS)) };
}

/** The settings with defaults; a trial flag counts only while its window is open. */
async function readDisplay(tenant: Tenant): Promise<{ settings: DisplaySettings; trials: Record<string, ReturnType<typeof trialState>> }> {
  const [stored, windows] = await Promise.all([readRow(tenant, NAMESPACE), readRow(tenant, TRIALS_NAMESPACE)]);
  const settings = withDisplayDefaults(stored);
  const now = Date.now();
  const trials = Object.fromEntries(Object.entries(windows as Record<string, TrialWindow>).map(([k, w]) => [k, trialState(w, now)]));
  settings.featureTrials = Object.fromEntries(Object.entries(settings.featureTrials).map(([k, on]) => [k, on && (trials[k]?.active ?? true)]));
  return { settings, trials };
}

async function currentShop(ctx: AppContext): Promise<Shop> {
  // tenancy: the shop row itself, by the verified credential's shop id
  const shop = await Shop.query().findById(ctx.state.auth.shopId);
  if (!shop) throw createHttpError(404, 'Shop not found');
  return shop;
}

/** Branding removal is also open to shops the developer zone granted it to. */
function featureAllowed(shop: Shop, feature: Feature): boolean {
  return allows(shop, feature) || (feature === 'removeBranding' && !!shop.enableRemoveBranding);
}

/** What the admin needs to show gated options: the tier, and per gated feature whether it is open. */
function planInfo(shop: Shop) {
  const features = Object.fromEntries(GATES.map((g) => [g.feature, featureAllowed(shop, g.feature)]));
  const tiers = Object.fromEntries(GATES.map((g) => [g.feature, requiredTier(g.feature)]));
  return { plan: shop.plan, tier: tierOf(shop.plan), fullAccess: hasFullAccess(shop), features, requiredTier: tiers };
}

/** One level deep: a partial `colors` object keeps the stored colours it does not name. */
function mergeOver(current: Record<string, unknown>, input: Record<string, unknown>): Record<string, unknown> {
  const out = { ...current };
  for (const [k, v] of Object.entries(input)) {
    const was = current[k];
    const plain = (x: unknown) => !!x && typeof x === 'object' && !Array.isArray(x);
    out[k] = plain(v) && plain(was) ? { ...(was as object), ...(v as object) } : v;
  }
  return out;
}

function inputObject(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw createHttpError(400, 'Validation failed', { errors: { _: 'The value is invalid' } });
  return body as Record<string, unknown>;
}

export function settingsRoutes({ knex }: ApiServices) {
  const router = new Router<AppState>({ prefix: '/display-settings' });

  router.get('/', async (ctx) => {
    const [{ settings, trials }, shop] = await Promise.all([readDisplay(ctx.state.tenant), currentShop(ctx)]);
    ctx.body = { success: true, data: settings, trials, plan: planInfo(shop) };
  });

  router.get('/:widget', async (ctx) => {
    const widget = widgetParam(ctx.params.widget);
    const [{ settings, trials }, shop] = await Promise.all([readDisplay(ctx.state.tenant), currentShop(ctx)]);
    ctx.body = { success: true, data: settings[widget], trial: trials[widget] ?? null, plan: planInfo(shop) };
  });

  router.put('/:widget', async (ctx) => {
    const widget = widgetParam(ctx.params.widget);
    const input = inputObject(ctx.request.body);
    const tenant = ctx.state.tenant;
    const shop = await currentShop(ctx);
    const data = await knex.transaction(async (trx) => {
      const stored = await lockRow(tenant, NAMESPACE, trx);
      const current = withDisplayDefaults(stored)[widget] as Record<string, unknown>;
      const next = WIDGETS[widget].strict().parse(mergeOver(current, input)) as Record<string, unknown>;
      for (const gate of GATES) {
        // Turning a gated option on needs the tier; keeping or clearing what is stored does not.
        if (gate.widget !== widget || !gate.on(next[gate.field]) || next[gate.field] === current[gate.field]) continue;
        if (!featureAllowed(shop, gate.feature)) {
          const tier = requiredTier(gate.feature);
          throw createHttpError(403, `This feature needs the ${tier} tier`, { code: 'PLAN_TIER_TOO_LOW', tier, feature: gate.feature });
        }
      }
      await writeRow(tenant, NAMESPACE, { ...stored, [widget]: next }, trx);
      return next;
    });
    await invalidateShop(knex, tenant.shopId);
    ctx.body = { success: true, message: 'Saved successfully', data };
  });

  // Starts a widget's 14-day trial once: the flag goes into featureTrials, the window beside it.
  router.post('/:widget/trial', async (ctx) => {
    const widget = widgetParam(ctx.params.widget);
    if (!TRIAL_WIDGETS.includes(widget)) throw createHttpError(400, 'Validation failed', { errors: { widget: 'The value is invalid' } });
    const tenant = ctx.state.tenant;
    const now = Date.now();
    const { window, started } = await knex.transaction(async (trx) => {
      const windows = (await lockRow(tenant, TRIALS_NAMESPACE, trx)) as Record<string, TrialWindow>;
      const existing = trialState(windows[widget], now);
      if (existing?.active) return { window: windows[widget], started: false };
      if (existing) throw createHttpError(409, 'The trial of this widget has ended', { code: 'TRIAL_USED' });
      const fresh = { startedAt: new Date(now).toISOString(), endsAt: new Date(now + TRIAL_DAYS * DAY_MS).toISOString() };
      const stored = await lockRow(tenant, NAMESPACE, trx);
      const flags = withDisplayDefaults(stored).featureTrials;
      await writeRow(tenant, TRIALS_NAMESPACE, { ...windows, [widget]: fresh }, trx);
      await writeRow(tenant, NAMESPACE, { ...stored, featureTrials: { ...flags, [widget]: true } }, trx);
      return { window: fresh, started: true };
    });
    if (started) await invalidateShop(knex, tenant.shopId);
    ctx.status = started ? 201 : 200;
    ctx.body = { success: true, message: started ? 'Trial started' : 'Trial already running', data: { widget, ...trialState(window, now) } };
  });

  return router;
}
