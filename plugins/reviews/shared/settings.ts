// The general review settings: the plugin's namespace 'reviews' of the kernel settings store
// (typed, validated on update, merged over the defaults on read).
import type { SettingsNamespace, SettingsStore } from '@plaudit/kernel';
import { reviewSettings, type ReviewSettings } from './review';

export const REVIEW_SETTINGS_DEFAULTS: ReviewSettings = reviewSettings.parse({});

const declared = new WeakMap<SettingsStore, SettingsNamespace<ReviewSettings>>();

/** The namespace, declared once per settings store. */
export function reviewSettingsOf(settings: SettingsStore): SettingsNamespace<ReviewSettings> {
  let ns = declared.get(settings);
  if (!ns) declared.set(settings, (ns = settings.namespace('reviews', reviewSettings, REVIEW_SETTINGS_DEFAULTS)));
  return ns;
}
