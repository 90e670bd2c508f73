import type { AdminPlugin, MenuContext, MenuEntry, RouteEntry, SettingsTab } from './plugin';

/** Every plugin's visible menu entries, in menu order; a duplicate key is a plugin bug. */
export function composeMenu(plugins: AdminPlugin[], context: MenuContext): MenuEntry[] {
  const entries = plugins.flatMap((p) => p.menu ?? []);
  const seen = new Set<string>();
  for (const e of entries) {
    if (seen.has(e.key)) throw new Error(`Two plugins declare the menu entry "${e.key}"`);
    seen.add(e.key);
  }
  return entries.filter((e) => !e.visible || e.visible(context)).sort((a, b) => a.position - b.position || a.key.localeCompare(b.key));
}

export function composeRoutes(plugins: AdminPlugin[]): RouteEntry[] {
  return plugins.flatMap((p) => p.routes ?? []);
}

export function composeSettingsTabs(plugins: AdminPlugin[]): SettingsTab[] {
  return plugins.flatMap((p) => p.settingsTabs ?? []).sort((a, b) => a.position - b.position);
}
