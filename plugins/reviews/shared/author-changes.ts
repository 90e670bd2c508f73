// A reviewer's own change to their review from the "your reviews" page (issue 33, api/mine/): the
// fields a change may touch, what the history keeps of it, and the event that tells the merchant.
// The event is this plugin's own (it alone listens): it moves to contracts/reviews.ts the day
// another plugin needs it.
import { defineEvent } from '@plaudit/contracts/define';

export type AuthorAction = 'edit' | 'delete';

/** One field's value before and after; a deleted review's history keeps only which fields changed. */
export interface FieldChange {
  from?: unknown;
  to?: unknown;
}

export type AuthorChanges = Record<string, FieldChange>;

export interface AuthorChangedPayload {
  shopId: number;
  shopDomain: string;
  reviewId: number;
  action: AuthorAction;
  /** the history row (review_author_changes.id) the notice describes */
  changeId: number;
}

export const AuthorChanged = defineEvent<AuthorChangedPayload>('reviews.author-changed');

/** A reviewer asked for a fresh "your reviews" link (theirs had expired): the worker mails it. */
export interface MineLinkRequestedPayload {
  shopId: number;
  shopDomain: string;
  /** the address the expired link was signed for: the new link goes there and nowhere else */
  email: string;
  /** the page's language, for the mail */
  lang: string;
  /** when it was asked (ms): the mail's Message-ID, so a retried send is the same message */
  at: number;
}

export const MineLinkRequested = defineEvent<MineLinkRequestedPayload>('reviews.mine-link-requested');

/** How long a "your reviews" link works. */
export const MINE_LINK_DAYS = 30;
