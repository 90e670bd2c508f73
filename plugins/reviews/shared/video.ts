// `reviews.video` as the review page relies on it (provided by plugins/video-reviews): the video
// field, the check of the upload a form names, and binding it to the review in its transaction.
import type { Knex } from 'knex';
import type { ShopView, Tenant } from '@plaudit/kernel';

export const VIDEO_CAPABILITY = 'reviews.video';

export interface ReviewVideos {
  /**
   * the page's video field (HTML), or undefined when the shop's plan has no video reviews; `kept`: a
   * video the customer uploaded already, when the page is shown again with errors
   */
  formSection(shop: ShopView, lang: string, kept?: { video: string; caption: string }): Promise<string | undefined>;
  /** why this upload cannot go with a review, in the customer's language; undefined when it can */
  check(tenant: Tenant, uploadId: string, caption: string, lang: string): Promise<string | undefined>;
  /** binds the upload to the review just inserted (inside its transaction) and starts its transcode */
  attach(trx: Knex.Transaction, tenant: Tenant, reviewId: number, uploadId: string, caption: string): Promise<boolean>;
}

/** A transcoded video as `reviews.media` adds it (the video plugin's VideoMedia). */
export interface AddedVideo {
  url: string;
  poster: string;
  captions?: string;
  caption?: string;
  seconds: number;
  width: number;
  height: number;
}
