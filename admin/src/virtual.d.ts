declare module 'virtual:plaudit-plugins' {
  import type { AdminPlugin } from './plugin';
  export const plugins: AdminPlugin[];
  /** the ids of the plugins that have locales/: their i18n namespaces */
  export const pluginNamespaces: string[];
  /** language -> loader of that language's strings: { translation: kernel, [plugin id]: plugin's } */
  export const localeBundles: Record<string, () => Promise<Record<string, Record<string, unknown>>>>;
}
