// The invited buyer's answer page (the signed link in the community invitation): the question and a
// small form, server-rendered in the buyer's language, script-free. Everything written by people
// (the question, the product's title, the buyer's own words on a retry) is escaped.
import { customerPage, esc } from '@plaudit/kernel';
import type { TFunction } from 'i18next';
import { MAX_ANSWER, MAX_NAME } from '../shared/question';

const STYLE = `label{display:grid;gap:4px;margin:0 0 12px;font-weight:600}input,textarea{font:inherit;padding:8px 10px;border:1px solid #8c9196;border-radius:6px;font-weight:400}
.q{white-space:pre-wrap;overflow-wrap:anywhere;background:#f6f6f7;border-radius:8px;padding:12px;margin:0 0 16px}.meta{color:#6d7175;margin:0 0 8px}
.err{color:#b3261e;font-weight:400;font-size:.9em}.hp{position:absolute;left:-10000px;height:1px;overflow:hidden}.hint{color:#6d7175;font-size:.9em;margin:0 0 12px}
button{font:inherit;padding:10px 18px;border-radius:8px;border:0;background:#202223;color:#fff;cursor:pointer}`;

export interface AnswerPageView {
  lang: string;
  t: TFunction;
  shopName: string;
  productTitle: string;
  question: string;
  askerName: string;
  values: { name?: string; answer?: string };
  errors?: Record<string, string>;
}

const error = (v: AnswerPageView, field: string) => (v.errors?.[field] ? `<span class="err" id="${field}-error">${esc(v.errors[field])}</span>` : '');
const described = (v: AnswerPageView, field: string) => (v.errors?.[field] ? ` aria-invalid="true" aria-describedby="${field}-error"` : '');

export function answerPage(v: AnswerPageView): string {
  const title = v.t('answer_page.title', { product: v.productTitle });
  const bodyHtml = `<form method="post"><h1>${esc(title)}</h1>
<p class="meta">${esc(v.t('answer_page.asked', { name: v.askerName, shop: v.shopName }))}</p><p class="q" dir="auto">${esc(v.question)}</p>
<label>${esc(v.t('answer_page.answer'))}<textarea name="answer" rows="6" required maxlength="${MAX_ANSWER}" dir="auto"${described(v, 'answer')}>${esc(v.values.answer ?? '')}</textarea>${error(v, 'answer')}</label>
<label>${esc(v.t('answer_page.name'))}<input name="name" required maxlength="${MAX_NAME}" autocomplete="name" value="${esc(v.values.name ?? '')}"${described(v, 'name')}>${error(v, 'name')}</label>
<p class="hint">${esc(v.t('answer_page.hint'))}</p>
<label class="hp" aria-hidden="true">Website<input name="website" tabindex="-1" autocomplete="off"></label>
<button type="submit">${esc(v.t('answer_page.submit'))}</button></form>`;
  return customerPage({ title, lang: v.lang, bodyHtml, style: STYLE });
}
