// The video-reviews plugin's contract (see README.md): the video field of the review forms, and the
// event that hands a transcoded video to its review. The plugin owns both sides of the exchange with
// the reviews plugin: reviews asks for the field through the capability and listens to the event;
// video-reviews never calls reviews (docs/plugins.md, "Contracts").
import type { EmitOptions, ShopView, Tenant } from '@plaudit/kernel';
import { defineCapability, defineEvent } from './define';

/** The caller's knex transaction. */
type Transaction = NonNullable<EmitOptions['trx']>;

/** What a storefront form needs to offer a video: where to upload, get a ticket, and the script. */
export interface StorefrontVideo {
  endpoint: string;
  ticketUrl: string;
  script: string;
}

/** A video already uploaded for this form (the page shown again with errors): kept, not asked again. */
export interface KeptVideo {
  video: string;
  caption: string;
}

/**
 * 'video-reviews.uploads': the review pages' video field, the check of the upload a form names and
 * its binding to the review just saved (which starts its transcode). Without it, or below the
 * shop's tier, the forms take photos only.
 */
export interface ReviewVideosApi {
  /** the signed review page's video field (HTML), or undefined when the shop's plan has no video reviews */
  formSection(shop: ShopView, lang: string, kept?: KeptVideo): Promise<string | undefined>;
  /** the storefront form's video field (widgets), or null when the shop's plan has no video reviews */
  storefront(tenant: Tenant): Promise<StorefrontVideo | null>;
  /** why this upload cannot go with a review, in the customer's language; undefined when it can */
  check(tenant: Tenant, uploadId: string, caption: string, lang: string): Promise<string | undefined>;
  /** binds the upload to the review just inserted (inside its transaction) and starts its transcode; false when taken meanwhile */
  attach(trx: Transaction, tenant: Tenant, reviewId: number, uploadId: string, caption: string): Promise<boolean>;
}
export const ReviewVideos = defineCapability<ReviewVideosApi>('video-reviews.uploads');

/** A transcoded video: the MP4, its poster, the caption track when there is a caption. */
export interface TranscodedVideo {
  url: string;
  poster: string;
  captions?: string;
  /** the customer's caption text */
  caption?: string;
  seconds: number;
  width: number;
  height: number;
}

/**
 * 'video.transcoded', key = upload id: the video sent with a review is ready to show. The reviews
 * plugin adds it to the review's media (once: a video already there is not added again; a review
 * gone or holding five photos and videos keeps what it has).
 */
export interface VideoTranscodedPayload {
  shopId: number;
  shopDomain: string;
  reviewId: number;
  uploadId: string;
  video: TranscodedVideo;
}
export const VideoTranscoded = defineEvent<VideoTranscodedPayload>('video.transcoded');
