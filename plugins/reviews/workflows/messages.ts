// The reviews plugin's workflow inputs and messages, shared by the workflows and their callers
// (API routes, activities), so neither imports the other.
import { defineQuery, defineSignal } from '@temporalio/workflow';

/** A new review for the shop's notification workflow (`review-notifications:<shop>`). */
export const newReviewSignal = defineSignal<[number]>('newReview');

/** The reviews waiting for the next digest (negative ones are mailed at once, never wait). */
export const digestPendingQuery = defineQuery<number[]>('digestPending');

export const notificationsWorkflowId = (shopDomain: string) => `review-notifications:${shopDomain}`;

export interface NotificationsInput {
  shopId: number;
  shopDomain: string;
  /** digest interval in ms: an hour (tests shorten it) */
  digestEveryMs?: number;
  lastDigestAt?: number;
  pending?: number[];
}

/** reviewsEditRequest: the confirm-edit email of one edit request. */
export interface EditRequestInput {
  shopId: number;
  shopDomain: string;
  reviewId: number;
  /** editRequestedAt of the request, ms */
  requestedAt: number;
  /** how long the links stay valid; 14 days unless a test shortens it */
  linkTtlMs?: number;
}

/** reviewsReplyEmail: the review-reply email of one saved reply. */
export interface ReviewReplyInput {
  shopId: number;
  shopDomain: string;
  reviewId: number;
  /** repliedAt of the reply, ms */
  repliedAt: number;
  /** how long the workflow waits before sending, so replies saved close together send one email */
  settleMs?: number;
}

export interface MaintenanceInput {
  /** length of a "day" in ms for the settings' day counts; tests shorten it */
  dayMs?: number;
  /**
   * Only these shops (a run started by hand for one shop; a test, whose shortened day must not reach
   * the other test files' shops in the same database). Every shop by default, as the schedule runs it.
   */
  shopIds?: number[];
}
