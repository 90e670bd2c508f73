// Server rendering of the storefront widgets: the shared React components to static HTML inside a
// wrapper the client scripts find (<div class="pl-widget" data-pl-widget=... data-pl-endpoint=...
// lang dir data-pl-i18n>), with the widget's CSS, the review box's JSON-LD and <script defer> tags
// for its scripts. The wrapper's lang and dir are the render's language; data-pl-i18n carries the
// few texts the scripts show, in that language. Review text only ever passes through React
// (escaped); the CSS and JSON-LD are ours and escaped for their elements.
import type { JSX } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  AllReviews,
  Carousel,
  CustomerPortalReviews,
  Popup,
  ReviewBox,
  ReviewList,
  Sidebar,
  StarRating,
  StoreBadge,
  SubmitForm,
  Testimonials,
  UpsellRating,
  SAY_CSS,
  widgetCss,
} from '../shared/components';
import type { ReviewItemOptions } from '../shared/components/ReviewItem';
import type {
  AllReviewsData,
  CustomerPortalData,
  PublicReview,
  ReviewBoxData,
  ReviewListData,
  StarRatingData,
  StoreBadgeData,
  SubmitFormData,
  UpsellData,
  WidgetContext,
} from '../shared/widget-types';
import { jsonLdScript } from './json-ld';

export const BLOCKS = [
  'review-box',
  'star-rating',
  'carousel',
  'popup',
  'sidebar',
  'all-reviews',
  'submit-form',
  'testimonials',
  'customer-portal',
  'upsell',
  'store-badge',
] as const;
export type Block = (typeof BLOCKS)[number];

export interface BlockData {
  'review-box': ReviewBoxData;
  'star-rating': StarRatingData;
  carousel: ReviewListData;
  popup: ReviewListData;
  sidebar: ReviewListData;
  'all-reviews': AllReviewsData;
  'submit-form': SubmitFormData;
  testimonials: ReviewListData;
  'customer-portal': CustomerPortalData;
  upsell: UpsellData;
  'store-badge': StoreBadgeData;
}

type Component<B extends Block> = (props: { ctx: WidgetContext; data: BlockData[B] }) => JSX.Element | null;
const COMPONENTS: { [B in Block]: Component<B> } = {
  'review-box': ReviewBox,
  'star-rating': StarRating,
  carousel: Carousel,
  popup: Popup,
  sidebar: Sidebar,
  'all-reviews': AllReviews,
  'submit-form': SubmitForm,
  testimonials: Testimonials,
  'customer-portal': CustomerPortalReviews,
  upsell: UpsellRating,
  'store-badge': StoreBadge,
};

/** The client scripts (plugins/widgets/storefront/<name>.ts) each block needs; none for static ones. */
export const BLOCK_SCRIPTS: Record<Block, string[]> = {
  'review-box': ['review-box', 'submit-form'],
  'all-reviews': ['review-box', 'submit-form'],
  'submit-form': ['submit-form'],
  carousel: ['carousel'],
  testimonials: ['carousel'],
  popup: ['popup'],
  sidebar: ['sidebar'],
  'star-rating': [],
  'customer-portal': [],
  upsell: [],
  'store-badge': [],
};

/** The texts each client script shows; the script has no catalog of its own (it must stay small). */
export const SCRIPT_TEXTS: Record<string, string[]> = {
  'review-box': ['box.showing', 'box.no_match', 'box.load_failed', 'lightbox.label', 'lightbox.previous', 'lightbox.next', 'lightbox.close'],
  'submit-form': ['form.sending', 'form.check_fields', 'form.failed', 'form.offline', 'form.photo_type', 'form.photo_too_large', 'form.photo_limit'],
  carousel: ['carousel.pause', 'carousel.play'],
};

/** What the scripts show of a review's translation, when the shop offers one (storefront/translate.ts). */
export const TRANSLATION_TEXTS = ['review.see_translation', 'review.see_original', 'review.translated_from', 'review.translation_unavailable'];
/** The blocks whose reviews offer "See translation" (their scripts run storefront/translate.ts). */
export const TRANSLATING_BLOCKS: Block[] = ['review-box', 'all-reviews', 'carousel', 'testimonials'];

/** The block's script texts as the data-pl-i18n JSON: key -> text, or plural forms by category. */
function scriptTexts(block: Block, ctx: WidgetContext): string | undefined {
  const translating = ctx.translation && TRANSLATING_BLOCKS.includes(block) ? TRANSLATION_TEXTS : [];
  const keys = [...BLOCK_SCRIPTS[block].flatMap((s) => SCRIPT_TEXTS[s] ?? []), ...translating];
  return keys.length ? JSON.stringify(Object.fromEntries(keys.map((k) => [k, ctx.text.raw(k)]))) : undefined;
}

/** Which settings switch a block on (a switched-off block renders nothing). */
export function blockEnabled(block: Block, ctx: WidgetContext): boolean {
  const s = ctx.settings;
  const flags: Record<Block, boolean> = {
    'review-box': s.reviewBox.enabled,
    'star-rating': s.starRating.enabled,
    carousel: s.carousel.enabled,
    popup: s.popup.enabled,
    sidebar: s.sidebar.enabled,
    'all-reviews': s.allReviews.enabled,
    'submit-form': s.submitForm.enabled,
    testimonials: s.testimonial.enabled,
    'customer-portal': s.customerPortal.enabled,
    upsell: s.upsell.enabled,
    // the badge links to the shop's reviews page, which the all-reviews switch turns on and off
    'store-badge': s.allReviews.enabled,
  };
  return flags[block];
}

const ATTR_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;', "'": '&#39;' };
export const escapeAttr = (v: string) => v.replace(/[&"<>']/g, (c) => ATTR_ESCAPES[c]);

export interface RenderOptions {
  /** URL of a client script by name; scripts are left out when absent (the metafield snapshot: the theme loads them) */
  scriptSrc?: (name: string) => string | undefined;
  /** the review box's JSON-LD node (only when rich snippets are on and there are reviews) */
  jsonLd?: Record<string, unknown> | null;
  /** more data-* attributes for the wrapper (names without the data- prefix) */
  attrs?: Record<string, string | number | undefined | null>;
}

/** Data attributes the scripts read, per block. */
function blockAttrs<B extends Block>(block: B, data: BlockData[B]): Record<string, string | undefined> {
  if (block === 'review-box') {
    const d = data as ReviewBoxData;
    return { 'pl-product': d.product.id, 'pl-sort': d.sort, 'pl-stars': d.stars?.join(',') || undefined };
  }
  if (block === 'all-reviews') {
    const d = data as AllReviewsData;
    return { 'pl-sort': d.sort, 'pl-stars': d.stars?.join(',') || undefined };
  }
  return {};
}

/** The whole block: wrapper, <style>, markup, JSON-LD, scripts. Empty when switched off or empty. */
export function renderWidget<B extends Block>(block: B, ctx: WidgetContext, data: BlockData[B], opts: RenderOptions = {}): string {
  if (!blockEnabled(block, ctx)) return '';
  const Widget = COMPONENTS[block] as Component<B>;
  const markup = renderToStaticMarkup(<Widget ctx={ctx} data={data} />);
  if (!markup) return '';
  const scripts = BLOCK_SCRIPTS[block];
  const attrs: Record<string, string | number | undefined | null> = {
    'pl-widget': block,
    'pl-endpoint': ctx.endpoint,
    ...blockAttrs(block, data),
    'pl-i18n': scriptTexts(block, ctx),
    // reviews in other languages are translated on load (the translations provider's autoTranslate)
    'pl-auto': ctx.translation === 'auto' && TRANSLATING_BLOCKS.includes(block) ? 'translate' : undefined,
    ...opts.attrs,
  };
  const attrText =
    Object.entries(attrs)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => ` data-${k.replace(/[^a-z0-9-]/g, '')}="${escapeAttr(String(v))}"`)
      .join('') + ` lang="${escapeAttr(ctx.text.lang)}" dir="${ctx.text.dir}"`;
  const pending = scripts.length ? ' data-pl-pending=""' : '';
  const tags = opts.scriptSrc
    ? scripts
        .map((s) => opts.scriptSrc!(s))
        .filter(Boolean)
        .map((src) => `<script src="${escapeAttr(src!)}" defer></script>`)
        .join('')
    : '';
  const jsonLd = block === 'review-box' && opts.jsonLd ? jsonLdScript(opts.jsonLd) : '';
  // a box with "What customers say" (plugins/insights) brings its rules; any other box is as without it
  const extra = block === 'review-box' && (data as ReviewBoxData).insights ? [SAY_CSS] : [];
  return `<div class="pl-widget pl-w-${block}"${attrText}${pending}><style>${widgetCss(ctx.settings, [block], extra)}</style>${markup}${jsonLd}${tags}</div>`;
}

/** Only the next page's items ("load more" of the review box and the all-reviews page). */
export function renderReviewItems(ctx: WidgetContext, reviews: PublicReview[], next: string | null, options: ReviewItemOptions): string {
  return renderToStaticMarkup(<ReviewList ctx={ctx} reviews={reviews} next={next} options={options} />);
}
