// What each settings form shows, field by field, in the order of the screen. Labels come from
// locales (`widgets:field.<widget>.<name>`); bounds and lengths mirror shared/display-settings.ts.
import { DATE_FORMATS, FEED_SORTS, FONTS, type WidgetKey } from '../shared/display-settings';

export type Field =
  | { name: string; kind: 'switch' }
  | { name: string; kind: 'text'; max: number; multiline?: boolean; code?: boolean }
  | { name: string; kind: 'number'; min: number; max: number; step?: number }
  | { name: string; kind: 'select'; options: readonly string[]; literal?: boolean }
  | { name: string; kind: 'color' }
  | { name: string; kind: 'products' }
  | { name: string; kind: 'reviews' };

/** A field shown only when `when` holds for the draft of its widget. */
export type ScreenField = Field & { when?: (draft: Record<string, unknown>) => boolean; gate?: 'customCss' | 'removeBranding' };

export interface FieldGroup {
  /** widgets:group.<key> */
  key: string;
  widget: WidgetKey;
  fields: ScreenField[];
}

const sw = (name: string): ScreenField => ({ name, kind: 'switch' });
const text = (name: string, max = 120, multiline = false): ScreenField => ({ name, kind: 'text', max, multiline });
const num = (name: string, min: number, max: number, step = 1): ScreenField => ({ name, kind: 'number', min, max, step });
const select = (name: string, options: readonly string[]): ScreenField => ({ name, kind: 'select', options });

/** The colours every widget shares (general settings), shown on each widget screen as well. */
export const SHARED_COLOURS: FieldGroup = {
  key: 'colours',
  widget: 'general',
  fields: [
    { name: 'starColor', kind: 'color' },
    { name: 'textColor', kind: 'color' },
    { name: 'accentColor', kind: 'color' },
    { name: 'backgroundColor', kind: 'color' },
  ],
};

export const WIDGET_FIELDS: Partial<Record<WidgetKey, ScreenField[]>> = {
  reviewBox: [
    sw('enabled'),
    text('title'),
    select('layout', ['list', 'grid']),
    num('perPage', 1, 20),
    select('sort', FEED_SORTS),
    sw('showSummary'),
    sw('showStarFilter'),
    sw('showMedia'),
    sw('showReplies'),
    sw('showWriteButton'),
    text('emptyText'),
  ],
  starRating: [
    sw('enabled'),
    num('size', 10, 40),
    select('alignment', ['left', 'center', 'right']),
    sw('showCount'),
    select('countFormat', ['(n)', 'n reviews', 'average (n)']),
    sw('showWhenEmpty'),
    sw('collectionPages'),
  ],
  carousel: [
    sw('enabled'),
    text('title'),
    select('source', ['featured', 'recent', 'media']),
    num('minRating', 1, 5),
    num('maxReviews', 1, 30),
    sw('autoplay'),
    { ...num('intervalMs', 2000, 30_000, 500), when: (d) => d.autoplay === true },
    sw('showProduct'),
  ],
  popup: [
    sw('enabled'),
    select('position', ['bottom-left', 'bottom-right']),
    num('delayMs', 0, 120_000, 500),
    num('showMs', 1000, 60_000, 500),
    num('hideMs', 1000, 600_000, 500),
    num('minRating', 1, 5),
    num('maxReviews', 1, 30),
    sw('showOnMobile'),
  ],
  sidebar: [sw('enabled'), select('position', ['left', 'right']), text('buttonText', 40), num('maxReviews', 1, 50)],
  submitForm: [sw('enabled'), text('title'), sw('allowPhotos'), sw('requireTitle'), text('thankYouText', 300, true), text('moderationText', 300, true)],
  allReviews: [sw('enabled'), text('title'), num('perPage', 1, 50), select('sort', FEED_SORTS), select('include', ['all', 'product', 'store'])],
  customerPortal: [sw('enabled'), text('title'), sw('showPending')],
  upsell: [sw('enabled'), sw('showCount'), num('minRating', 0, 5)],
};

/** The testimonial's own settings (spec section 3), in three cards: behaviour, content, style. */
const TESTIMONIAL_GROUPS: FieldGroup[] = [
  {
    key: 'widget',
    widget: 'testimonial',
    fields: [
      sw('enabled'),
      select('layout', ['carousel', 'grid', 'list']),
      sw('autoNavigate'),
      { ...num('interval', 2, 30), when: (d) => d.autoNavigate === true },
    ],
  },
  {
    key: 'content',
    widget: 'testimonial',
    fields: [
      select('source', ['testimonials', 'selected', 'recent']),
      { name: 'selectedReviews', kind: 'reviews', when: (d) => d.source === 'selected' },
      { ...num('maxRecentReviews', 1, 10), when: (d) => d.source === 'recent' },
      { name: 'selectedProducts', kind: 'products', when: (d) => d.source !== 'selected' },
    ],
  },
  {
    key: 'style',
    widget: 'testimonial',
    fields: [
      { name: 'font', kind: 'select', options: FONTS, literal: true },
      { name: 'colors.background', kind: 'color' },
      { name: 'colors.text', kind: 'color' },
      { name: 'colors.star', kind: 'color' },
    ],
  },
];

/** The cards of a widget's screen: its own settings, then the colours every widget shares. */
export function widgetGroups(widget: WidgetKey): FieldGroup[] {
  if (widget === 'testimonial') return TESTIMONIAL_GROUPS;
  return [{ key: 'widget', widget, fields: WIDGET_FIELDS[widget] ?? [] }, SHARED_COLOURS];
}

/** The /branding screen: the general look of every widget and the "Powered by" line. */
export const BRANDING_GROUPS: FieldGroup[] = [
  { ...SHARED_COLOURS, key: 'palette' },
  {
    key: 'text',
    widget: 'general',
    fields: [
      { name: 'font', kind: 'select', options: FONTS, literal: true },
      { name: 'dateFormat', kind: 'select', options: DATE_FORMATS, literal: true },
      select('reviewerName', ['first-last-initial', 'first', 'anonymous']),
      sw('showVerifiedBadge'),
      sw('showCountry'),
    ],
  },
  { key: 'css', widget: 'general', fields: [{ name: 'customCss', kind: 'text', max: 20_000, multiline: true, code: true, gate: 'customCss' }] },
  {
    key: 'branding',
    widget: 'branding',
    fields: [
      { name: 'removeBranding', kind: 'switch', gate: 'removeBranding' },
      { ...text('poweredByText', 60), when: (d) => d.removeBranding !== true },
    ],
  },
];

/** Reads `colors.star` out of a widget's draft. */
export function fieldValue(draft: Record<string, unknown>, name: string): unknown {
  return name.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), draft);
}

/** A copy of the draft with `colors.star` (or a top-level field) replaced. */
export function withField(draft: Record<string, unknown>, name: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = name.split('.');
  if (!rest.length) return { ...draft, [head]: value };
  return { ...draft, [head]: withField((draft[head] ?? {}) as Record<string, unknown>, rest.join('.'), value) };
}
