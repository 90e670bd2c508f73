// The product review page a QR card leads to: server-rendered, script-free, phone-first, in the
// shopper's language. Every value is escaped.
import { customerPage, esc, type Translate } from '@plaudit/kernel';

export interface ReviewPageModel {
  lang: string;
  t: Translate;
  shopName: string;
  product: { title: string; image: string | null };
  stars: { count: number; average: number };
  values?: Record<string, string>;
  errors?: Record<string, string>;
  /** the product's custom questions' fields (ReviewQuestions), already rendered and escaped */
  questionSection?: string;
}

const STYLE = `.product{display:flex;gap:14px;align-items:center;margin-bottom:6px}.product img{width:88px;height:88px;object-fit:cover;border-radius:10px;flex:none}
.so-far{color:#6d7175;margin:0}.so-far b{color:#b98900}
label{display:block;font-weight:600;margin:14px 0 6px}input[type=text],input[type=email],textarea{width:100%;box-sizing:border-box;padding:12px;border:1px solid #8a8a8a;border-radius:8px;font:inherit;font-size:16px}
textarea{min-height:110px}.stars{display:flex;flex-direction:row-reverse;justify-content:flex-end;gap:6px}
.stars input{position:absolute;opacity:0}.stars label{font-size:40px;line-height:1;color:#c9cccf;cursor:pointer;margin:0}
.stars input:checked~label,.stars label:hover,.stars label:hover~label{color:#f4b400}.stars input:focus-visible+label{outline:2px solid #005bd3}
.err{color:#b42318;font-size:14px;margin-top:4px}button{margin-top:18px;width:100%;padding:14px;border:0;border-radius:8px;background:#303030;color:#fff;font-size:17px;font-weight:600}
.row{display:flex;gap:10px}.row>div{flex:1}.hp{position:absolute;left:-10000px}.note{font-size:12px;color:#6d7175}`;

export function reviewPage(m: ReviewPageModel): string {
  const { t } = m;
  const e = m.errors ?? {};
  const v = m.values ?? {};
  const err = (k: string) => (e[k] ? `<div class="err" id="${k}-error" role="alert">${esc(e[k])}</div>` : '');
  const input = (name: string, type: string, max: number, autocomplete: string, label = name) =>
    `<label for="${name}">${esc(t(`qr-codes:page.${label}`))}</label><input type="${type}" id="${name}" name="${name}" maxlength="${max}" autocomplete="${autocomplete}" value="${esc(v[name])}" aria-describedby="${name}-error">${err(name)}`;
  const stars = [5, 4, 3, 2, 1]
    .map((n) => {
      const label = esc(t('qr-codes:page.stars', { count: n }));
      return `<input type="radio" name="rating" id="r${n}" value="${n}"${v.rating === String(n) ? ' checked' : ''}><label for="r${n}" title="${label}" aria-label="${label}">★</label>`;
    })
    .join('');
  const soFar = m.stars.count
    ? `<p class="so-far"><b>★ ${esc(m.stars.average.toFixed(1))}</b> · ${esc(t('qr-codes:page.review_count', { count: m.stars.count }))}</p>`
    : `<p class="so-far">${esc(t('qr-codes:page.first_review'))}</p>`;
  return customerPage({
    lang: m.lang,
    title: t('qr-codes:page.title', { product: m.product.title }),
    style: STYLE,
    bodyHtml: `<form method="post" enctype="multipart/form-data" novalidate>
<div class="product">${m.product.image ? `<img src="${esc(m.product.image)}" alt="" width="88" height="88">` : ''}<div><h1>${esc(m.product.title)}</h1>${soFar}</div></div>
<fieldset style="border:0;padding:0;margin:12px 0 0"><legend style="font-weight:600">${esc(t('qr-codes:page.rating'))}</legend><div class="stars">${stars}</div>${err('rating')}</fieldset>
${input('title', 'text', 255, 'off', 'review_title')}
<label for="content">${esc(t('qr-codes:page.content'))}</label><textarea id="content" name="content" maxlength="5000" aria-describedby="content-error">${esc(v.content)}</textarea>${err('content')}
${m.questionSection ?? ''}
<div class="row"><div>${input('firstName', 'text', 255, 'given-name')}</div><div>${input('lastName', 'text', 255, 'family-name')}</div></div>
${input('email', 'email', 320, 'email')}
<label for="photos">${esc(t('qr-codes:page.photos', { count: 5 }))}</label><input type="file" id="photos" name="photos" accept="image/gif,image/jpeg,image/png" multiple aria-describedby="photos-error">${err('photos')}
<div class="hp" aria-hidden="true"><label for="website">Website</label><input type="text" id="website" name="website" tabindex="-1" autocomplete="off"></div>
<button type="submit">${esc(t('qr-codes:page.submit'))}</button>
<p class="note">${esc(t('qr-codes:page.note', { shop: m.shopName }))}</p>
</form>`,
  });
}
