// The page a review form posted without script lands on: the shop's thank-you or moderation text,
// or what to correct, with a link back to where the shopper came from. Every value is escaped.
import type { DisplaySettings } from '../shared/display-settings';
import { widgetCss } from '../shared/components';
import { escapeAttr } from './render';

const FIELD_LABELS: Record<string, string> = {
  rating: 'Rating', title: 'Title', content: 'Review', firstName: 'First name', lastName: 'Last name', email: 'Email', photos: 'Photos', productId: 'Product',
};

export interface SubmitResult {
  settings: DisplaySettings;
  shopName: string;
  /** the submit endpoint's status (502 when it did not answer) */
  status: number;
  body: { data?: { status?: string }; errors?: Record<string, string>; message?: string };
  /** a path on the store to go back to */
  back: string;
}

export function submitResultPage({ settings, shopName, status, body, back }: SubmitResult): string {
  const e = escapeAttr;
  let title: string;
  let content: string;
  if (status === 201) {
    title = 'Thank you!';
    content = `<p>${e(body.data?.status === 'published' ? settings.submitForm.thankYouText : settings.submitForm.moderationText)}</p>`;
  } else if (status === 400 && body.errors) {
    title = 'Please check your review';
    content = `<ul>${Object.entries(body.errors).map(([k, v]) => `<li><strong>${e(FIELD_LABELS[k] ?? k)}:</strong> ${e(v)}</li>`).join('')}</ul><p>Go back, correct these and send it again.</p>`;
  } else {
    title = 'Your review was not sent';
    content = `<p>${e(body.message && status < 500 ? body.message : 'The store could not be reached. Please try again in a moment.')}</p>`;
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${e(title)} – ${e(shopName)}</title><style>${widgetCss(settings, ['submit-form'])}body{margin:0;padding:40px 16px;background:${settings.general.backgroundColor}}main{max-width:560px;margin:auto}</style></head>
<body><main class="pl-widget"><section class="pl-box" role="status"><h1 class="pl-title">${e(title)}</h1>${content}<p><a class="pl-btn" href="${e(back)}">Back to the store</a></p></section></main></body></html>`;
}
