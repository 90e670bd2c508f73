import type { AdminPlugin, MenuContext, MenuEntry, RouteEntry, SettingsTab, ZoneCard } from './plugin';

/**
 * The side menu's order (spec section 2): Dashboard (the shell's own first item), Manage reviews,
 * Collect reviews, Branding, Display reviews, Customer survey, Reward reviews, AI chatbot,
 * Analytics, Settings, Subscription, Recommended apps. A plugin puts its entry at its item's
 * position (`position: MENU_POSITION.analytics`); an entry the spec does not name goes between two
 * (e.g. 95). Whether it shows is the entry's own `visible(context)` rule.
 */
export const MENU_POSITION = {
  dashboard: 10,
  manageReviews: 20,
  collectReviews: 30,
  branding: 40,
  displayReviews: 50,
  customerSurvey: 60,
  rewardReviews: 70,
  aiChatbot: 80,
  analytics: 90,
  settings: 100,
  subscription: 110,
  recommendedApps: 120,
} as const;

/** Competitors' staff domains: kept out of the embedded menu (spec section 2). */
export const BLOCKED_EMAIL_DOMAINS = ['judge.me', 'loox.io', 'yotpo.com', 'okendo.io', 'stamped.io'];

/**
 * In the embedded admin, a shop whose owner email is on a competitor's domain sees no menu, unless
 * the shop is not a development store or is specially allowed.
 */
export function isMenuBlocked({ shop, embedded }: MenuContext): boolean {
  if (!embedded || !shop?.email) return false;
  const domain = shop.email.split('@')[1]?.toLowerCase() ?? '';
  const blocked = BLOCKED_EMAIL_DOMAINS.some((d) => domain === d || domain.endsWith(`.${d}`));
  return blocked && !!shop.isDevelopmentStore && !shop.menuAllowed;
}

/** Every plugin's visible menu entries, in menu order; a duplicate key is a plugin bug. */
export function composeMenu(plugins: AdminPlugin[], context: MenuContext): MenuEntry[] {
  const entries = plugins.flatMap((p) => p.menu ?? []);
  const seen = new Set<string>();
  for (const e of entries) {
    if (seen.has(e.key)) throw new Error(`Two plugins declare the menu entry "${e.key}"`);
    seen.add(e.key);
  }
  if (isMenuBlocked(context)) return [];
  return entries.filter((e) => !e.visible || e.visible(context)).sort((a, b) => a.position - b.position || a.key.localeCompare(b.key));
}

/**
 * The menu's rows before the shop record is known: the entries shown whatever the shop, plus a
 * `pending` row for each entry whose rule reads the shop, at its place, so the first paint reserves
 * the room the final menu needs (issue 37 item 11). With the shop known it is `composeMenu`.
 */
export function composeMenuRows(plugins: AdminPlugin[], context: MenuContext): (MenuEntry & { pending?: boolean })[] {
  if (context.shop) return composeMenu(plugins, context);
  const shown = new Set(composeMenu(plugins, context).map((e) => e.key));
  return plugins
    .flatMap((p) => p.menu ?? [])
    .filter((e) => shown.has(e.key) || e.visible)
    .map((e) => (shown.has(e.key) ? e : { ...e, pending: true }))
    .sort((a, b) => a.position - b.position || a.key.localeCompare(b.key));
}

export function composeRoutes(plugins: AdminPlugin[]): RouteEntry[] {
  return plugins.flatMap((p) => p.routes ?? []);
}

export function composeSettingsTabs(plugins: AdminPlugin[]): SettingsTab[] {
  return plugins.flatMap((p) => p.settingsTabs ?? []).sort((a, b) => a.position - b.position);
}

/** Every plugin's visible cards for one zone, in position order; a duplicate key is a plugin bug. */
export function composeZone(plugins: AdminPlugin[], zone: string, context: MenuContext): ZoneCard[] {
  const cards = plugins.flatMap((p) => p.zones?.[zone] ?? []);
  const seen = new Set<string>();
  for (const c of cards) {
    if (seen.has(c.key)) throw new Error(`Two cards of zone "${zone}" have the key "${c.key}"`);
    seen.add(c.key);
  }
  return cards.filter((c) => !c.visible || c.visible(context)).sort((a, b) => a.position - b.position || a.key.localeCompare(b.key));
}
