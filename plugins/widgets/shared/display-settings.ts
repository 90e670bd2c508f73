// Display settings of every storefront widget (spec section 3 "Display settings"): one JSON
// document per shop in the settings namespace 'widgets' (api/display-store.ts), one key per widget, each
// validated by its own schema and filled with defaults. The server renderer, the client scripts'
// data attributes and the admin's live previews all read these same shapes.
import { z } from 'zod';

const invalid = 'The value is invalid';
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, invalid);
const label = (fallback: string, max = 120) => z.string().trim().max(max).default(fallback);
const between = (min: number, max: number) => z.number().int().min(min, `number greater than or equal ${min}`).max(max, `number less than or equal ${max}`);

export const FONTS = ['inherit', 'Inter', 'Noto Sans', 'Open Sans', 'Montserrat', 'Roboto', 'Playfair Display', 'Raleway', 'Lora', 'Dosis', 'Lato'] as const;
export const DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD', 'MMM D, YYYY', 'D MMM YYYY', 'relative', 'none'] as const;
export const FEED_SORTS = ['featured', 'newest', 'highest', 'lowest', 'media'] as const;

export const general = z.object({
  starColor: color.default('#f5a623'),
  textColor: color.default('#1f2328'),
  accentColor: color.default('#1f2328'),
  backgroundColor: color.default('#ffffff'),
  font: z.enum(FONTS).default('inherit'),
  dateFormat: z.enum(DATE_FORMATS).default('MMM D, YYYY'),
  reviewerName: z.enum(['first-last-initial', 'first', 'anonymous']).default('first-last-initial'),
  showVerifiedBadge: z.boolean().default(true),
  showCountry: z.boolean().default(true),
  // base tier (spec section 6: custom CSS)
  customCss: z.string().max(20_000).default(''),
});

export const branding = z.object({
  // base tier (spec section 6: branding removal)
  removeBranding: z.boolean().default(false),
  poweredByText: label('Powered by Plaudit', 60),
});

export const reviewBox = z.object({
  enabled: z.boolean().default(true),
  title: label('Customer reviews'),
  layout: z.enum(['list', 'grid']).default('list'),
  perPage: between(1, 20).default(5),
  sort: z.enum(FEED_SORTS).default('featured'),
  showSummary: z.boolean().default(true),
  showStarFilter: z.boolean().default(true),
  showMedia: z.boolean().default(true),
  showReplies: z.boolean().default(true),
  showWriteButton: z.boolean().default(true),
  emptyText: label('Be the first to review this product'),
});

export const starRating = z.object({
  enabled: z.boolean().default(true),
  size: between(10, 40).default(16),
  showCount: z.boolean().default(true),
  showWhenEmpty: z.boolean().default(false),
  countFormat: z.enum(['(n)', 'n reviews', 'average (n)']).default('(n)'),
  alignment: z.enum(['left', 'center', 'right']).default('left'),
  collectionPages: z.boolean().default(true),
});

export const carousel = z.object({
  enabled: z.boolean().default(true),
  title: label('What our customers say'),
  source: z.enum(['featured', 'recent', 'media']).default('featured'),
  minRating: between(1, 5).default(4),
  maxReviews: between(1, 30).default(10),
  autoplay: z.boolean().default(true),
  // spec section 9: carousel autoplay 5 s
  intervalMs: between(2000, 30_000).default(5000),
  showProduct: z.boolean().default(true),
});

export const popup = z.object({
  enabled: z.boolean().default(true),
  position: z.enum(['bottom-left', 'bottom-right']).default('bottom-left'),
  // spec section 9: delay 0, shown 5000 ms, hidden after 10000 ms
  delayMs: between(0, 120_000).default(0),
  showMs: between(1000, 60_000).default(5000),
  hideMs: between(1000, 600_000).default(10_000),
  minRating: between(1, 5).default(4),
  maxReviews: between(1, 30).default(10),
  showOnMobile: z.boolean().default(true),
});

export const sidebar = z.object({
  enabled: z.boolean().default(false),
  position: z.enum(['left', 'right']).default('right'),
  buttonText: label('Reviews', 40),
  maxReviews: between(1, 50).default(20),
});

export const submitForm = z.object({
  enabled: z.boolean().default(true),
  title: label('Write a review'),
  allowPhotos: z.boolean().default(true),
  requireTitle: z.boolean().default(false),
  thankYouText: label('Thank you! Your review has been received.', 300),
  moderationText: label('Thank you! Your review will appear once it is approved.', 300),
});

export const allReviews = z.object({
  enabled: z.boolean().default(true),
  title: label('What our customers say'),
  perPage: between(1, 50).default(10),
  sort: z.enum(FEED_SORTS).default('featured'),
  include: z.enum(['all', 'product', 'store']).default('all'),
});

export const testimonial = z.object({
  enabled: z.boolean().default(false),
  layout: z.enum(['carousel', 'grid', 'list']).default('carousel'),
  autoNavigate: z.boolean().default(true),
  interval: between(2, 30).default(5), // seconds
  source: z.enum(['testimonials', 'selected', 'recent']).default('testimonials'),
  font: z.enum(FONTS).default('inherit'),
  colors: z
    .object({ background: color.default('#f6f6f7'), text: color.default('#1f2328'), star: color.default('#f5a623') })
    .default({ background: '#f6f6f7', text: '#1f2328', star: '#f5a623' }),
  selectedProducts: z.array(z.string().max(255)).max(50).default([]),
  selectedReviews: z.array(z.number().int().positive()).max(50).default([]),
  // spec section 9: max recent reviews 10, default 3
  maxRecentReviews: between(1, 10).default(3),
});

export const customerPortal = z.object({
  enabled: z.boolean().default(false),
  title: label('My reviews'),
  showPending: z.boolean().default(true),
});

export const upsell = z.object({
  enabled: z.boolean().default(false),
  showCount: z.boolean().default(true),
  minRating: between(0, 5).default(0),
});

export const WIDGETS = {
  general,
  branding,
  reviewBox,
  starRating,
  carousel,
  popup,
  sidebar,
  submitForm,
  allReviews,
  testimonial,
  customerPortal,
  upsell,
} as const;
export type WidgetKey = keyof typeof WIDGETS;
export const WIDGET_KEYS = Object.keys(WIDGETS) as WidgetKey[];

/** Widgets a shop may try before its plan includes them (spec: feature-trial flags per widget). */
export const featureTrials = z.record(z.string(), z.boolean()).default({});

export const displaySettings = z.object({
  ...Object.fromEntries(WIDGET_KEYS.map((k) => [k, (WIDGETS[k] as z.ZodObject).default(WIDGETS[k].parse({}) as never)])),
  featureTrials,
}) as unknown as z.ZodType<DisplaySettings>;

export type DisplaySettings = { [K in WidgetKey]: z.infer<(typeof WIDGETS)[K]> } & { featureTrials: Record<string, boolean> };

/** Defaults merged under whatever is stored; a widget whose stored part no longer parses gets its defaults. */
export function withDisplayDefaults(stored: unknown): DisplaySettings {
  const value = (stored ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of WIDGET_KEYS) {
    const parsed = WIDGETS[k].safeParse(value[k] ?? {});
    out[k] = parsed.success ? parsed.data : WIDGETS[k].parse({});
  }
  const trials = featureTrials.safeParse(value.featureTrials);
  out.featureTrials = trials.success ? trials.data : {};
  return out as DisplaySettings;
}
