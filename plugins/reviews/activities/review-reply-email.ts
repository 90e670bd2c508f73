// The "review reply" email (spec section 3, other templates): tells the reviewer that the shop
// answered their review. Like the confirm-edit email, a merchant's own template (kernel settings,
// namespace 'email-templates', key 'reviewReply', written by the template editor) replaces these
// defaults field by field; a missing or invalid field keeps its default. `enabled: false` stops it.
import { z } from 'zod';
import { color, renderShopEmail, templateOver, type TemplateOf } from './shop-email-template';

export { TEMPLATES_NAMESPACE } from './shop-email-template';
export const REPLY_TEMPLATE_KEY = 'reviewReply';

const FIELDS = {
  enabled: z.boolean(),
  subject: z.string().trim().min(1).max(255),
  content: z.string().trim().min(1).max(20_000),
  buttonText: z.string().trim().min(1).max(100),
  buttonColor: color,
  buttonTextColor: color,
};
export type ReviewReplyTemplate = TemplateOf<typeof FIELDS>;

export const DEFAULT_REPLY_TEMPLATE: ReviewReplyTemplate = {
  enabled: true,
  subject: '{{ shop_name }} replied to your review',
  content:
    'Hi {{ customer_first_name | default: "there" }},\n\n' +
    '{{ shop_name }} replied to your {{ review_rating }}-star review of {{ product_title }}:\n\n' +
    '“{{ review_content }}”\n\n' +
    '{{ reply_content }}',
  buttonText: 'See the review',
  buttonColor: '#303030',
  buttonTextColor: '#ffffff',
};

/** The shop's template over the defaults, field by field (the editor may not have set them all). */
export const replyTemplateFrom = (stored: unknown): ReviewReplyTemplate => templateOver(stored, REPLY_TEMPLATE_KEY, FIELDS, DEFAULT_REPLY_TEMPLATE);

export interface ReviewReplyModel {
  customer_first_name: string | null;
  customer_name: string | null;
  shop_name: string;
  shop_url: string;
  product_title: string;
  review_title: string | null;
  review_content: string;
  review_rating: number;
  reply_content: string;
  review_url: string;
}

// One button, to the review on the store.
const BUTTONS = `<a href="{{ review_url }}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:{{ button_color }};color:{{ button_text_color }};text-decoration:none;font-weight:600">{{ button_text }}</a>`;

export function renderReviewReplyEmail(template: ReviewReplyTemplate, model: ReviewReplyModel) {
  return renderShopEmail(template, model, BUTTONS);
}
