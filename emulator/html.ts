// HTML helpers for the emulator's own pages (consent, billing, storefront): every interpolated
// value goes through `esc`, so nothing from a request or the store can inject markup.

export function esc(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Tagged template that escapes interpolations, except values already wrapped by `raw`. */
export class Raw {
  constructor(readonly html: string) {}
}
export const raw = (html: string) => new Raw(html);

export function html(strings: TemplateStringsArray, ...values: unknown[]): Raw {
  let out = strings[0];
  values.forEach((v, i) => {
    const part = Array.isArray(v) ? v.map((x) => (x instanceof Raw ? x.html : esc(x))).join('') : v instanceof Raw ? v.html : esc(v);
    out += part + strings[i + 1];
  });
  return new Raw(out);
}

const ADMIN_CSS = `body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f1f1f1;margin:0;color:#303030}
main{max-width:560px;margin:48px auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:20px;margin-top:0}.muted{color:#616161}ul{padding-left:20px}.actions{display:flex;gap:12px;margin-top:24px;align-items:center}
button{font:inherit;border:0;border-radius:8px;padding:8px 16px;cursor:pointer;background:#303030;color:#fff}
button.secondary{background:#e3e3e3;color:#303030}.badge{background:#ffd79d;border-radius:6px;padding:2px 8px;font-size:12px}
.banner{background:#fee8e8;border-radius:8px;padding:12px}`;

/** A page in the look of Shopify's admin (consent, billing approval, errors). */
export function adminPage(title: string, body: Raw): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} · Shopify (emulated)</title><style>${ADMIN_CSS}</style></head><body><main>${body.html}</main></body></html>`;
}

export function errorPage(title: string, message: string): string {
  return adminPage(title, html`<h1>${title}</h1><p class="banner">${message}</p>`);
}
