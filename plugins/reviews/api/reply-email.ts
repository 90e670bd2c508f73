// After a saved reply, the "review reply" email goes out from a workflow, so the reply API never
// waits for SMTP. Recorded only when it can be sent: the review has an email, the shop's plan has
// the review-reply feature and the shop has not switched its reviewReply template off (the activity
// checks both again at send time).
// Blocked/unsubscribed customers live in the review-requests plugin's own table, which this plugin
// does not read (plugins talk through the kernel): they are not checked here.
//
// The start is recorded in the kernel outbox in the reply's own transaction, so a reply saved while
// Temporal is down is mailed once it is back. Each reply has its own workflow id (the reply's time,
// ms); replies saved within REPLY_SETTLE_MS of each other (a double click, eight concurrent saves, a
// quick correction) collapse to one email: every workflow waits that long, then only the reply
// still current is sent, with its final text.
import type { Knex } from 'knex';
import type { ApiServices, Tenant } from '@plaudit/kernel';
import { Review } from '../db/review.model';
import { TEMPLATE, templateOn } from '../shared/mail-templates';
import type { ReviewReplyInput } from '../workflows/messages';
import { enqueueReviewMail } from './mail-workflow';
import { ReviewsReplyEmail } from '../shared/workflows';
import { changedReview, emitReviewChanges } from '../db/change-events';
import { ReviewReplied } from '@plaudit/contracts/reviews';

export const REPLY_SETTLE_MS = 10_000;

export const replyEmailWorkflowId = (shopDomain: string, reviewId: number, repliedAt: number) => `review-reply:${shopDomain}:${reviewId}:${repliedAt}`;

async function replyEmailOn(services: Pick<ApiServices, 'shops' | 'mail'>, tenant: Tenant): Promise<boolean> {
  const shop = await services.shops.get(tenant.shopId);
  return !!shop && services.shops.allows(shop, 'reviewReply') && (await templateOn(services, shop, TEMPLATE.reviewReply));
}

/** Records, inside `trx`, the email of the reply just saved on `review`; the outbox id when one is due. */
async function recordReplyMail(services: ApiServices, tenant: Tenant, review: Review, trx: Knex.Transaction): Promise<number | undefined> {
  if (!review.email || !review.replyContent || !review.repliedAt) return undefined;
  const input: ReviewReplyInput = {
    shopId: tenant.shopId,
    shopDomain: tenant.shopDomain,
    reviewId: review.id,
    repliedAt: new Date(review.repliedAt).getTime(),
    settleMs: REPLY_SETTLE_MS,
  };
  return enqueueReviewMail(
    services,
    tenant,
    {
      workflow: ReviewsReplyEmail,
      workflowId: replyEmailWorkflowId(tenant.shopDomain, review.id, input.repliedAt),
      input,
      summary: `Reply email for review ${review.id} of ${tenant.shopDomain}`,
    },
    trx,
  );
}

/** Saves the reply, its email and its ReviewReplied event together; the email is handed to Temporal after the commit. */
export async function saveReply(services: ApiServices, tenant: Tenant, reviewId: number, content: string): Promise<Review> {
  const mailOn = await replyEmailOn(services, tenant);
  const { row, outboxId } = await services.knex.transaction(async (trx) => {
    const saved = await tenant.query(Review, trx).patchAndFetchById(reviewId, { replyContent: content, repliedAt: new Date() });
    await emitReviewChanges(services.events, tenant, ReviewReplied, 'reply', [changedReview(saved)], trx);
    return { row: saved, outboxId: mailOn ? await recordReplyMail(services, tenant, saved, trx) : undefined };
  });
  // An id shared with a concurrent reply (same ms) was recorded once: only its recorder dispatches.
  if (outboxId !== undefined) await services.outbox.dispatch(outboxId);
  return row;
}
