// The "confirm-edit" email (spec section 3, other templates): asks the reviewer whether the shop may
// edit their review, with a confirm and a deny button. A merchant's own template, written by the
// email-template editor to the kernel settings (namespace 'email-templates', key 'confirmEdit'),
// replaces the defaults field by field; a field that is missing or invalid keeps its default.
import { z } from 'zod';
import { color, renderShopEmail, templateOver, type TemplateOf } from './shop-email-template';

export { TEMPLATES_NAMESPACE } from './shop-email-template';
export const TEMPLATE_KEY = 'confirmEdit';

const FIELDS = {
  subject: z.string().trim().min(1).max(255),
  content: z.string().trim().min(1).max(10_000),
  buttonText: z.string().trim().min(1).max(100),
  buttonColor: color,
  buttonTextColor: color,
  denyButtonText: z.string().trim().min(1).max(100),
};
export type ConfirmEditTemplate = TemplateOf<typeof FIELDS>;

export const DEFAULT_TEMPLATE: ConfirmEditTemplate = {
  subject: '{{ shop_name }} would like to edit your review',
  content:
    'Hi {{ customer_first_name | default: "there" }},\n\n' +
    '{{ shop_name }} would like to make a change to your review of {{ product_title }}. Your review stays as you wrote it unless you agree.\n\n' +
    '“{{ review_content }}”',
  buttonText: 'Allow the edit',
  buttonColor: '#303030',
  buttonTextColor: '#ffffff',
  denyButtonText: 'Keep my review as it is',
};

/** The shop's template over the defaults, field by field (the editor may not have set them all). */
export const templateFrom = (stored: unknown): ConfirmEditTemplate => templateOver(stored, TEMPLATE_KEY, FIELDS, DEFAULT_TEMPLATE);

export interface ConfirmEditModel {
  customer_first_name: string | null;
  shop_name: string;
  product_title: string;
  review_title: string | null;
  review_content: string;
  review_rating: number;
  confirm_url: string;
  deny_url: string;
}

// The confirm button and, beside it, the deny button.
const BUTTONS = `<a href="{{ confirm_url }}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:{{ button_color }};color:{{ button_text_color }};text-decoration:none;font-weight:600">{{ button_text }}</a>
<a href="{{ deny_url }}" style="display:inline-block;padding:10px 18px;margin-left:8px;border-radius:8px;border:1px solid #8a8a8a;color:#202223;text-decoration:none">{{ deny_button_text }}</a>`;

export function renderConfirmEditEmail(template: ConfirmEditTemplate, model: ConfirmEditModel) {
  return renderShopEmail(template, model, BUTTONS, { deny_button_text: template.denyButtonText });
}
