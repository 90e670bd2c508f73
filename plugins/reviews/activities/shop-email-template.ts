// What the reviews plugin's customer emails (confirm-edit, review reply) share: the merchant's own
// template, written by the email-template editor to the kernel settings (namespace 'email-templates'),
// laid over the defaults field by field, and the one layout every such email is rendered into.
import { Liquid } from 'liquidjs';
import { z } from 'zod';

export const TEMPLATES_NAMESPACE = 'email-templates';

// HTML escapes every output (reviews and replies are untrusted text); the subject is a mail header, plain text.
const html = new Liquid({ strictFilters: true, outputEscape: 'escape' });
const text = new Liquid({ strictFilters: true });

export const color = z.string().trim().regex(/^#[0-9a-fA-F]{3,8}$/);

type Fields = Record<string, z.ZodType>;
export type TemplateOf<F extends Fields> = { [K in keyof F]: z.infer<F[K]> };

/** The shop's template stored under `key` over the defaults; a missing or invalid field keeps its default. */
export function templateOver<F extends Fields>(stored: unknown, key: string, fields: F, defaults: TemplateOf<F>): TemplateOf<F> {
  const custom = (stored && typeof stored === 'object' ? (stored as Record<string, unknown>)[key] : undefined) ?? {};
  const out: Record<string, unknown> = { ...defaults };
  for (const name of Object.keys(fields)) {
    const parsed = fields[name].safeParse((custom as Record<string, unknown>)[name]);
    if (parsed.success) out[name] = parsed.data;
  }
  return out as TemplateOf<F>;
}

/** Plain text (no tags) becomes paragraphs and line breaks; a template with markup is used as it is. */
export function asHtmlTemplate(content: string): string {
  if (/<[a-z][^>]*>/i.test(content)) return content;
  return content
    .split(/\n\s*\n/)
    .map((p) => `<p style="font-size:15px;line-height:1.5;margin:0 0 14px">${p.replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** The page around the body, with the email's own buttons (Liquid) under it. */
const layout = (buttons: string) => `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>{{ subject }}</title></head><body style="margin:0;background:#f4f4f4;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#202223">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border-radius:12px">
<tr><td style="padding:28px 28px 8px"><!--body--></td></tr>
<tr><td style="padding:8px 28px 28px">
${buttons}
</td></tr>
<tr><td style="padding:0 28px 28px;font-size:12px;color:#6d7175">{{ shop_name }}</td></tr>
</table></td></tr></table></body></html>`;

/** What every such template has: subject and content (Liquid) and the main button's look. */
export interface ShopEmailTemplate {
  subject: string;
  content: string;
  buttonText: string;
  buttonColor: string;
  buttonTextColor: string;
}

/** Renders subject and body with the model, then the layout with its buttons (and any `extra` of theirs). */
export async function renderShopEmail(template: ShopEmailTemplate, model: object, buttons: string, extra: Record<string, unknown> = {}) {
  const subject = (await text.parseAndRender(template.subject, model)).replace(/[\r\n]+/g, ' ').trim();
  const body = await html.parseAndRender(asHtmlTemplate(template.content), model);
  // The body is already rendered (its outputs escaped): it goes into the layout as it is.
  const page = await html.parseAndRender(layout(buttons), {
    ...model,
    subject,
    button_text: template.buttonText,
    button_color: template.buttonColor,
    button_text_color: template.buttonTextColor,
    ...extra,
  });
  return { subject, html: page.replace('<!--body-->', () => body) };
}
