// The plugin's settings: namespace 'questions' of the kernel settings store.
import type { SettingsNamespace, SettingsStore } from '@plaudit/kernel';
import { questionSettings, type QuestionSettings } from './question';

export const QUESTION_SETTINGS_DEFAULTS: QuestionSettings = questionSettings.parse({});

const declared = new WeakMap<SettingsStore, SettingsNamespace<QuestionSettings>>();

/** The namespace, declared once per settings store. */
export function questionSettingsOf(settings: SettingsStore): SettingsNamespace<QuestionSettings> {
  let ns = declared.get(settings);
  if (!ns) declared.set(settings, (ns = settings.namespace('questions', questionSettings, QUESTION_SETTINGS_DEFAULTS)));
  return ns;
}
