// The "review reply" email (spec section 3, other templates): tells the reviewer that the shop
// answered their review. Like the confirm-edit email, a merchant's own template (kernel settings,
// namespace 'email-templates', key 'reviewReply', written by the template editor) replaces these
// defaults field by field; a missing or invalid field keeps its default. `enabled: false` stops it.
import { Liquid } from 'liquidjs';
import { z } from 'zod';
import { asHtmlTemplate, TEMPLATES_NAMESPACE } from './confirm-edit-email';

export { TEMPLATES_NAMESPACE };
export const REPLY_TEMPLATE_KEY = 'reviewReply';

// HTML escapes every output (the reply and the review are untrusted text); the subject is a header.
const html = new Liquid({ strictFilters: true, outputEscape: 'escape' });
const text = new Liquid({ strictFilters: true });

const color = z.string().trim().regex(/^#[0-9a-fA-F]{3,8}$/);
const FIELDS = {
  enabled: z.boolean(),
  subject: z.string().trim().min(1).max(255),
  content: z.string().trim().min(1).max(20_000),
  buttonText: z.string().trim().min(1).max(100),
  buttonColor: color,
  buttonTextColor: color,
};
export type ReviewReplyTemplate = { [K in keyof typeof FIELDS]: z.infer<(typeof FIELDS)[K]> };

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
export function replyTemplateFrom(stored: unknown): ReviewReplyTemplate {
  const custom = (stored && typeof stored === 'object' ? (stored as Record<string, unknown>)[REPLY_TEMPLATE_KEY] : undefined) ?? {};
  const out: Record<string, unknown> = { ...DEFAULT_REPLY_TEMPLATE };
  for (const key of Object.keys(FIELDS) as (keyof ReviewReplyTemplate)[]) {
    const parsed = FIELDS[key].safeParse((custom as Record<string, unknown>)[key]);
    if (parsed.success) out[key] = parsed.data;
  }
  return out as ReviewReplyTemplate;
}

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

const LAYOUT = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>{{ subject }}</title></head><body style="margin:0;background:#f4f4f4;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#202223">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border-radius:12px">
<tr><td style="padding:28px 28px 8px"><!--body--></td></tr>
<tr><td style="padding:8px 28px 28px">
<a href="{{ review_url }}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:{{ button_color }};color:{{ button_text_color }};text-decoration:none;font-weight:600">{{ button_text }}</a>
</td></tr>
<tr><td style="padding:0 28px 28px;font-size:12px;color:#6d7175">{{ shop_name }}</td></tr>
</table></td></tr></table></body></html>`;

export async function renderReviewReplyEmail(template: ReviewReplyTemplate, model: ReviewReplyModel) {
  const subject = (await text.parseAndRender(template.subject, model)).replace(/[\r\n]+/g, ' ').trim();
  const body = await html.parseAndRender(asHtmlTemplate(template.content), model);
  // The body is already rendered (its outputs escaped): it goes into the layout as it is.
  const page = await html.parseAndRender(LAYOUT, {
    ...model,
    subject,
    button_text: template.buttonText,
    button_color: template.buttonColor,
    button_text_color: template.buttonTextColor,
  });
  return { subject, html: page.replace('<!--body-->', () => body) };
}
