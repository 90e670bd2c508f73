// The "your reviews" page (issue 33): server-rendered, no script, in the reviewer's language. One
// card per review with its own edit form and delete form; every value escaped.
import { customerPage, esc } from '@plaudit/kernel';
import type { Review } from '../../db/review.model';
import { FORM_STYLE, type PageLanguage } from '../collect/write-page';

const STYLE = `${FORM_STYLE}
.card{border:1px solid #dcdcdc;border-radius:12px;padding:16px;margin:16px 0}section form{padding:0;border-radius:0}details summary{cursor:pointer;color:#b42318;font-weight:600;margin-top:14px}.card h2{font-size:18px;margin:0 0 4px}
.state{font-size:13px;color:#4a4a4a;margin:0 0 8px}.done{background:#e8f5e9;border-radius:8px;padding:10px;margin:12px 0}
.photos{display:flex;flex-wrap:wrap;gap:8px}.photos label{font-weight:400;margin:0;font-size:13px}.photos img{width:72px;height:72px;object-fit:cover;border-radius:8px;display:block}
.danger{background:#fff;color:#b42318;border:1px solid #b42318;margin-top:10px}.links a{color:#005bd3}`;

export interface MinePageModel {
  shopName: string;
  email: string;
  /** the page's own path, /r/mine/<token> */
  base: string;
  reviews: Review[];
  /** a message after a saved change (locale key under reviews:public.mine) */
  done?: string;
  /** the review whose form answered with errors, and them */
  failed?: { id: number; errors: Record<string, string>; values: Record<string, string | undefined> };
}

function stars(l: PageLanguage, id: number, value: string | undefined) {
  return [5, 4, 3, 2, 1]
    .map((n) => {
      const label = esc(l.t('reviews:public.write.stars', { count: n }));
      return `<input type="radio" name="rating" id="r${id}-${n}" value="${n}"${value === String(n) ? ' checked' : ''}><label for="r${id}-${n}" title="${label}" aria-label="${label}">★</label>`;
    })
    .join('');
}

function card(l: PageLanguage, m: MinePageModel, r: Review) {
  const { t } = l;
  const failed = m.failed?.id === r.id ? m.failed : undefined;
  const e = failed?.errors ?? {};
  const v = failed?.values ?? { rating: String(r.rating), title: r.title ?? '', content: r.content };
  const err = (k: string) => (e[k] ? `<div class="err" id="${k}-${r.id}-error">${esc(e[k])}</div>` : '');
  const product = r.kind === 'store' ? m.shopName : (r.productTitle ?? m.shopName);
  const state = t(`reviews:public.mine.status_${['published', 'pending'].includes(r.status) ? r.status : 'unpublished'}`);
  const photos = (r.media ?? [])
    .map(
      (p, i) =>
        `<label>${p.type === 'image' ? `<img src="${esc(p.url)}" alt="">` : `<span>▶</span>`}<input type="checkbox" name="remove${i}" value="1"> ${esc(t('reviews:public.mine.remove_photo'))}</label>`,
    )
    .join('');
  return `<section class="card" id="review-${r.id}" aria-labelledby="h-${r.id}">
<h2 id="h-${r.id}">${esc(product)}</h2><p class="state">${esc(state)}</p>
<form method="post" action="${esc(`${m.base}/reviews/${r.id}`)}" enctype="multipart/form-data" novalidate>
<fieldset style="border:0;padding:0;margin:0"><legend style="font-weight:600">${esc(t('reviews:public.write.rating'))}</legend><div class="stars">${stars(l, r.id, v.rating)}</div>${err('rating')}</fieldset>
<label for="title-${r.id}">${esc(t('reviews:public.write.review_title'))}</label><input type="text" id="title-${r.id}" name="title" maxlength="255" value="${esc(v.title)}">${err('title')}
<label for="content-${r.id}">${esc(t('reviews:public.write.content'))}</label><textarea id="content-${r.id}" name="content" maxlength="5000">${esc(v.content)}</textarea>${err('content')}
${photos ? `<p style="font-weight:600;margin:14px 0 6px">${esc(t('reviews:public.mine.photos'))}</p><div class="photos">${photos}</div>` : ''}
<label for="photos-${r.id}">${esc(t('reviews:public.photos_label', { count: 5 }))}</label><input type="file" id="photos-${r.id}" name="photos" accept="image/gif,image/jpeg,image/png" multiple>${err('photos')}
<button type="submit">${esc(t('reviews:public.mine.save'))}</button>
</form>
<details><summary>${esc(t('reviews:public.mine.delete'))}</summary><p>${esc(t('reviews:public.mine.delete_note'))}</p>
<form method="post" action="${esc(`${m.base}/reviews/${r.id}/delete`)}"><button type="submit" class="danger">${esc(t('reviews:public.mine.delete_confirm'))}</button></form></details>
</section>`;
}

export function minePage(l: PageLanguage, m: MinePageModel): string {
  const { t } = l;
  const done = m.done ? `<p class="done" role="status">${esc(t(`reviews:public.mine.${m.done}`))}</p>` : '';
  const list = m.reviews.length ? m.reviews.map((r) => card(l, m, r)).join('') : `<p>${esc(t('reviews:public.mine.empty'))}</p>`;
  return customerPage({
    lang: l.lang,
    style: STYLE,
    title: t('reviews:public.mine.title'),
    bodyHtml: `<h1>${esc(t('reviews:public.mine.heading', { shop: m.shopName }))}</h1>
<p class="hint">${esc(t('reviews:public.mine.intro', { email: m.email }))}</p>${done}
<p class="links"><a href="${esc(`${m.base}/data`)}" download>${esc(t('reviews:public.mine.download'))}</a></p>${list}`,
  });
}

/** An expired (but genuine) link: one button mails a fresh one to the address it was signed for. */
export function expiredPage(l: PageLanguage, base: string, days: number): string {
  const { t } = l;
  return customerPage({
    lang: l.lang,
    style: STYLE,
    title: t('reviews:public.expired_title'),
    bodyHtml: `<section><h1>${esc(t('reviews:public.expired_title'))}</h1><p>${esc(t('reviews:public.mine.expired_text', { days }))}</p>
<form method="post" action="${esc(`${base}/renew`)}"><button type="submit">${esc(t('reviews:public.mine.renew'))}</button></form></section>`,
  });
}
