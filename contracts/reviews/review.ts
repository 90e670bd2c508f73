// The reviews plugin's contract, what every part shares: kinds, statuses, media and rating summaries.
import type { ProductRating } from '../catalog';

// --- capabilities: a few general ones, each for any plugin that needs it ---
// feed (what shoppers may see), facts (one review as it is), write (new reviews from other places),
// admin (the merchant's operations and notification settings), export, analytics, texts. The
// kernel's star counts are `CatalogRatings` (contracts/catalog.ts), also provided by reviews.

export type ReviewKind = 'product' | 'store';
/** 'pending' awaits moderation; 'trash' is the recycle bin. */
export type ReviewStatus = 'published' | 'unpublished' | 'pending' | 'trash';
export type Stars = Record<1 | 2 | 3 | 4 | 5, number>;

/** A photo or video of a review as stored. */
export interface ReviewMedia {
  url: string;
  type: 'image' | 'video';
  /** an uploaded photo's renditions (srcset), smallest first; absent on older uploads and external URLs */
  variants?: { url: string; width: number }[];
  /** a video's still (JPEG), shown until it plays (video reviews) */
  poster?: string;
  /** a video's caption track (WebVTT) and its text */
  captions?: string;
  caption?: string;
  /** a video's length and size */
  seconds?: number;
  width?: number;
  height?: number;
}

/** Published reviews of a product counted (the kernel's ProductRating) with how many carry media. */
export interface RatingSummary extends ProductRating {
  mediaCount: number;
}
