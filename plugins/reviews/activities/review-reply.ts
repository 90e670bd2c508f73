// Sends the review-reply email for one saved reply. Skips quietly when the reply is no longer the
// review's current one (deleted or replaced by a newer reply, which has its own workflow), when the
// review or its email is gone, the shop uninstalled, its plan no longer has the feature, or the
// shop switched its reviewReply template off since the reply was saved.
import type { ActivityDeps } from '@plaudit/kernel';
import { TEMPLATE, templateOn } from '../shared/mail-templates';
import type { ReviewReplyInput } from '../workflows/messages';
import { reviewMailContext, sendReviewMail } from './review-mail';

export async function sendReviewReply(deps: ActivityDeps, input: ReviewReplyInput): Promise<'sent' | 'skipped' | 'refused'> {
  const c = await reviewMailContext(deps, input.shopId, input.shopDomain, input.reviewId);
  const { review } = c ?? {};
  const current = !!review?.replyContent && !!review.repliedAt && new Date(review.repliedAt).getTime() === input.repliedAt;
  if (!c || !current || !deps.shops.allows(c.shop, 'reviewReply') || !(await templateOn(deps, c.shop, TEMPLATE.reviewReply))) return 'skipped';

  const shopUrl = c.model.shop_url as string;
  const reviewUrl = c.review.kind !== 'store' && c.review.productHandle ? `${shopUrl}/products/${encodeURIComponent(c.review.productHandle)}` : shopUrl;
  return sendReviewMail(deps, c, TEMPLATE.reviewReply, `review-reply-${c.review.id}-${input.repliedAt}`, {
    reply_content: c.review.replyContent,
    review_url: reviewUrl,
  });
}
