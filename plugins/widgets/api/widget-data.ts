// What each server-rendered widget shows, read through the review feed (never the reviews tables):
// the query a block's URL asks for, validated, turned into the component's data. Shared by the
// widget routes and the worker's metafield snapshots, so both render the same review box.
import createHttpError from 'http-errors';
import { z } from 'zod';
import type { Tenant } from '@plaudit/kernel';
import { FEED_SORTS, type DisplaySettings } from '../shared/display-settings';
import type { ProductRef, ReviewBoxData, Summary, WidgetContext } from '../shared/widget-types';
import type { Labels } from '../shared/widget-text';
import type { ReviewFeedApi, ReviewFeedQuery, StorefrontReviewSettings } from '@plaudit/contracts/reviews';
import type { TranslationMode, TranslationReviewsApi } from '@plaudit/contracts/translations';
import type { StorefrontVideo } from '@plaudit/contracts/video-reviews';
import type { AnswerFilter, ReviewQuestionsApi } from '@plaudit/contracts/review-questions';
import type { ReviewInsightsApi } from '@plaudit/contracts/insights';
import type { ProductGroupsApi } from '@plaudit/contracts/product-groups';
import type { StoreLinkOriginsApi } from '@plaudit/contracts/store-links';
import { customerPortal, type PortalSources } from './customer-portal';
import { groupedSummaries } from './group-summaries';
import { productJsonLd } from './json-ld';
import { forShoppers, productGid, toSummary } from './shopper-view';
import type { Block, BlockData } from './render';
import { textFor } from './storefront-text';
import { reviewsPageUrl } from './reviews-page-path';

const invalid = 'The value is invalid';
const productId = z
  .string()
  .trim()
  .regex(/^(\d{1,20}|gid:\/\/shopify\/Product\/\d{1,20})$/, invalid);
const csv = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess(
    (v) =>
      v === undefined || v === ''
        ? undefined
        : [v]
            .flat()
            .flatMap((x) => String(x).split(','))
            .filter((x) => x !== ''),
    z.array(item).max(max, `at most ${max} values`).optional(),
  );

/** The query of GET widgets/<block>. */
export const widgetQuery = z.object({
  product_id: productId.optional(),
  product_ids: csv(productId, 50),
  stars: csv(z.coerce.number().int().min(1).max(5), 5),
  sort: z.enum(FEED_SORTS).optional(),
  after: z.string().max(512).optional(),
  fragment: z.enum(['list']).optional(),
  /** a custom question's answer the review box lists reviews by: `<question id>:<value>` */
  answer: z
    .string()
    .regex(/^\d{1,12}:[a-z0-9][a-z0-9-]{0,39}$/, invalid)
    .optional(),
  /** a topic of "What customers say" the review box lists reviews by ('fit') */
  topic: z
    .string()
    .regex(/^[a-z][a-z-]{0,31}$/, invalid)
    .optional(),
});
export type WidgetQuery = z.infer<typeof widgetQuery>;

/** What a render needs of the shop (the storefront state of shop-context.ts, or the worker's own). */
export interface ShopView {
  tenant: Tenant;
  shopName: string;
  display: DisplaySettings;
  reviewSettings: StorefrontReviewSettings;
  /** base URL of the widget routes as the shopper's browser reaches them */
  endpoint: string;
  /** Shopify customer id of the signed-in shopper (app proxy only) */
  customerId?: string | null;
  /** the storefront language rendered, and the shop's primary one (storefront-text.ts) */
  lang: string;
  primaryLang: string;
  /** the merchant's labels for `lang` (TranslationLabels) */
  labels?: Labels;
  /** "See translation" on reviews in other languages, and whether they translate on load */
  translation?: TranslationMode;
  /** the review form's video field (its ticket URL names the shop), when the shop has video reviews */
  video?: StorefrontVideo;
  /** the shop's "How reviews are collected" page in this language, when the ReviewDisclosure plugin is there */
  disclosureUrl?: string;
}

/** How many of the newest matching reviews an answer filter reaches (the box pages through them). */
export const ANSWER_FILTER_REACH = 500;
/** "What customers say": how many topic links and quoted sentences (plugins/insights/README.md) */
export const BOX_TOPICS = 6;
export const BOX_QUOTES = 3;

const atLeast = (min: number) => [1, 2, 3, 4, 5].filter((n) => n >= min);
const required = (field: string) => createHttpError(400, 'Validation failed', { errors: { [field]: 'This field is required' } });

export function widgetContext(view: ShopView, now = Date.now()): WidgetContext {
  return {
    settings: view.display,
    text: textFor(view.display, view.lang, view.primaryLang, view.labels),
    shopName: view.shopName,
    endpoint: view.endpoint,
    now,
    translation: view.translation?.offered ? (view.translation.autoTranslate ? 'auto' : 'link') : undefined,
    ...(view.video ? { video: view.video } : {}),
    ...(view.disclosureUrl ? { disclosureUrl: view.disclosureUrl } : {}),
  };
}

export class WidgetData {
  /**
   * `portal`: the store and the write links the customer portal needs (the API's; the worker renders no portal);
   * `translations`: which reviews offer "See translation" (TranslationReviews)
   */
  constructor(
    private readonly feed: ReviewFeedApi,
    private readonly appUrl: string,
    private readonly portal?: Omit<PortalSources, 'feed'>,
    private readonly translations?: TranslationReviewsApi,
    private readonly questions?: ReviewQuestionsApi,
    private readonly insights?: ReviewInsightsApi,
    private readonly groups?: ProductGroupsApi,
    /** which reviews are copies from a linked store (plugins/store-links), to say where they were written */
    private readonly origins?: StoreLinkOriginsApi,
  ) {}

  /** The reviews a topic filter allows (the newest of them), or undefined without a filter or without insights. */
  private async topicIds(view: ShopView, gid: string, topic: string | undefined): Promise<number[] | undefined> {
    if (!topic || !this.insights) return undefined;
    return this.insights.topicReviews(view.tenant, gid, topic, ANSWER_FILTER_REACH);
  }

  /** The list's reviews under both filters (an answer and a topic): those both allow; [0] when none. */
  private async filterIds(view: ShopView, gid: string, q: Pick<WidgetQuery, 'answer' | 'topic'>): Promise<number[] | undefined> {
    const [byAnswer, byTopic] = await Promise.all([this.answerIds(view, gid, q.answer), this.topicIds(view, gid, q.topic)]);
    if (!byTopic) return byAnswer;
    const both = byAnswer ? byTopic.filter((id) => byAnswer.includes(id)) : byTopic;
    return both.length ? both : [0];
  }

  /** "What customers say": the product's top topics and quoted sentences (or the model's summary); undefined without insights or topics. */
  private async productInsights(view: ShopView, gid: string): Promise<ReviewBoxData['insights']> {
    if (!this.insights) return undefined;
    const [topics, generated] = await Promise.all([
      this.insights.boxTopics(view.tenant, gid, view.lang, BOX_TOPICS),
      this.insights.generatedSummary?.(view.tenant, gid, view.lang) ?? null,
    ]);
    if (!topics.length) return undefined;
    // the model's summary, labelled as generated, stands in for the quoted sentences
    if (generated) return { topics, summary: [], generated };
    return { topics, summary: await this.insights.summary(view.tenant, gid, view.lang, BOX_QUOTES) };
  }

  /** The reviews an answer filter allows (at most a review box's reach of them), or undefined without a filter. */
  private async answerIds(view: ShopView, gid: string, answer: string | undefined): Promise<number[] | undefined> {
    if (!answer || !this.questions) return undefined;
    const [questionId, value] = answer.split(':');
    const filter: AnswerFilter = { questionId: Number(questionId), value };
    const ids = await this.questions.matchingReviews(view.tenant, gid, filter, ANSWER_FILTER_REACH);
    return ids.length ? ids : [0];
  }

  /** A page of reviews for shoppers; `translatable`: the widget offers "See translation" (review box, all reviews, carousel, testimonials). */
  async list(view: ShopView, q: ReviewFeedQuery, translatable = false) {
    const page = await this.feed.reviews(view.tenant, q);
    // UGC display off: the reviews show without their customers' photos and videos
    const items = view.reviewSettings.ugcDisplay === false ? page.items.map((r) => ({ ...r, media: [] })) : page.items;
    const from =
      translatable && view.translation?.offered && this.translations && items.length
        ? await this.translations.offers(
            view.tenant,
            items.map((r) => r.id),
            view.lang,
          )
        : {};
    const origin =
      this.origins && items.length
        ? await this.origins.origins(
            view.tenant,
            items.map((r) => r.id),
          )
        : {};
    return {
      items: items.map((r) => ({
        ...forShoppers(r, view.display, this.appUrl),
        ...(from[r.id] ? { translateFrom: from[r.id] } : {}),
        ...(origin[r.id] ? { origin: origin[r.id] } : {}),
      })),
      nextCursor: page.nextCursor,
    };
  }

  /** What the products' stars show: a grouped product's group's rating (ProductGroups), else its own. */
  private summaries(view: ShopView, gids: string[], options?: { excludeCopies?: boolean }) {
    return groupedSummaries(this.feed, this.groups, view.tenant, gids, options);
  }

  /** The ratings without linked stores' copies, where the shop shows copies and they count (else undefined). */
  private async markupSummaries(view: ShopView, gid: string, shown: Summary, own: Summary): Promise<ReviewBoxData['markup']> {
    if (!this.origins || !view.reviewSettings.richSnippets || shown.count < 1) return undefined;
    const rating = await this.summaries(view, [gid], { excludeCopies: true });
    const markup = { summary: rating.shown[gid], own: rating.own[gid] };
    return markup.summary.count === shown.count && markup.own.count === own.count ? undefined : markup;
  }

  /** The review box of one product (also the snapshot written to its metafield). */
  async reviewBox(
    view: ShopView,
    q: Pick<WidgetQuery, 'product_id' | 'stars' | 'sort' | 'after' | 'answer' | 'topic'>,
    title?: string | null,
  ): Promise<BlockData['review-box']> {
    if (!q.product_id) throw required('product_id');
    const gid = productGid(q.product_id);
    const s = view.display.reviewBox;
    const sort = q.sort ?? s.sort;
    const [ids, rating] = await Promise.all([this.filterIds(view, gid, q), this.summaries(view, [gid])]);
    const group = rating.groups[gid];
    // a grouped product lists its group's reviews, each still naming its own product
    const scope = group ? { productIds: group.productIds } : { productId: gid };
    const [page, answers, questions, insights] = await Promise.all([
      this.list(view, { ...scope, sort, stars: q.stars, after: q.after, limit: s.perPage, ...(ids ? { ids } : {}) }, true),
      this.questions?.productAnswers(view.tenant, gid, view.lang),
      this.formQuestions(view, gid),
      this.productInsights(view, gid),
    ]);
    const markup = await this.markupSummaries(view, gid, rating.shown[gid], rating.own[gid]);
    const first = page.items.find((r) => r.productId === gid && r.productTitle);
    const product: ProductRef = { id: gid, title: title ?? first?.productTitle ?? null, handle: first?.productHandle ?? null };
    return {
      product,
      summary: rating.shown[gid],
      ...(group ? { group: { sameProduct: group.sameProduct, own: rating.own[gid] } } : {}),
      ...(markup ? { markup } : {}),
      page,
      stars: q.stars,
      sort,
      ...(answers?.distributions.length ? { answers } : {}),
      ...(q.answer ? { answer: q.answer } : {}),
      ...(questions?.length ? { questions } : {}),
      ...(insights ? { insights } : {}),
      ...(insights && q.topic ? { topic: q.topic } : {}),
    };
  }

  /** The custom questions the review form asks for this product (none when the form is off). */
  private async formQuestions(view: ShopView, gid: string | null) {
    if (!this.questions || !view.display.submitForm.enabled) return undefined;
    return this.questions.forProduct(view.tenant, { productId: gid });
  }

  async load<B extends Block>(block: B, view: ShopView, q: WidgetQuery): Promise<BlockData[B]> {
    const d = view.display;
    const data = async (): Promise<BlockData[Block]> => {
      switch (block) {
        case 'review-box':
          return this.reviewBox(view, q);
        case 'star-rating': {
          if (!q.product_id) throw required('product_id');
          const gid = productGid(q.product_id);
          return { productId: gid, summary: (await this.summaries(view, [gid])).shown[gid] };
        }
        case 'all-reviews': {
          const s = d.allReviews;
          const sort = q.sort ?? s.sort;
          const scope = s.include === 'store' ? { productId: null } : s.include === 'product' ? { kind: 'product' as const } : {};
          const [summary, page] = await Promise.all([
            // the summary of what the page lists (all, product or store reviews)
            this.feed.shopSummary(view.tenant, s.include),
            this.list(view, { ...scope, sort, stars: q.stars, after: q.after, limit: s.perPage }, true),
          ]);
          return { summary: toSummary(summary), page, stars: q.stars, sort };
        }
        case 'store-badge':
          return { summary: toSummary(await this.feed.shopSummary(view.tenant, 'store')), pageUrl: reviewsPageUrl(view.endpoint, view.lang) };
        case 'carousel': {
          const c = d.carousel;
          const { items } = await this.list(
            view,
            {
              stars: atLeast(c.minRating),
              limit: c.maxReviews,
              sort: c.source === 'featured' ? 'featured' : 'newest',
              withMedia: c.source === 'media' || undefined,
            },
            true,
          );
          return { reviews: items };
        }
        case 'popup': {
          const p = d.popup;
          return { reviews: (await this.list(view, { kind: 'product', stars: atLeast(p.minRating), limit: p.maxReviews, sort: 'newest' })).items };
        }
        case 'sidebar':
          return { reviews: (await this.list(view, { sort: 'featured', limit: d.sidebar.maxReviews })).items };
        case 'testimonials': {
          const t = d.testimonial;
          const products = t.selectedProducts.length ? { productIds: t.selectedProducts.map(productGid) } : {};
          const fq: ReviewFeedQuery =
            t.source === 'selected'
              ? { ids: t.selectedReviews.length ? t.selectedReviews : [0], sort: 'featured', limit: 50 }
              : t.source === 'recent'
                ? { ...products, sort: 'newest', limit: t.maxRecentReviews }
                : { ...products, testimonial: true, sort: 'featured', limit: 50 };
          return { reviews: (await this.list(view, fq, true)).items };
        }
        case 'submit-form': {
          const gid = q.product_id ? productGid(q.product_id) : null;
          const questions = await this.formQuestions(view, gid);
          return { product: gid ? { id: gid, title: null, handle: null } : null, ...(questions?.length ? { questions } : {}) };
        }
        case 'customer-portal': {
          const portal = await customerPortal({ warn: () => undefined, ...this.portal, feed: this.feed }, view.tenant, view.customerId, {
            includePending: d.customerPortal.showPending,
            after: q.after,
          });
          return { ...portal, page: { items: portal.page.items.map((r) => forShoppers(r, d, this.appUrl)), nextCursor: portal.page.nextCursor } };
        }
        case 'upsell': {
          const ids = (q.product_ids ?? (q.product_id ? [q.product_id] : [])).map(productGid);
          if (!ids.length) throw required('product_ids');
          return { summaries: (await this.summaries(view, ids)).shown };
        }
        default:
          throw createHttpError(404, 'Not found');
      }
    };
    return (await data()) as BlockData[B];
  }
}

/** The review box's JSON-LD: only with the rich-snippet setting on and at least one review. */
export function reviewBoxJsonLd(view: ShopView, data: BlockData['review-box'], url?: string | null) {
  if (!view.reviewSettings.richSnippets || data.summary.count < 1) return null;
  const anonymous = widgetContext(view).text.t('review.anonymous');
  // Google's rating is about one item: a group's rating stands for the product only when the
  // merchant says the group is one item in variants; otherwise the product's own reviews do
  // (plugins/product-groups/README.md)
  // and only reviews written on this site: a linked store's copies are left out of the rating too
  const own = data.group && !data.group.sameProduct;
  const rated = data.markup ?? { summary: data.summary, own: data.group?.own ?? data.summary };
  const summary = own ? rated.own : rated.summary;
  if (summary.count < 1) return null;
  const reviews = own ? data.page.items.filter((r) => r.productId === data.product.id) : data.page.items;
  return productJsonLd({ product: data.product, url, summary, reviews, general: view.display.general, anonymous });
}
