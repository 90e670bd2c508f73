// The storefront Q&A block, rendered on the server in the shopper's language: the product's
// published questions with their published answers, search, helpful votes, "more" and the ask form.
// Everything shoppers and merchants wrote is escaped; the form works without script (a plain POST),
// and the plugin's small script (storefront/questions.ts) makes it in-place.
import { esc } from '@plaudit/kernel';
import type { TFunction } from 'i18next';
import type { AnswerRow, QuestionRow } from '../db/models';
import { MAX_NAME, MAX_QUESTION } from '../shared/question';

export interface BlockView {
  lang: string;
  t: TFunction;
  /** the app proxy as the storefront reaches it ('/apps/plaudit') */
  proxy: string;
  productId: string;
  shopName: string;
  q: string;
  questions: { question: QuestionRow; answers: AnswerRow[] }[];
  nextCursor: string | null;
  /** the script's URL, for a block opened on its own (the theme block loads it itself) */
  scriptSrc?: string;
}

const STYLE = `.plq{font:inherit;color:inherit;max-width:960px;margin:24px auto;padding:0 16px;box-sizing:border-box}
.plq *{box-sizing:border-box}.plq h2{font-size:1.4em;margin:0 0 12px}.plq-search{display:flex;gap:8px;margin:0 0 16px;flex-wrap:wrap}
.plq input,.plq textarea{font:inherit;padding:8px 10px;border:1px solid #8c9196;border-radius:6px;inline-size:100%}
.plq-search input{flex:1 1 200px;inline-size:auto}.plq button,.plq summary{font:inherit;cursor:pointer}
.plq-btn{padding:8px 14px;border-radius:6px;border:1px solid currentColor;background:transparent;color:inherit}
.plq-list{list-style:none;margin:0;padding:0}.plq-q{border-block-end:1px solid #e1e3e5;padding:14px 0}
.plq-text{margin:0 0 4px;white-space:pre-wrap;overflow-wrap:anywhere}.plq-meta{margin:0 0 6px;font-size:.85em;opacity:.75}
.plq-a{margin-block:8px 0;padding-inline-start:14px;border-inline-start:3px solid #c9cccf}.plq-badge{font-size:.75em;border:1px solid currentColor;border-radius:10px;padding:0 6px;margin-inline-start:6px}
.plq-none{font-style:italic;opacity:.75;margin:6px 0}.plq-helpful{font-size:.85em;background:none;border:0;padding:2px 0;text-decoration:underline;color:inherit}
.plq-ask{margin-block-start:16px}.plq-ask summary{display:inline-block;padding:8px 14px;border-radius:6px;border:1px solid currentColor}
.plq-form{display:grid;gap:10px;margin-block-start:12px;max-width:560px}.plq-form label{display:grid;gap:4px}.plq-hint{font-size:.85em;opacity:.75}
.plq-error{color:#b3261e;font-size:.85em}.plq-hp{position:absolute!important;inset-inline-start:-10000px;block-size:1px;overflow:hidden}
.plq-status{min-block-size:1.2em}`;

const dateOf = (lang: string, d: Date | string | undefined) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(new Date(d ?? Date.now()));

function helpful(v: BlockView, target: string, count: number): string {
  const label = count ? v.t('block.helpful_count', { count }) : v.t('block.helpful');
  return `<button type="button" class="plq-helpful" data-helpful="${esc(target)}" data-voted="${esc(v.t('block.voted'))}">${esc(label)}</button>`;
}

function answerHtml(v: BlockView, a: AnswerRow): string {
  const badge = a.author === 'merchant' ? v.t('block.store_owner') : v.t('block.community');
  const name = a.author === 'merchant' ? v.shopName : a.authorName;
  return `<div class="plq-a" data-answer="${esc(a.id)}"><p class="plq-text" dir="auto"><strong>${esc(v.t('block.answer_label'))}:</strong> ${esc(a.body)}</p>
<p class="plq-meta">${esc(v.t('block.answered_by', { name, date: dateOf(v.lang, a.createdAt) }))}<span class="plq-badge">${esc(badge)}</span></p>${helpful(v, `a:${a.id}`, a.helpfulCount)}</div>`;
}

function questionHtml(v: BlockView, { question: q, answers }: BlockView['questions'][number]): string {
  return `<li class="plq-q" data-question="${esc(q.id)}"><p class="plq-text" dir="auto"><strong>${esc(v.t('block.question_label'))}:</strong> ${esc(q.body)}</p>
<p class="plq-meta">${esc(v.t('block.asked_by', { name: q.askerName, date: dateOf(v.lang, q.createdAt) }))}</p>${helpful(v, `q:${q.id}`, q.helpfulCount)}
${answers.length ? answers.map((a) => answerHtml(v, a)).join('') : `<p class="plq-none">${esc(v.t('block.no_answer'))}</p>`}</li>`;
}

const blockUrl = (v: BlockView, extra: Record<string, string>) =>
  `${v.proxy}/questions/block?${new URLSearchParams({ product_id: v.productId, locale: v.lang, ...extra })}`;

/** The list and its "more" link: the whole block's middle, and what "more" appends. */
export function renderList(v: BlockView): string {
  const items = v.questions.map((q) => questionHtml(v, q)).join('');
  const empty = v.questions.length ? '' : `<p class="plq-none" data-empty>${esc(v.t(v.q ? 'block.no_match' : 'block.empty'))}</p>`;
  const more = v.nextCursor
    ? `<a class="plq-btn plq-more" data-more href="${esc(blockUrl(v, { ...(v.q ? { q: v.q } : {}), after: v.nextCursor }))}">${esc(v.t('block.more'))}</a>`
    : '';
  return `<ol class="plq-list">${items}</ol>${empty}${more}`;
}

function field(v: BlockView, name: string, input: string, hint = ''): string {
  return `<label>${esc(v.t(`form.${name}`))}${input}${hint}<span class="plq-error" data-error-for="${name}"></span></label>`;
}

function askForm(v: BlockView): string {
  return `<details class="plq-ask"><summary>${esc(v.t('form.open'))}</summary>
<form class="plq-form" method="post" action="${esc(`${v.proxy}/questions?locale=${encodeURIComponent(v.lang)}`)}" data-ask data-sending="${esc(v.t('form.sending'))}" data-failed="${esc(v.t('form.failed'))}" data-thanks="${esc(v.t('form.thanks'))}">
<input type="hidden" name="productId" value="${esc(v.productId)}">
${field(v, 'name', `<input name="name" required maxlength="${MAX_NAME}" autocomplete="name">`)}
${field(v, 'email', `<input name="email" type="email" required maxlength="320" autocomplete="email">`, `<span class="plq-hint">${esc(v.t('form.email_hint'))}</span>`)}
${field(v, 'question', `<textarea name="question" required minlength="3" maxlength="${MAX_QUESTION}" rows="4"></textarea>`)}
<label class="plq-hp" aria-hidden="true">${esc(v.t('form.website'))}<input name="website" tabindex="-1" autocomplete="off"></label>
<button class="plq-btn" type="submit">${esc(v.t('form.submit'))}</button><p class="plq-status" role="status" aria-live="polite"></p></form></details>`;
}

export function renderBlock(v: BlockView): string {
  const search = `<form class="plq-search" role="search" method="get" action="${esc(`${v.proxy}/questions/block`)}" data-search>
<input type="hidden" name="product_id" value="${esc(v.productId)}"><input type="hidden" name="locale" value="${esc(v.lang)}">
<input type="search" name="q" value="${esc(v.q)}" maxlength="200" aria-label="${esc(v.t('block.search_label'))}" placeholder="${esc(v.t('block.search_placeholder'))}">
<button class="plq-btn" type="submit">${esc(v.t('block.search'))}</button>${v.q ? `<a href="${esc(blockUrl(v, {}))}" data-clear>${esc(v.t('block.clear'))}</a>` : ''}</form>`;
  const script = v.scriptSrc ? `<script src="${esc(v.scriptSrc)}" defer></script>` : '';
  return `<section id="plaudit-questions" class="plq" lang="${esc(v.lang)}" data-pl-questions data-proxy="${esc(v.proxy)}" data-product-id="${esc(v.productId)}" data-locale="${esc(v.lang)}" data-loaded="true">
<style>${STYLE}</style><h2>${esc(v.t('block.title'))}</h2>${search}<div data-list>${renderList(v)}</div>${askForm(v)}</section>${script}`;
}

/** A no-script form post's answer: one sentence and the way back. */
export function resultPage(lang: string, title: string, text: string, back: string): string {
  return `<!doctype html><html lang="${esc(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:560px;margin:40px auto;padding:0 16px"><h1 style="font-size:1.3em">${esc(title)}</h1><p>${esc(text)}</p><p><a href="${esc(back)}">←</a></p></body></html>`;
}
