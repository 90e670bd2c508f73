// What the review reply and the confirm-edit email share at send time: the installed shop, its
// review, the customer's language, the template's variables, and the send itself: the shop's template
// from the kernel's registry (its edits over the plugin's defaults, in the customer's language) through
// the kernel's mail service (the shop's sender, reply-to and verified SMTP). A refused address is
// final: the activity ends 'refused'.
import type { ActivityDeps, ShopView } from '@plaudit/kernel';
import { Review } from '../db/review.model';
import type { ReviewTemplate } from '../shared/mail-templates';
import { mineUrl } from '../shared/mine-link';
import { mineLinkHtml } from '../shared/mine-html';

export interface ReviewMailContext {
  shop: ShopView;
  review: Review & { email: string };
  lang: string;
  /** the variables every review email has (plugin.ts `emailTemplates`) */
  model: Record<string, unknown>;
}

/** The shop and review of a mail, or undefined when the shop is gone or the review has no address. */
export async function reviewMailContext(deps: ActivityDeps, shopId: number, shopDomain: string, reviewId: number): Promise<ReviewMailContext | undefined> {
  const shop = await deps.shops.get(shopId);
  const review = await deps.tenant(shopId, shopDomain).query(Review).findById(reviewId);
  if (!shop || shop.uninstalled || !review?.email) return undefined;
  const model = {
    shop_name: shop.name,
    shop_url: `https://${shop.publicDomain ?? shop.domain}`,
    customer_first_name: review.firstName ?? null,
    customer_name: [review.firstName, review.lastName].filter(Boolean).join(' ') || null,
    product_title: review.kind === 'store' ? shop.name : (review.productTitle ?? null),
    review_title: review.title ?? null,
    review_content: review.content,
    review_rating: review.rating,
  };
  return { shop, review: review as Review & { email: string }, lang: deps.i18n.language(review.locale, shop.locale), model };
}

/** Renders the shop's template and sends it; one Message-ID per `key`, so a retried activity sends the same message. */
export async function sendReviewMail(
  deps: ActivityDeps,
  c: ReviewMailContext,
  template: ReviewTemplate,
  key: string,
  vars: Record<string, unknown>,
): Promise<'sent' | 'refused'> {
  const body = await deps.mail.templates.render(c.shop.id, template, { ...c.model, ...vars }, c.lang);
  // every mail about a review ends with the reviewer's way to their reviews (issue 33), whatever the template says
  body.contentHtml += mineLinkHtml(deps.i18n.forLanguage(c.lang), mineUrl(deps, c.shop.domain, c.review.email));
  const messageId = `<${key}@${new URL(deps.config.appUrl).hostname}>`;
  const outcome = await deps.mail.sendToCustomer({ id: c.shop.id, domain: c.shop.domain, email: c.shop.email }, { to: c.review.email, body, messageId });
  if (!outcome.sent) deps.log.warn({ shop: c.shop.domain, review: c.review.id, err: outcome.refused.message }, 'review email refused');
  return outcome.sent ? 'sent' : 'refused';
}
