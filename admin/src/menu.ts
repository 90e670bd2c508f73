import type { AdminPlugin, MenuContext, MenuEntry, RouteEntry, SettingsTab } from './plugin';

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

export function composeRoutes(plugins: AdminPlugin[]): RouteEntry[] {
  return plugins.flatMap((p) => p.routes ?? []);
}

export function composeSettingsTabs(plugins: AdminPlugin[]): SettingsTab[] {
  return plugins.flatMap((p) => p.settingsTabs ?? []).sort((a, b) => a.position - b.position);
}
