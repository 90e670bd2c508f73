// The page a review form posted without script lands on, in the form's language: the shop's
// thank-you or moderation text, or what to correct, with a link back to where the shopper came
// from. Every value is escaped.
import type { DisplaySettings } from '../shared/display-settings';
import { widgetCss } from '../shared/components';
import type { WidgetText } from '../shared/widget-text';
import { escapeAttr } from './render';

const FIELDS = new Set(['rating', 'title', 'content', 'firstName', 'lastName', 'email', 'photos', 'productId']);

export interface SubmitResult {
  settings: DisplaySettings;
  text: WidgetText;
  shopName: string;
  /** the submit endpoint's status (502 when it did not answer) */
  status: number;
  body: { data?: { status?: string }; errors?: Record<string, string>; message?: string };
  /** a path on the store to go back to */
  back: string;
}

export function submitResultPage({ settings, text, shopName, status, body, back }: SubmitResult): string {
  const e = escapeAttr;
  const { t } = text;
  let title: string;
  let content: string;
  if (status === 201) {
    title = t('result.thanks');
    content = `<p>${e(t(body.data?.status === 'published' ? 'form.thanks' : 'form.moderation'))}</p>`;
  } else if (status === 400 && body.errors) {
    title = t('result.check');
    content = `<ul>${Object.entries(body.errors)
      .map(([k, v]) => `<li><strong>${e(FIELDS.has(k) ? t(`result.field.${k}`) : k)}:</strong> ${e(v)}</li>`)
      .join('')}</ul><p>${e(t('result.correct'))}</p>`;
  } else {
    title = t('result.not_sent');
    content = `<p>${e(body.message && status < 500 ? body.message : t('result.unreachable'))}</p>`;
  }
  return `<!doctype html><html lang="${e(text.lang)}" dir="${text.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${e(title)} – ${e(shopName)}</title><style>${widgetCss(settings, ['submit-form'])}body{margin:0;padding:40px 16px;background:${settings.general.backgroundColor}}main{max-width:560px;margin:auto}</style></head>
<body><main class="pl-widget"><section class="pl-box" role="status"><h1 class="pl-title">${e(title)}</h1>${content}<p><a class="pl-btn" href="${e(back)}">${e(t('result.back'))}</a></p></section></main></body></html>`;
}
