// What the merchant reads for a storefront label: a name and a group from this plugin's locales
// (`label_names`, `label_groups`), never the catalog key itself. A key the names do not know yet (a
// new widget text) is shown by its default text, so no key ever reaches the screen.
import type { TranslateFunction } from 'react-admin';

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** The group of a key: its first part ('box.sort.newest' -> 'box'). */
export const groupOf = (key: string) => key.split('.')[0];

function lookup(translate: TranslateFunction, path: string): string | undefined {
  const text = translate(`translations:${path}`);
  // i18next answers a missing key with the key itself
  return text && !text.endsWith(path) ? text : undefined;
}

export function groupName(translate: TranslateFunction, group: string): string {
  return lookup(translate, `label_groups.${group}`) ?? translate('translations:label_groups.other');
}

export function labelName(translate: TranslateFunction, key: string, defaultText: string): string {
  const form = PLURAL.exec(key)?.[1];
  const name = lookup(translate, `label_names.${key.replace(PLURAL, '')}`);
  if (!name) return defaultText;
  return form ? `${name} ${lookup(translate, `label_forms.${form}`) ?? ''}`.trim() : name;
}
