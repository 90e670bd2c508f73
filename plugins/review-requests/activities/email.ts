// The review-request email: a merchant-safe Liquid template rendered to responsive, table-based HTML.
import { Liquid } from 'liquidjs';

// HTML escapes every output; the subject is a mail header, plain text.
const html = new Liquid({ strictFilters: true, outputEscape: 'escape' });
const text = new Liquid({ strictFilters: true });

export const DEFAULT_SUBJECT = '{{ customer_first_name | default: "Hi" }}, how did you like your order {{ order_name }}?';

const LAYOUT = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>{{ subject }}</title></head><body style="margin:0;background:#f4f4f4;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#202223">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border-radius:12px">
<tr><td style="padding:28px 28px 8px"><h1 style="margin:0;font-size:22px">{{ heading }}</h1>
<p style="font-size:15px;line-height:1.5">{{ intro }}</p></td></tr>
{% for product in products %}<tr><td style="padding:8px 28px">
<table role="presentation" width="100%"><tr><td style="font-size:15px">{{ product.title }}</td>
<td align="right"><a href="{{ product.review_url }}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:{{ button_bg }};color:{{ button_text_color }};text-decoration:none;font-weight:600">{{ button_text }}</a></td></tr></table>
</td></tr>{% endfor %}
<tr><td style="padding:20px 28px 28px;font-size:12px;color:#6d7175">{{ shop_name }} · <a href="{{ unsubscribe_url }}" style="color:#6d7175">Unsubscribe</a></td></tr>
</table></td></tr></table><img src="{{ open_url }}" width="1" height="1" alt="" style="display:block"></body></html>`;

export interface EmailModel {
  customer_first_name: string | null;
  order_name: string;
  shop_name: string;
  products: { title: string; review_url: string }[];
  unsubscribe_url: string;
  open_url: string;
}

export async function renderRequestEmail(model: EmailModel, reminder: number) {
  const subject = (reminder ? 'Reminder: ' : '') + (await text.parseAndRender(DEFAULT_SUBJECT, model));
  const body = await html.parseAndRender(LAYOUT, {
    ...model,
    subject,
    heading: `Thank you for shopping with ${model.shop_name}`,
    intro: 'Your opinion helps other shoppers. It takes a minute: rate each product below.',
    button_text: 'Write a review',
    button_bg: '#303030',
    button_text_color: '#ffffff',
  });
  return { subject, html: body };
}
