// Sends the confirm-edit email for one edit request. Skips quietly when the request is no longer
// the review's current one (answered, superseded by a newer request, review or email gone).
import { linkKey, signLink } from '../../../api/signed-links';
import type { ActivityDeps } from '../../../workflows/plugin';
import { Review } from '../api/review.model';
import { renderConfirmEditEmail, templateFrom, TEMPLATES_NAMESPACE } from './confirm-edit-email';

export interface EditRequestInput {
  shopId: number;
  shopDomain: string;
  reviewId: number;
  /** editRequestedAt of the request, ms */
  requestedAt: number;
  /** how long the links stay valid; 14 days unless a test shortens it */
  linkTtlMs?: number;
}

export const EDIT_LINK_TTL_MS = 14 * 86_400_000;

export async function sendEditRequest(deps: ActivityDeps, input: EditRequestInput): Promise<'sent' | 'skipped'> {
  const { knex, config, mailer } = deps;
  // tenancy: the shop row itself, by the id the workflow was started for
  const shop = await knex('shops').where({ id: input.shopId }).first();
  const review = await deps.tenantFor(input.shopId, input.shopDomain).query(Review).findById(input.reviewId);
  const current = review?.editRequest === 'unconfirmed' && review.editRequestedAt && new Date(review.editRequestedAt).getTime() === input.requestedAt;
  if (!shop || shop.uninstalledAt || !review?.email || !current) return 'skipped';

  // tenancy: scoped by the same shop id
  const stored = await knex('settings').where({ shopId: input.shopId, namespace: TEMPLATES_NAMESPACE }).first('value');
  const exp = Math.floor((Date.now() + (input.linkTtlMs ?? EDIT_LINK_TTL_MS)) / 1000);
  const token = signLink(linkKey(config.encryptionKey!), { p: 'edit', shop: shop.shopifyDomain, q: 0, o: review.orderId ?? '', r: review.id, t: input.requestedAt, exp });
  const shopName = shop.name ?? shop.shopifyDomain;
  const { subject, html } = await renderConfirmEditEmail(templateFrom(stored?.value), {
    customer_first_name: review.firstName ?? null,
    shop_name: shopName,
    product_title: review.kind === 'store' ? shopName : (review.productTitle ?? 'your purchase'),
    review_title: review.title ?? null,
    review_content: review.content,
    review_rating: review.rating,
    confirm_url: `${config.appUrl}/r/edit/${token}?decision=confirm`,
    deny_url: `${config.appUrl}/r/edit/${token}?decision=deny`,
  });
  await mailer.sendMail({
    from: config.smtp.from,
    to: review.email,
    subject,
    html,
    // one Message-ID per request: a retried activity sends the same message, not a new one
    messageId: `<review-edit-${review.id}-${input.requestedAt}@${new URL(config.appUrl).hostname}>`,
    headers: { 'X-Plaudit-Shop': shop.shopifyDomain },
  });
  return 'sent';
}
