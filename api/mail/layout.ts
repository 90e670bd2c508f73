// The one responsive email layout every template of every plugin is sent in: written in MJML
// (tables, Outlook conditionals and mobile widths done by the library), compiled once to HTML that
// keeps Liquid placeholders, then rendered per message by a Liquid engine with no file access.
// Callers hand it finished, escaped HTML for the content; everything else is escaped here.
// `npm run build` compiles the MJML beforehand (COMPILED_LAYOUT): mjml holds about 18 MB of heap,
// which a production process then never loads; run from source it is loaded with the first message.
import fs from 'node:fs';
import path from 'node:path';
import { Liquid } from 'liquidjs';

export interface MailButton {
  url: string;
  /** HTML of the label (escaped by the caller: merchants may format it) */
  labelHtml: string;
  background?: string;
  color?: string;
  /** a second, quieter button (deny next to confirm) */
  outline?: boolean;
}

/** One of a product's one-click rating links (1 to 5 stars, in order). */
export interface MailStar {
  url: string;
  /** the link's title, read by screen readers ("3 of 5 stars"); escaped here */
  label: string;
}

export interface MailProduct {
  title: string;
  imageUrl?: string | null;
  button: MailButton;
  /** five rating links under the title (text stars in a table: no image, no script) */
  stars?: MailStar[];
}

export interface MailBody {
  subject: string;
  /** the text shown after the subject in inbox lists */
  preheader?: string;
  /** the message, as HTML the caller rendered and escaped */
  contentHtml: string;
  products?: MailProduct[];
  buttons?: MailButton[];
  /** the shop's name, under the message */
  footer: string;
  unsubscribe?: { url: string; label: string };
  /** the open-tracking pixel */
  openPixelUrl?: string;
  /** merchant CSS, as written (a "<" is dropped: it alone could end the style element) */
  css?: string;
  /** the html lang attribute */
  lang?: string;
}

const BUTTON = (b: string) =>
  `<mj-button href="{{ ${b}.url }}" background-color="{{ ${b}.background }}" color="{{ ${b}.color }}" border="{{ ${b}.border }}" border-radius="8px" font-weight="600" inner-padding="10px 18px" align="left" padding="4px 0">{{ ${b}.labelHtml }}</mj-button>`;

// A row of five text stars, each its own link: a table (what every client lays out, Outlook's Word
// engine included), no image to block, no script; the glyph is U+2605 with a color and no underline.
const STARS = `{% if product.stars.size > 0 %}<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin-top:4px;border-collapse:collapse"><tr>{% for star in product.stars %}<td style="padding:0 4px 0 0"><a href="{{ star.url }}" title="{{ star.label }}" aria-label="{{ star.label }}" style="font-size:26px;line-height:30px;color:#f5a623;text-decoration:none">&#9733;</a></td>{% endfor %}</tr></table>{% endif %}`;

const SOURCE = `<mjml lang="{{ lang }}">
<mj-head>
  <mj-title>{{ subject }}</mj-title>
  <mj-preview>{{ preheader }}</mj-preview>
  <mj-attributes>
    <mj-all font-family="-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif" />
    <mj-text font-size="15px" line-height="1.5" color="#202223" padding="0" />
  </mj-attributes>
  <mj-raw>{% if css != blank %}<style>{{ css | raw }}</style>{% endif %}</mj-raw>
</mj-head>
<mj-body background-color="#f4f4f4" width="560px">
  <mj-wrapper padding="24px 12px">
  <mj-section background-color="#ffffff" border-radius="12px 12px 0 0" padding="28px 28px 8px">
    <mj-column><mj-text>{{ contentHtml }}</mj-text></mj-column>
  </mj-section>
  <mj-raw>{% for product in products %}</mj-raw>
  <mj-section background-color="#ffffff" padding="8px 28px">
    <mj-group>
      <mj-column width="20%" vertical-align="middle"><mj-raw>{% if product.imageUrl %}</mj-raw><mj-image src="{{ product.imageUrl }}" width="64px" height="64px" border-radius="8px" alt="" padding="0" align="left" /><mj-raw>{% endif %}</mj-raw></mj-column>
      <mj-column width="45%" vertical-align="middle"><mj-text>{{ product.title }}${STARS}</mj-text></mj-column>
      <mj-column width="35%" vertical-align="middle">${BUTTON('product.button')}</mj-column>
    </mj-group>
  </mj-section>
  <mj-raw>{% endfor %}</mj-raw>
  <mj-section background-color="#ffffff" padding="8px 28px">
    <mj-column><mj-raw>{% for button in buttons %}</mj-raw>${BUTTON('button')}<mj-raw>{% endfor %}</mj-raw></mj-column>
  </mj-section>
  <mj-section background-color="#ffffff" border-radius="0 0 12px 12px" padding="20px 28px 28px">
    <mj-column><mj-text font-size="12px" color="#6d7175">{{ footer }}<mj-raw>{% if unsubscribe %}</mj-raw> · <a href="{{ unsubscribe.url }}" style="color:#6d7175">{{ unsubscribe.label }}</a><mj-raw>{% endif %}</mj-raw></mj-text></mj-column>
  </mj-section>
  </mj-wrapper>
  <mj-raw>{% if openPixelUrl %}<img src="{{ openPixelUrl }}" width="1" height="1" alt="" style="display:block">{% endif %}</mj-raw>
</mj-body>
</mjml>`;

// Output escaping is on: only the fields named *Html pass as they are.
const engine = new Liquid({ outputEscape: 'escape', relativeReference: false, root: [], partials: [], layouts: [], strictFilters: true });
let compiled: Promise<ReturnType<Liquid['parse']>> | undefined;

/** The layout as HTML, written beside the compiled module by the build (scripts/build.ts). */
export const COMPILED_LAYOUT = path.join(__dirname, 'layout.html');

/** The MJML source compiled to HTML, Liquid placeholders kept. */
export async function compileLayout(): Promise<string> {
  const { default: mjml2html } = await import('mjml');
  // fonts: {} — no web font imports: the system font stack needs none, and mail should fetch nothing it does not show
  return (await mjml2html(SOURCE, { validationLevel: 'skip', fonts: {} })).html;
}

async function template() {
  compiled ??= (fs.existsSync(COMPILED_LAYOUT) ? fs.promises.readFile(COMPILED_LAYOUT, 'utf8') : compileLayout()).then((html) =>
    engine.parse(html.replace(/\{\{ ([\w.]*Html) \}\}/g, '{{ $1 | raw }}')),
  );
  return compiled;
}

function button(b: MailButton) {
  const background = b.outline ? '#ffffff' : (b.background ?? '#202223');
  const color = b.outline ? (b.background ?? '#202223') : (b.color ?? '#ffffff');
  return { ...b, background, color, border: b.outline ? `1px solid ${background === '#ffffff' ? color : background}` : 'none' };
}

/** The message's full HTML. */
export async function renderMail(body: MailBody): Promise<string> {
  return engine.render(await template(), {
    lang: body.lang ?? 'en',
    subject: body.subject,
    preheader: body.preheader ?? '',
    // Inside <style> entities are not decoded, so CSS passes as written; only '<' could end the element.
    css: (body.css ?? '').replace(/</g, ''),
    contentHtml: body.contentHtml,
    products: (body.products ?? []).map((p) => ({ ...p, button: button(p.button) })),
    buttons: (body.buttons ?? []).map(button),
    footer: body.footer,
    unsubscribe: body.unsubscribe ?? null,
    openPixelUrl: body.openPixelUrl ?? null,
  });
}
