// What plugins contributed, for pages that host other plugins' pieces (the settings tabs).
import { plugins } from 'virtual:plaudit-plugins';
import { composeSettingsTabs } from './menu';
import type { SettingsTab } from './plugin';

export function useSettingsTabs(): SettingsTab[] {
  return composeSettingsTabs(plugins);
}
