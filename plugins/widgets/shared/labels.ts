// The shop's own labels for one storefront language, laid over the catalog's defaults by
// widget-text.ts. This is the one place a label for (shop, language, key) is decided:
//   1. a per-language override (issue 19, deliverable 2: the translations screen) when given;
//   2. the text the merchant typed in the display settings, in the shop's primary language only:
//      a title written for the main storefront is not English (or German) for every market;
//      an emptied text (no branding line, no title) is empty in every language;
//   3. otherwise the catalog's default for that language.
import { WIDGETS, type DisplaySettings, type WidgetKey } from './display-settings';
import type { Labels } from './widget-text';

/** Storefront keys whose default text the merchant can also edit in the display settings. */
export const DISPLAY_LABELS: Record<string, [WidgetKey, string]> = {
  'box.title': ['reviewBox', 'title'],
  'box.empty': ['reviewBox', 'emptyText'],
  'carousel.title': ['carousel', 'title'],
  'sidebar.tab': ['sidebar', 'buttonText'],
  'form.title': ['submitForm', 'title'],
  'form.thanks': ['submitForm', 'thankYouText'],
  'form.moderation': ['submitForm', 'moderationText'],
  'all_reviews.title': ['allReviews', 'title'],
  'portal.title': ['customerPortal', 'title'],
  'common.powered_by': ['branding', 'poweredByText'],
};

const defaults = Object.fromEntries(
  Object.entries(DISPLAY_LABELS).map(([key, [widget, field]]) => [key, (WIDGETS[widget].parse({}) as unknown as Record<string, string>)[field]]),
);

/** The display-settings default behind a storefront key (English, as the schema has it). */
export const displayDefault = (key: string): string | undefined => defaults[key];

export interface LabelSources {
  display: DisplaySettings;
  /** the language being rendered and the shop's primary storefront language (both resolved) */
  lang: string;
  primaryLang: string;
  /** the shop's labels for `lang` from the translations screen, by storefront key (deliverable 2) */
  overrides?: Labels;
}

export function storefrontLabels({ display, lang, primaryLang, overrides = {} }: LabelSources): Labels {
  const labels: Labels = {};
  for (const [key, [widget, field]] of Object.entries(DISPLAY_LABELS)) {
    const value = (display[widget] as Record<string, unknown>)[field];
    if (typeof value !== 'string' || value === defaults[key]) continue;
    if (value === '' || lang === primaryLang) labels[key] = value;
  }
  return { ...labels, ...overrides };
}
