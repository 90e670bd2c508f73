// /api/display-settings: the storefront widgets' display settings (spec section 3), one JSON
// document per shop in the settings namespace 'widgets' (display-store.ts). A save validates one
// widget with its own schema and merges it over the stored document (the other widgets stay as they
// are); the settings change event drops the shop's cached widget pages (api/index.ts). Custom CSS
// and branding removal need the base tier.
import Router from '@koa/router';
import createHttpError from 'http-errors';
import { type ApiServices, type AppContext, type AppState, hasFullAccess, requiredTier, type ShopView } from '@plaudit/kernel';
import { WIDGET_KEYS, WIDGETS, withDisplayDefaults, type DisplaySettings, type WidgetKey } from '../shared/display-settings';
import { SCREENS } from '../shared/screens';
import { displayStore, lockDisplay, type TrialWindow } from './display-store';

export const TRIAL_DAYS = 14;
const DAY_MS = 86_400_000;

/** Fields a plan must include before a shop may turn them on (spec section 6, base tier). */
const GATES: { widget: WidgetKey; field: string; feature: string; on: (value: unknown) => boolean }[] = [
  { widget: 'general', field: 'customCss', feature: 'customCss', on: (v) => typeof v === 'string' && v.trim() !== '' },
  { widget: 'branding', field: 'removeBranding', feature: 'removeBranding', on: (v) => v === true },
];

/** Widgets a shop may try: every storefront widget, not the shared general and branding parts. */
const TRIAL_WIDGETS: WidgetKey[] = WIDGET_KEYS.filter((k) => k !== 'general' && k !== 'branding');

/** A widget key ('reviewBox') or the admin screen naming it ('box'); anything else is a 404. */
function widgetParam(name: string): WidgetKey {
  if ((WIDGET_KEYS as string[]).includes(name)) return name as WidgetKey;
  if (Object.hasOwn(SCREENS, name)) return SCREENS[name];
  throw createHttpError(404, 'Unknown widget');
}

function trialState(window: TrialWindow | undefined, now: number) {
  if (!window) return undefined;
  const left = Date.parse(window.endsAt) - now;
  return { ...window, active: left > 0, daysLeft: Math.max(0, Math.ceil(left / DAY_MS)) };
}

type Store = ReturnType<typeof displayStore>;

/** The settings with defaults; a trial flag counts only while its window is open. */
async function readDisplay(store: Store, shopId: number): Promise<{ settings: DisplaySettings; trials: Record<string, ReturnType<typeof trialState>> }> {
  const [stored, windows] = await Promise.all([store.display.get(shopId), store.trials.get(shopId)]);
  const settings = withDisplayDefaults(stored);
  const now = Date.now();
  const trials = Object.fromEntries(Object.entries(windows).map(([k, w]) => [k, trialState(w, now)]));
  settings.featureTrials = Object.fromEntries(Object.entries(settings.featureTrials).map(([k, on]) => [k, on && (trials[k]?.active ?? true)]));
  return { settings, trials };
}

async function currentShop({ shops }: ApiServices, ctx: AppContext): Promise<ShopView> {
  const shop = await shops.get(ctx.state.auth.shopId);
  if (!shop) throw createHttpError(404, 'Shop not found');
  return shop;
}

/** Branding removal is also open to shops the developer zone granted it to. */
function featureAllowed({ shops }: ApiServices, shop: ShopView, feature: string): boolean {
  return shops.allows(shop, feature) || (feature === 'removeBranding' && shop.flags.enableRemoveBranding);
}

/** What the admin needs to show gated options: the tier, and per gated feature whether it is open. */
function planInfo(services: ApiServices, shop: ShopView) {
  const features = Object.fromEntries(GATES.map((g) => [g.feature, featureAllowed(services, shop, g.feature)]));
  const tiers = Object.fromEntries(GATES.map((g) => [g.feature, requiredTier(g.feature)]));
  return { plan: shop.plan, tier: shop.tier, fullAccess: hasFullAccess(shop.planSubject), features, requiredTier: tiers };
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

export function settingsRoutes(services: ApiServices) {
  const { knex } = services;
  const store = displayStore(services.settings);
  const router = new Router<AppState>({ prefix: '/display-settings' });

  router.get('/', async (ctx) => {
    const [{ settings, trials }, shop] = await Promise.all([readDisplay(store, ctx.state.tenant.shopId), currentShop(services, ctx)]);
    ctx.body = { success: true, data: settings, trials, plan: planInfo(services, shop) };
  });

  router.get('/:widget', async (ctx) => {
    const widget = widgetParam(ctx.params.widget);
    const [{ settings, trials }, shop] = await Promise.all([readDisplay(store, ctx.state.tenant.shopId), currentShop(services, ctx)]);
    ctx.body = { success: true, data: settings[widget], trial: trials[widget] ?? null, plan: planInfo(services, shop) };
  });

  router.put('/:widget', async (ctx) => {
    const widget = widgetParam(ctx.params.widget);
    const input = inputObject(ctx.request.body);
    const shopId = ctx.state.tenant.shopId;
    const shop = await currentShop(services, ctx);
    const data = await knex.transaction(async (trx) => {
      await lockDisplay(trx, shopId);
      const stored = await store.display.get(shopId, trx);
      const current = withDisplayDefaults(stored)[widget] as Record<string, unknown>;
      const next = WIDGETS[widget].strict().parse(mergeOver(current, input)) as Record<string, unknown>;
      for (const gate of GATES) {
        // Turning a gated option on needs the tier; keeping or clearing what is stored does not.
        if (gate.widget !== widget || !gate.on(next[gate.field]) || next[gate.field] === current[gate.field]) continue;
        if (!featureAllowed(services, shop, gate.feature)) {
          const tier = requiredTier(gate.feature);
          throw createHttpError(403, `This feature needs the ${tier} tier`, { code: 'PLAN_TIER_TOO_LOW', tier, feature: gate.feature });
        }
      }
      await store.display.update(shopId, { [widget]: next }, trx);
      return next;
    });
    ctx.body = { success: true, message: 'Saved successfully', data };
  });

  // Starts a widget's 14-day trial once: the flag goes into featureTrials, the window beside it.
  router.post('/:widget/trial', async (ctx) => {
    const widget = widgetParam(ctx.params.widget);
    if (!TRIAL_WIDGETS.includes(widget)) throw createHttpError(400, 'Validation failed', { errors: { widget: 'The value is invalid' } });
    const shopId = ctx.state.tenant.shopId;
    const now = Date.now();
    const { window, started } = await knex.transaction(async (trx) => {
      await lockDisplay(trx, shopId);
      const windows = await store.trials.get(shopId, trx);
      const existing = trialState(windows[widget], now);
      if (existing?.active) return { window: windows[widget], started: false };
      if (existing) throw createHttpError(409, 'The trial of this widget has ended', { code: 'TRIAL_USED' });
      const fresh: TrialWindow = { startedAt: new Date(now).toISOString(), endsAt: new Date(now + TRIAL_DAYS * DAY_MS).toISOString() };
      const flags = withDisplayDefaults(await store.display.get(shopId, trx)).featureTrials;
      await store.trials.update(shopId, { [widget]: fresh }, trx);
      await store.display.update(shopId, { featureTrials: { ...flags, [widget]: true } }, trx);
      return { window: fresh, started: true };
    });
    ctx.status = started ? 201 : 200;
    ctx.body = { success: true, message: started ? 'Trial started' : 'Trial already running', data: { widget, ...trialState(window, now) } };
  });

  return router;
}
