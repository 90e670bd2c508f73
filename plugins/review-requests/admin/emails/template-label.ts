// An email's name and description come from the plugin that declares it (its locales'
// `emails.types.<key>`), so another plugin's email (rewards' discount emails) is named in its own words.
import type { TranslateFunction } from 'react-admin';

export const templateLabel = (translate: TranslateFunction, t: { plugin: string; type: string }, part: 'name' | 'description') =>
  translate(`${t.plugin}:emails.types.${t.type}.${part}`);
