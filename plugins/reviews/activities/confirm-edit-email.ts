// The "confirm-edit" email (spec section 3, other templates): asks the reviewer whether the shop may
// edit their review, with a confirm and a deny button. A merchant's own template, written by the
// email-template editor to the kernel settings (namespace 'email-templates', key 'confirmEdit'),
// replaces the defaults field by field; a field that is missing or invalid keeps its default.
import { Liquid } from 'liquidjs';
import { z } from 'zod';

// HTML escapes every output; the subject is a mail header, plain text.
const html = new Liquid({ strictFilters: true, outputEscape: 'escape' });
const text = new Liquid({ strictFilters: true });

export const TEMPLATES_NAMESPACE = 'email-templates';
export const TEMPLATE_KEY = 'confirmEdit';

const color = z.string().trim().regex(/^#[0-9a-fA-F]{3,8}$/);
const FIELDS = {
  subject: z.string().trim().min(1).max(255),
  content: z.string().trim().min(1).max(10_000),
  buttonText: z.string().trim().min(1).max(100),
  buttonColor: color,
  buttonTextColor: color,
  denyButtonText: z.string().trim().min(1).max(100),
};
export type ConfirmEditTemplate = { [K in keyof typeof FIELDS]: string };

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
export function templateFrom(stored: unknown): ConfirmEditTemplate {
  const custom = (stored && typeof stored === 'object' ? (stored as Record<string, unknown>)[TEMPLATE_KEY] : undefined) ?? {};
  const out = { ...DEFAULT_TEMPLATE };
  for (const key of Object.keys(FIELDS) as (keyof ConfirmEditTemplate)[]) {
    const parsed = FIELDS[key].safeParse((custom as Record<string, unknown>)[key]);
    if (parsed.success) out[key] = parsed.data;
  }
  return out;
}

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

/** Plain text (no tags) becomes paragraphs and line breaks; a template with markup is used as it is. */
export function asHtmlTemplate(content: string): string {
  if (/<[a-z][^>]*>/i.test(content)) return content;
  return content
    .split(/\n\s*\n/)
    .map((p) => `<p style="font-size:15px;line-height:1.5;margin:0 0 14px">${p.replace(/\n/g, '<br>')}</p>`)
    .join('');
}

const LAYOUT = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>{{ subject }}</title></head><body style="margin:0;background:#f4f4f4;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#202223">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border-radius:12px">
<tr><td style="padding:28px 28px 8px"><!--body--></td></tr>
<tr><td style="padding:8px 28px 28px">
<a href="{{ confirm_url }}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:{{ button_color }};color:{{ button_text_color }};text-decoration:none;font-weight:600">{{ button_text }}</a>
<a href="{{ deny_url }}" style="display:inline-block;padding:10px 18px;margin-left:8px;border-radius:8px;border:1px solid #8a8a8a;color:#202223;text-decoration:none">{{ deny_button_text }}</a>
</td></tr>
<tr><td style="padding:0 28px 28px;font-size:12px;color:#6d7175">{{ shop_name }}</td></tr>
</table></td></tr></table></body></html>`;

export async function renderConfirmEditEmail(template: ConfirmEditTemplate, model: ConfirmEditModel) {
  const subject = (await text.parseAndRender(template.subject, model)).replace(/[\r\n]+/g, ' ').trim();
  const body = await html.parseAndRender(asHtmlTemplate(template.content), model);
  // The body is already rendered (its outputs escaped): it goes into the layout as it is.
  const page = await html.parseAndRender(LAYOUT, {
    ...model,
    subject,
    button_text: template.buttonText,
    button_color: template.buttonColor,
    button_text_color: template.buttonTextColor,
    deny_button_text: template.denyButtonText,
  });
  return { subject, html: page.replace('<!--body-->', () => body) };
}
