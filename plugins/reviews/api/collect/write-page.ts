// The review page a customer reaches from a request email: server-rendered, no script, fast on a
// phone, in the customer's language. Every value is escaped.
import { customerPage, esc, messagePage, type Translate } from '@plaudit/kernel';

/** The language a customer page is rendered in, and its strings. */
export interface PageLanguage {
  lang: string;
  t: Translate;
}

export interface WritePageModel {
  shopName: string;
  productTitle: string;
  productImage: string | null;
  firstName: string;
  lastName: string;
  values?: { rating?: string; title?: string; content?: string };
  errors?: Record<string, string>;
  /** the video field (plugins/video-reviews), when the shop's plan has video reviews */
  videoSection?: string;
  /** the custom questions' fields (plugins/review-questions), when the product has some */
  questionSection?: string;
  /** the customer's "your reviews" link (issue 33), when the order has their email */
  mineLink?: string;
}

export const FORM_STYLE = `label{display:block;font-weight:600;margin:14px 0 6px}
input[type=text],textarea{width:100%;box-sizing:border-box;padding:10px;border:1px solid #8a8a8a;border-radius:8px;font:inherit}
textarea{min-height:120px}.stars{display:flex;flex-direction:row-reverse;justify-content:flex-end;gap:4px}
.stars input{position:absolute;opacity:0}.stars label{font-size:34px;color:#c9cccf;cursor:pointer;margin:0}
.stars input:checked~label,.stars label:hover,.stars label:hover~label{color:#f4b400}.stars input:focus-visible+label{outline:2px solid #005bd3}
.err{color:#b42318;font-size:14px;margin-top:4px}button{margin-top:18px;width:100%;padding:12px;border:0;border-radius:8px;background:#303030;color:#fff;font-size:16px;font-weight:600}
.product{display:flex;gap:12px;align-items:center;margin-bottom:8px}.product img{width:64px;height:64px;object-fit:cover;border-radius:8px}
.hp{position:absolute;left:-10000px}.hint{font-size:13px;color:#6d7175;margin:4px 0}progress{width:100%}`;

/** A page of this plugin's form style. */
export function page({ lang }: PageLanguage, title: string, bodyHtml: string): string {
  return customerPage({ title, bodyHtml, lang, style: FORM_STYLE });
}

/** A page that only says something, by its locale keys (reviews:public.*). */
export function sayPage({ lang, t }: PageLanguage, titleKey: string, textKey: string, vars: Record<string, unknown> = {}): string {
  return messagePage(t(`reviews:public.${titleKey}`), t(`reviews:public.${textKey}`, vars), lang);
}

/** sayPage with one more line of HTML under the text (the "your reviews" link). */
export function sayPageWith({ lang, t }: PageLanguage, titleKey: string, textKey: string, moreHtml: string): string {
  const title = t(`reviews:public.${titleKey}`);
  return customerPage({ title, lang, bodyHtml: `<section><h1>${esc(title)}</h1><p>${esc(t(`reviews:public.${textKey}`))}</p>${moreHtml}</section>` });
}

export function writePage(l: PageLanguage, m: WritePageModel): string {
  const { t } = l;
  const e = m.errors ?? {};
  const v = m.values ?? {};
  const err = (k: string) => (e[k] ? `<div class="err" id="${k}-error">${esc(e[k])}</div>` : '');
  const stars = [5, 4, 3, 2, 1]
    .map((n) => {
      const label = esc(t('reviews:public.write.stars', { count: n }));
      return `<input type="radio" name="rating" id="r${n}" value="${n}"${v.rating === String(n) ? ' checked' : ''}><label for="r${n}" title="${label}" aria-label="${label}">★</label>`;
    })
    .join('');
  return page(
    l,
    t('reviews:public.write.title', { product: m.productTitle }),
    `<form method="post" enctype="multipart/form-data" novalidate>
<div class="product">${m.productImage ? `<img src="${esc(m.productImage)}" alt="" width="64" height="64">` : ''}<h1>${esc(t('reviews:public.write.heading', { product: m.productTitle }))}</h1></div>
<fieldset style="border:0;padding:0;margin:0"><legend style="font-weight:600">${esc(t('reviews:public.write.rating'))}</legend><div class="stars">${stars}</div>${err('rating')}</fieldset>
<label for="title">${esc(t('reviews:public.write.review_title'))}</label><input type="text" id="title" name="title" maxlength="255" value="${esc(v.title)}" aria-describedby="title-error">${err('title')}
<label for="content">${esc(t('reviews:public.write.content'))}</label><textarea id="content" name="content" maxlength="5000" aria-describedby="content-error">${esc(v.content)}</textarea>${err('content')}
${m.questionSection ?? ''}
<label for="firstName">${esc(t('reviews:public.write.first_name'))}</label><input type="text" id="firstName" name="firstName" maxlength="255" value="${esc(m.firstName)}" aria-describedby="firstName-error">${err('firstName')}
<label for="lastName">${esc(t('reviews:public.write.last_name'))}</label><input type="text" id="lastName" name="lastName" maxlength="255" value="${esc(m.lastName)}" aria-describedby="lastName-error">${err('lastName')}
<label for="photos">${esc(t('reviews:public.photos_label', { count: 5 }))}</label><input type="file" id="photos" name="photos" accept="image/gif,image/jpeg,image/png" multiple>${err('photos')}
${m.videoSection ?? ''}${err('video')}
<div class="hp" aria-hidden="true"><label for="website">Website</label><input type="text" id="website" name="website" tabindex="-1" autocomplete="off"></div>
<button type="submit">${esc(t('reviews:public.write.submit'))}</button>
<p style="font-size:12px;color:#6d7175">${esc(t('reviews:public.write.shared_note', { shop: m.shopName }))}</p>
</form>${m.mineLink ?? ''}`,
  );
}
