// The HTML pieces every server-rendered customer page shares: one escape, one page frame and one
// message page (a link that expired, an unsubscribe that worked), in the customer's language.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text and attribute values into HTML. */
export function esc(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

const BASE_STYLE = `body{font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;margin:0;background:#f4f4f4;color:#202223}
main{max-width:560px;margin:0 auto;padding:16px}section,form{background:#fff;border-radius:12px;padding:20px}h1{font-size:20px;margin:0 0 12px}`;

export interface PageOptions {
  title: string;
  /** the page's body, HTML the caller escaped */
  bodyHtml: string;
  lang: string;
  /** extra CSS of the page */
  style?: string;
  /** extra <head> tags (meta description, canonical and alternate links), HTML the caller escaped */
  head?: string;
}

/** A small, script-free, phone-first page. */
export function customerPage({ title, bodyHtml, lang, style = '', head = '' }: PageOptions): string {
  return `<!doctype html><html lang="${esc(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,"><title>${esc(title)}</title>${head}<style>${BASE_STYLE}${style}</style></head><body><main>${bodyHtml}</main></body></html>`;
}

/** A page that only says something: a title and a sentence. */
export function messagePage(title: string, text: string, lang: string): string {
  return customerPage({ title, lang, bodyHtml: `<section><h1>${esc(title)}</h1><p>${esc(text)}</p></section>` });
}
