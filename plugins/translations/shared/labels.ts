// The merchant's widget labels per storefront language (issue 19, deliverable 2): which keys exist
// and their defaults come from the widgets plugin's storefront catalog, handed over through
// TranslationLabels.useCatalog (@plaudit/contracts/translations); what a label may be (length,
// placeholders) is decided here, once, for the API, the CSV import and the screen.
import { z } from 'zod';
import type { StorefrontCatalog } from '@plaudit/contracts/translations';

/** One label as the screen and the CSV show it. */
export interface LabelRow {
  key: string;
  default: string;
  /** the merchant's text, null when the default is used */
  text: string | null;
  max: number;
}

/**
 * The longest text a label may have. Short labels (titles, buttons, tabs, badges: a default of 40
 * characters or fewer in every language) get 40: they sit on one line in a button, tab or heading
 * and a longer one wraps or overflows the widget on a phone. Sentences (messages, hints) get 160:
 * two or three lines in a narrow review box. A default longer than its class keeps room for itself.
 * The limit is the storefront layout's, not the database's (a settings row takes any length).
 */
export const SHORT_MAX = 40;
export const SENTENCE_MAX = 160;
export function maxLength(defaults: string[]): number {
  const longest = Math.max(0, ...defaults.map((d) => d.length));
  return longest <= SHORT_MAX ? SHORT_MAX : Math.max(SENTENCE_MAX, longest);
}

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;
/** The placeholders of a text ('{{count, number}}' as 'count, number'): a label must keep the default's. */
export const placeholders = (text: string): string[] => [...text.matchAll(PLACEHOLDER)].map((m) => m[1].replace(/\s*,\s*/g, ', '));

/** Why a text cannot be a label: a code the screen translates, and the facts its message needs. */
export type LabelProblem =
  | { code: 'too_long'; max: number }
  | { code: 'placeholder'; missing: string }
  | { code: 'required' | 'unknown' | 'duplicate' | 'header' | 'not_csv' };

/** The API's (English) wording of a problem; the admin says it in the merchant's language. */
export function problemMessage(p: LabelProblem): string {
  if (p.code === 'too_long') return `Must be at most ${p.max} characters`;
  if (p.code === 'placeholder') return `Must keep ${p.missing}`;
  return {
    required: 'This field is required',
    unknown: 'Unknown label',
    duplicate: 'This label is in the file twice',
    header: 'The first line must name the columns key, default, text',
    not_csv: 'The file is not a CSV',
  }[p.code];
}

/** Why a merchant's text cannot be the label whose default is `defaultText`; undefined when it can. */
export function labelProblem(text: string, defaultText: string, max: number): LabelProblem | undefined {
  if (text.length > max) return { code: 'too_long', max };
  const missing = placeholders(defaultText).filter((p) => !placeholders(text).includes(p));
  if (missing.length) return { code: 'placeholder', missing: missing.map((p) => `{{${p}}}`).join(', ') };
  return undefined;
}

/** Max length per key, over every language's default (a key is one layout slot in all of them). */
export function maxima(catalog: StorefrontCatalog): Record<string, number> {
  const byKey: Record<string, string[]> = {};
  for (const lang of catalog.languages()) for (const [key, text] of Object.entries(catalog.defaults(lang) ?? {})) (byKey[key] ??= []).push(text);
  return Object.fromEntries(Object.entries(byKey).map(([key, texts]) => [key, maxLength(texts)]));
}

/**
 * The body of PUT /translations/labels/:language: every label's text, empty for the default.
 * Unknown keys are refused, texts capped and their placeholders checked.
 */
export function labelsInput(defaults: Record<string, string>, max: Record<string, number>) {
  return z
    .object({ labels: z.record(z.string(), z.string().trim().max(2000)) })
    .strict()
    .superRefine(({ labels }, ctx) => {
      for (const [key, text] of Object.entries(labels)) {
        if (!(key in defaults)) ctx.addIssue({ code: 'custom', path: ['labels', key], message: 'Unknown label' });
        else if (text !== '') {
          const problem = labelProblem(text, defaults[key], max[key] ?? SHORT_MAX);
          if (problem) ctx.addIssue({ code: 'custom', path: ['labels', key], message: problemMessage(problem) });
        }
      }
    });
}

/** Stored in the plugin's settings namespace: language -> key -> text (only the overridden ones). */
export const storedLabels = z.object({ labels: z.record(z.string(), z.record(z.string(), z.string())) }).strict();
export type StoredLabels = z.infer<typeof storedLabels>;
