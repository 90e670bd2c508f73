// References to this plugin's workflows, for its own starts and schedules (sandbox-safe). The rating
// sync is started by other plugins' tests too: its reference is the contract's (contracts/reviews.ts).
import { defineWorkflow, type WorkflowFunctionOf } from '@plaudit/contracts/define';
import { ReviewsRatingSync } from '@plaudit/contracts/reviews';
import type { reviewNotifications, reviewsEditRequest, reviewsMaintenance, reviewsRatingSync, reviewsReplyEmail } from '../workflows';

export const ReviewNotifications = defineWorkflow<typeof reviewNotifications>('reviewNotifications');
export const ReviewsEditRequest = defineWorkflow<typeof reviewsEditRequest>('reviewsEditRequest');
export const ReviewsReplyEmail = defineWorkflow<typeof reviewsReplyEmail>('reviewsReplyEmail');
export const ReviewsMaintenance = defineWorkflow<typeof reviewsMaintenance>('reviewsMaintenance');
export { ReviewsRatingSync };

/** A workflow `F` that has the shape its contract's reference `W` promises (a mismatch fails the type check). */
type Implements<W, F extends WorkflowFunctionOf<W>> = F;
export type RatingSyncWorkflow = Implements<typeof ReviewsRatingSync, typeof reviewsRatingSync>;
