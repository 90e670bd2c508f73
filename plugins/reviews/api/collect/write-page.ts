// The review page a customer reaches from a request email: server-rendered, no script, fast on a
// phone. Every value is escaped.
const esc = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface WritePageModel {
  shopName: string;
  productTitle: string;
  productImage: string | null;
  firstName: string;
  lastName: string;
  values?: { rating?: string; title?: string; content?: string };
  errors?: Record<string, string>;
}

const STYLE = `body{font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;margin:0;background:#f4f4f4;color:#202223}
main{max-width:560px;margin:0 auto;padding:16px}form,section{background:#fff;border-radius:12px;padding:20px}
h1{font-size:20px;margin:0 0 12px}label{display:block;font-weight:600;margin:14px 0 6px}
input[type=text],textarea{width:100%;box-sizing:border-box;padding:10px;border:1px solid #8a8a8a;border-radius:8px;font:inherit}
textarea{min-height:120px}.stars{display:flex;flex-direction:row-reverse;justify-content:flex-end;gap:4px}
.stars input{position:absolute;opacity:0}.stars label{font-size:34px;color:#c9cccf;cursor:pointer;margin:0}
.stars input:checked~label,.stars label:hover,.stars label:hover~label{color:#f4b400}.stars input:focus-visible+label{outline:2px solid #005bd3}
.err{color:#b42318;font-size:14px;margin-top:4px}button{margin-top:18px;width:100%;padding:12px;border:0;border-radius:8px;background:#303030;color:#fff;font-size:16px;font-weight:600}
.product{display:flex;gap:12px;align-items:center;margin-bottom:8px}.product img{width:64px;height:64px;object-fit:cover;border-radius:8px}
.hp{position:absolute;left:-10000px}`;

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function messagePage(title: string, text: string): string {
  return page(title, `<section><h1>${esc(title)}</h1><p>${esc(text)}</p></section>`);
}

export function writePage(m: WritePageModel): string {
  const e = m.errors ?? {};
  const v = m.values ?? {};
  const err = (k: string) => (e[k] ? `<div class="err" id="${k}-error">${esc(e[k])}</div>` : '');
  const stars = [5, 4, 3, 2, 1]
    .map((n) => `<input type="radio" name="rating" id="r${n}" value="${n}"${v.rating === String(n) ? ' checked' : ''}><label for="r${n}" title="${n} stars" aria-label="${n} stars">★</label>`)
    .join('');
  return page(
    `Review ${m.productTitle}`,
    `<form method="post" enctype="multipart/form-data" novalidate>
<div class="product">${m.productImage ? `<img src="${esc(m.productImage)}" alt="" width="64" height="64">` : ''}<h1>How do you like ${esc(m.productTitle)}?</h1></div>
<fieldset style="border:0;padding:0;margin:0"><legend style="font-weight:600">Your rating</legend><div class="stars">${stars}</div>${err('rating')}</fieldset>
<label for="title">Title</label><input type="text" id="title" name="title" maxlength="255" value="${esc(v.title)}">
<label for="content">Your review</label><textarea id="content" name="content" maxlength="5000" aria-describedby="content-error">${esc(v.content)}</textarea>${err('content')}
<label for="firstName">First name</label><input type="text" id="firstName" name="firstName" maxlength="255" value="${esc(m.firstName)}">
<label for="lastName">Last name</label><input type="text" id="lastName" name="lastName" maxlength="255" value="${esc(m.lastName)}">
<label for="photos">Photos (up to 5, .gif, .jpg or .png, 5 MB each)</label><input type="file" id="photos" name="photos" accept="image/gif,image/jpeg,image/png" multiple>${err('photos')}
<div class="hp" aria-hidden="true"><label for="website">Website</label><input type="text" id="website" name="website" tabindex="-1" autocomplete="off"></div>
<button type="submit">Submit review</button>
<p style="font-size:12px;color:#6d7175">Your review is shared on ${esc(m.shopName)}'s store with your first name and last initial.</p>
</form>`,
  );
}
