// Rendering the merchant's email templates: Liquid (what Shopify merchants know) in a fixed,
// table-based responsive frame. Merchant text is trusted markup; every variable is escaped in HTML
// (outputEscape) and the engine reads no files, so a template cannot reach the server.
import { Liquid } from 'liquidjs';
import { LIQUID_FIELDS, type EmailTemplate, type TemplateType } from '../shared/templates';

function engine(escapeHtml: boolean) {
  const liquid = new Liquid({
    strictFilters: true,
    outputEscape: escapeHtml ? 'escape' : undefined,
    ownPropertyOnly: true,
    // Bounds for merchant-written templates: size, render time and memory.
    parseLimit: 100_000,
    renderLimit: 2_000,
    memoryLimit: 20_000_000,
  });
  // No file access: the tags that load other templates refuse to parse.
  for (const tag of ['include', 'render', 'layout']) {
    liquid.registerTag(tag, {
      parse() {
        throw new Error(`the ${tag} tag is not available in emails`);
      },
      render() {
        return '';
      },
    });
  }
  return liquid;
}

const html = engine(true);
// Subjects are a mail header: plain text, no escaping.
const text = engine(false);

/**
 * What is wrong with each Liquid field, by field name: the parse error, or the error a render with
 * sample data meets (a filter misused, a loop past the limits), so a saved template always renders.
 */
export async function liquidErrors(type: TemplateType, template: Partial<EmailTemplate>): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const model = sampleModel(type, { name: 'Shop', url: 'https://shop.example' });
  for (const field of LIQUID_FIELDS) {
    const value = template[field];
    if (typeof value !== 'string') continue;
    try {
      await (field === 'subject' ? text : html).parseAndRender(value, model);
    } catch (err) {
      errors[field] = (err as Error).message.slice(0, 300);
    }
  }
  return errors;
}

export interface ProductModel {
  title: string;
  review_url: string;
  image_url?: string | null;
}

/** Every variable any template may use (shared/templates.ts lists which one has which). */
export interface TemplateModel {
  shop_name: string;
  shop_url?: string;
  customer_first_name: string | null;
  customer_name?: string | null;
  order_name?: string;
  products?: ProductModel[];
  review_url?: string;
  unsubscribe_url?: string;
  open_url?: string;
  product_title?: string;
  review_content?: string;
  reply_content?: string;
  photo_url?: string;
  confirm_url?: string;
  deny_url?: string;
  discount_code?: string;
  discount_value?: string;
  discount_expires_at?: string;
  days_left?: number;
}

// The frame. Conditionals sit inline so that, with the default review reminder, the output is byte
// for byte the request email sent before templates existed.
const LAYOUT = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>{{ subject }}</title>{% if custom_css != "" %}<style>{{ custom_css | raw }}</style>{% endif %}</head><body style="margin:0;background:#f4f4f4;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#202223">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border-radius:12px">
<tr><td style="padding:28px 28px 8px">{{ content_html | raw }}</td></tr>
{% for product in products %}<tr><td style="padding:8px 28px">
<table role="presentation" width="100%"><tr>{% if product.image_url %}<td width="64" style="padding-right:12px"><img src="{{ product.image_url }}" width="64" height="64" alt="" style="display:block;border-radius:8px;object-fit:cover"></td>{% endif %}<td style="font-size:15px">{{ product.title }}</td>
<td align="right"><a href="{{ product.review_url }}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:{{ button_bg }};color:{{ button_text_color }};text-decoration:none;font-weight:600">{{ button_html | raw }}</a></td></tr></table>
</td></tr>{% endfor %}{% if button_url %}<tr><td style="padding:8px 28px"><a href="{{ button_url }}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:{{ button_bg }};color:{{ button_text_color }};text-decoration:none;font-weight:600">{{ button_html | raw }}</a>{% if deny_url %} <a href="{{ deny_url }}" style="display:inline-block;padding:10px 18px;border-radius:8px;border:1px solid {{ button_bg }};color:{{ button_bg }};text-decoration:none;font-weight:600">{{ deny_html | raw }}</a>{% endif %}</td></tr>{% endif %}{% if secondary_button %}<tr><td style="padding:8px 28px"><a href="{{ secondary_button.url }}" style="display:inline-block;padding:10px 18px;border-radius:8px;border:1px solid {{ button_bg }};color:{{ button_bg }};text-decoration:none;font-weight:600">{{ secondary_button.text }}</a></td></tr>{% endif %}
<tr><td style="padding:20px 28px 28px;font-size:12px;color:#6d7175">{{ shop_name }}{% if unsubscribe_url %} · <a href="{{ unsubscribe_url }}" style="color:#6d7175">Unsubscribe</a>{% endif %}</td></tr>
</table></td></tr></table>{% if open_url %}<img src="{{ open_url }}" width="1" height="1" alt="" style="display:block">{% endif %}</body></html>`;
const layout = html.parse(LAYOUT);

/** Where each template's main button leads (the review reminder has one button per product). */
const BUTTON_URL: Record<TemplateType, (m: TemplateModel) => string | undefined> = {
  reviewReminder: () => undefined,
  photoReminder: (m) => m.photo_url,
  confirmEdit: (m) => m.confirm_url,
  reviewReply: (m) => m.review_url,
  discountNotification: (m) => m.shop_url,
  discountExpirationReminder: (m) => m.shop_url,
};

export interface RenderOptions {
  /** reminders of the review request: 'Reminder: ' before the subject */
  reminder?: number;
  /** test emails: '[Test] ' before the subject */
  test?: boolean;
}

export async function renderEmail(type: TemplateType, template: EmailTemplate, model: TemplateModel, options: RenderOptions = {}) {
  const scope = { ...model, products: type === 'reviewReminder' ? (model.products ?? []) : [] };
  const prefix = (options.test ? '[Test] ' : '') + (options.reminder ? 'Reminder: ' : '');
  const subject = prefix + (await text.parseAndRender(template.subject, scope)).replace(/[\r\n]+/g, ' ');
  const content = await html.parseAndRender(template.content, scope);
  const button = await html.parseAndRender(template.buttonText, scope);
  const deny = type === 'confirmEdit' && template.denyButtonText ? await html.parseAndRender(template.denyButtonText, scope) : '';
  const body = await html.render(layout, {
    ...scope,
    subject,
    content_html: content,
    button_html: button,
    deny_html: deny,
    deny_url: deny ? model.deny_url : undefined,
    button_url: BUTTON_URL[type](model),
    button_bg: template.buttonColor,
    button_text_color: template.buttonTextColor,
    secondary_button: template.secondaryButton,
    custom_css: template.customCss.replace(/</g, ''),
  });
  return { subject, html: body as string };
}

/** Sample values for previews and test emails, with the shop's own name and address. */
export function sampleModel(type: TemplateType, shop: { name: string; url: string }): TemplateModel {
  const expires = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  return {
    shop_name: shop.name,
    shop_url: shop.url,
    customer_first_name: 'Jane',
    customer_name: 'Jane Doe',
    order_name: '#1001',
    products: [
      { title: 'Linen shirt', review_url: shop.url },
      { title: 'Canvas tote bag', review_url: shop.url },
    ],
    review_url: shop.url,
    unsubscribe_url: type === 'reviewReminder' ? shop.url : undefined,
    product_title: 'Linen shirt',
    review_content: 'Lovely fabric, runs a little large.',
    reply_content: 'Thank you, Jane! Our size guide now mentions it.',
    photo_url: shop.url,
    confirm_url: shop.url,
    deny_url: shop.url,
    discount_code: 'THANKYOU-8K2Q',
    discount_value: '15%',
    discount_expires_at: expires,
    days_left: 3,
  };
}
