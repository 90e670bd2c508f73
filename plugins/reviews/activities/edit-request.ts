// Sends the confirm-edit email for one edit request. Skips quietly when the request is no longer
// the review's current one (answered, superseded by a newer request, review or email gone), or the
// shop switched its confirmEdit template off since the request (the request then stays unanswered).
import type { ActivityDeps } from '@plaudit/kernel';
import { PURPOSE, type EditLink } from '../shared/links';
import { TEMPLATE, templateOn } from '../shared/mail-templates';
import type { EditRequestInput } from '../workflows/messages';
import { reviewMailContext, sendReviewMail } from './review-mail';

export const EDIT_LINK_TTL_MS = 14 * 86_400_000;

export async function sendEditRequest(deps: ActivityDeps, input: EditRequestInput): Promise<'sent' | 'skipped' | 'refused'> {
  const c = await reviewMailContext(deps, input.shopId, input.shopDomain, input.reviewId);
  const { review } = c ?? {};
  const current = review?.editRequest === 'unconfirmed' && review.editRequestedAt && new Date(review.editRequestedAt).getTime() === input.requestedAt;
  if (!c || !current || !(await templateOn(deps, c.shop, TEMPLATE.confirmEdit))) return 'skipped';

  const ttlSeconds = Math.max(1, Math.floor((input.linkTtlMs ?? EDIT_LINK_TTL_MS) / 1000));
  const token = deps.links.sign<EditLink>(PURPOSE.edit, c.shop.domain, { reviewId: c.review.id, requestedAt: input.requestedAt }, ttlSeconds);
  const url = `${deps.config.appUrl}/r/edit/${token}`;
  return sendReviewMail(deps, c, TEMPLATE.confirmEdit, `review-edit-${c.review.id}-${input.requestedAt}`, {
    confirm_url: `${url}?decision=confirm`,
    deny_url: `${url}?decision=deny`,
  });
}
