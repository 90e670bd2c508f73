// What each widget component renders from: the shop's display settings plus data from the
// review feed. The server renderer (plugins/widgets/api) fills these from the database; the admin's
// live previews fill them with sample data. Type-only imports: nothing of the API is bundled.
import type { DisplaySettings } from './display-settings';
import type { PublicReview as FeedReview, RatingSummary } from '@plaudit/contracts/reviews';
import type { ReviewOrigin } from '@plaudit/contracts/store-links';
import type { AskedQuestion, ProductAnswers } from '@plaudit/contracts/review-questions';
import type { BoxTopic, GeneratedSummary, SummarySentence } from '@plaudit/contracts/insights';
import type { WidgetText } from './widget-text';

/** A review as the widgets show it: the feed's, and the language a translation is offered from. */
export interface PublicReview extends FeedReview {
  /** the review's language when the storefront offers "See translation" for it (TranslationReviews) */
  translateFrom?: string;
  /** a copy of a linked store's review (StoreLinkOrigins): where it was written */
  origin?: ReviewOrigin;
}

export interface ReviewFeedPage {
  items: PublicReview[];
  nextCursor: string | null;
}

/** A rating summary as the feed counts it (of a product, or the shop). */
export type Summary = Omit<RatingSummary, 'productId'>;

export interface WidgetContext {
  settings: DisplaySettings;
  /** the storefront language's words (with the shop's labels), plurals and numbers */
  text: WidgetText;
  shopName: string;
  /** base URL of the widget endpoints as the shopper's browser reaches them (the app proxy) */
  endpoint: string;
  /** true in the admin preview: no links leave the page, nothing is posted */
  preview?: boolean;
  /** current time for relative dates (ms since epoch), fixed per render */
  now: number;
  /** review text translation offered (second tier): 'link' ("See translation"), 'auto' (translated on load) */
  translation?: 'link' | 'auto';
  /** video reviews (second tier): the form's video field; its script loads when a video is chosen */
  video?: { endpoint: string; ticketUrl: string; script: string };
  /** the shop's "How reviews are collected" page (ReviewDisclosure), when there is one */
  disclosureUrl?: string;
}

export interface ProductRef {
  id: string;
  title: string | null;
  handle: string | null;
}

export interface ReviewBoxData {
  product: ProductRef;
  summary: Summary;
  page: ReviewFeedPage;
  stars?: number[];
  sort?: string;
  /** the custom questions' distributions and "% would recommend" (plugins/review-questions) */
  answers?: ProductAnswers;
  /** the answer the list is filtered by, `<question id>:<value>` */
  answer?: string;
  /** the custom questions the form asks for this product */
  questions?: AskedQuestion[];
  /** "What customers say": the product's top topics and quoted sentences (plugins/insights) */
  insights?: { topics: BoxTopic[]; summary: SummarySentence[]; generated?: GeneratedSummary };
  /** the topic the list is filtered by ('fit') */
  topic?: string;
  /** the product shares its reviews with a group (plugins/product-groups): `summary` is the group's, `own` the product's */
  group?: { sameProduct: boolean; own: Summary };
  /**
   * the ratings without copies of a linked store's reviews (plugins/store-links), when there are any:
   * what the JSON-LD tells Google, which takes only reviews written on the site (STORE-REVIEWS.md)
   */
  markup?: { summary: Summary; own: Summary };
}
export interface StarRatingData {
  productId: string;
  summary: Summary;
}
export interface ReviewListData {
  reviews: PublicReview[];
}
export interface AllReviewsData {
  summary: Summary;
  page: ReviewFeedPage;
  stars?: number[];
  sort?: string;
}
/** The store-reviews badge: the store's own rating and the shop's public reviews page. */
export interface StoreBadgeData {
  /** the store reviews' summary (ReviewFeed.shopSummary 'store') */
  summary: Summary;
  /** the shop's reviews page in the badge's language */
  pageUrl: string;
}
export interface SubmitFormData {
  product: ProductRef | null;
  /** the custom questions the form asks for this product */
  questions?: AskedQuestion[];
}
/** A product the signed-in customer bought and has not reviewed yet. */
export interface AwaitingProduct {
  productId: string;
  title: string;
  handle: string | null;
  imageUrl: string | null;
  /** the signed write-review page (as in request emails); null: the product page's form */
  writeUrl: string | null;
}
/** The customer account page: what awaits a review and the customer's own reviews. */
export interface CustomerPortalData {
  signedIn: boolean;
  awaiting: AwaitingProduct[];
  page: ReviewFeedPage;
}
export interface UpsellData {
  summaries: Record<string, Summary>;
}
