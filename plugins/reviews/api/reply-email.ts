// After a saved reply, the "review reply" email goes out from a workflow, so the reply API never
// waits for SMTP. Started only when it can be sent: the review has an email, the shop's plan has
// the review-reply feature and its template is on (the activity checks again at send time).
// Blocked/unsubscribed customers live in the review-requests plugin's own table, which this plugin
// does not read (plugins talk through the kernel): they are not checked here.
import type { Knex } from 'knex';
import type { Tenant } from '../../../api/auth/tenant';
import { allows } from '../../../api/plans';
import type { ApiServices } from '../../../api/plugins/types';
import { Shop } from '../../../api/shops/shop.model';
import { replyTemplateFrom, TEMPLATES_NAMESPACE } from '../activities/review-reply-email';
import type { ReviewReplyInput } from '../activities/review-reply';
import { startReviewMail } from './mail-workflow';
import type { Review } from './review.model';

export const replyEmailWorkflowId = (shopDomain: string, reviewId: number, repliedAt: number) => `review-reply:${shopDomain}:${reviewId}:${repliedAt}`;

async function replyEmailOn(knex: Knex, tenant: Tenant): Promise<boolean> {
  // tenancy: the shop row itself, by the tenant's (verified) shop id
  const shop = await Shop.query().findById(tenant.shopId);
  if (!shop || !allows(shop, 'reviewReply')) return false;
  // tenancy: the kernel settings row of the tenant's shop
  const stored = await knex('settings').where({ shopId: tenant.shopId, namespace: TEMPLATES_NAMESPACE }).first('value');
  return replyTemplateFrom(stored?.value).enabled;
}

/** Starts the email of the reply just saved on `review`; returns whether one was started. */
export async function mailReply(services: ApiServices, tenant: Tenant, review: Review): Promise<boolean> {
  if (!review.email || !review.replyContent || !review.repliedAt || !(await replyEmailOn(services.knex, tenant))) return false;
  const input: ReviewReplyInput = { shopId: tenant.shopId, shopDomain: tenant.shopDomain, reviewId: review.id, repliedAt: new Date(review.repliedAt).getTime() };
  await startReviewMail(services, tenant, {
    workflow: 'reviewsReplyEmail',
    workflowId: replyEmailWorkflowId(tenant.shopDomain, review.id, input.repliedAt),
    input,
    summary: `Reply email for review ${review.id} of ${tenant.shopDomain}`,
  });
  return true;
}
