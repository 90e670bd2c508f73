declare module 'virtual:plaudit-plugins' {
  import type { AdminPlugin } from './plugin';
  export const plugins: AdminPlugin[];
  /** plugin id -> language -> loader of that plugin's locales/<language>.json */
  export const pluginLocales: Record<string, Record<string, () => Promise<Record<string, unknown>>>>;
}
