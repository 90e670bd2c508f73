// Sends the review-reply email for one saved reply. Skips quietly when the reply is no longer the
// review's current one (deleted or replaced by a newer reply, which has its own workflow), when the
// review or its email is gone, the shop uninstalled, or the template switched off meanwhile.
import type { ActivityDeps } from '../../../workflows/plugin';
import { Review } from '../api/review.model';
import { renderReviewReplyEmail, replyTemplateFrom, TEMPLATES_NAMESPACE } from './review-reply-email';

export interface ReviewReplyInput {
  shopId: number;
  shopDomain: string;
  reviewId: number;
  /** repliedAt of the reply, ms */
  repliedAt: number;
}

export async function sendReviewReply(deps: ActivityDeps, input: ReviewReplyInput): Promise<'sent' | 'skipped'> {
  const { knex, config, mailer } = deps;
  // tenancy: the shop row itself, by the id the workflow was started for
  const shop = await knex('shops').where({ id: input.shopId }).first();
  const review = await deps.tenantFor(input.shopId, input.shopDomain).query(Review).findById(input.reviewId);
  const current = !!review?.replyContent && !!review.repliedAt && new Date(review.repliedAt).getTime() === input.repliedAt;
  if (!shop || shop.uninstalledAt || !review?.email || !current) return 'skipped';

  // tenancy: scoped by the same shop id
  const stored = await knex('settings').where({ shopId: input.shopId, namespace: TEMPLATES_NAMESPACE }).first('value');
  const template = replyTemplateFrom(stored?.value);
  if (!template.enabled) return 'skipped';

  const shopName = shop.name ?? shop.shopifyDomain;
  const shopUrl = `https://${shop.domain ?? shop.shopifyDomain}`;
  const isProduct = review.kind !== 'store';
  const { subject, html } = await renderReviewReplyEmail(template, {
    customer_first_name: review.firstName ?? null,
    customer_name: [review.firstName, review.lastName].filter(Boolean).join(' ') || null,
    shop_name: shopName,
    shop_url: shopUrl,
    product_title: isProduct ? (review.productTitle ?? 'your purchase') : shopName,
    review_title: review.title ?? null,
    review_content: review.content,
    review_rating: review.rating,
    reply_content: review.replyContent!,
    review_url: isProduct && review.productHandle ? `${shopUrl}/products/${encodeURIComponent(review.productHandle)}` : shopUrl,
  });
  await mailer.sendMail({
    from: config.smtp.from,
    to: review.email,
    subject,
    html,
    // one Message-ID per reply: a retried activity sends the same message, not a new one
    messageId: `<review-reply-${review.id}-${input.repliedAt}@${new URL(config.appUrl).hostname}>`,
    headers: { 'X-Plaudit-Shop': shop.shopifyDomain },
  });
  return 'sent';
}
