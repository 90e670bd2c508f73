// "See translation" under a review written in another language than the page's: one request for the
// reviews asked (a click, or with data-pl-auto every review of the page on load and after "load
// more"), the words swapped in place, "See original" swapping them back without a request. A
// provider that cannot help (outage, missing pair) leaves the original with "Translation unavailable".
import { $, $$, endpointOf, text, withLocale } from './common';

interface Answer {
  id: number;
  status: string;
  title?: string | null;
  content?: string;
}
/** a review's title (null: none) and text */
type Words = [string | null, string];
interface Kept {
  original: Words;
  translated?: Words;
  shown?: boolean;
}

const kept = new WeakMap<HTMLElement, Kept>();
const busy = new WeakSet<HTMLElement>();

function languageName(lang: string, code: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'language' }).of(code) || code;
  } catch {
    return code;
  }
}

/** Puts these words into the review, in the page's language (translated) or the review's own. */
function show(root: HTMLElement, review: HTMLElement, words: Words, translated: boolean) {
  const toggle = $(review, '.pl-tr-toggle')!;
  const from = toggle.dataset.plFrom || '';
  const lang = translated ? root.lang : from;
  const parts: [HTMLElement | null, string | null][] = [
    [$(review, '.pl-review-title'), words[0]],
    [$(review, '.pl-review-body'), words[1]],
  ];
  for (const [el, value] of parts) {
    if (el && value !== null) (el.textContent = value), (el.lang = lang);
  }
  toggle.textContent = text(root, translated ? 'review.see_original' : 'review.see_translation');
  $(review, '.pl-tr-note')!.textContent = translated
    ? text(root, 'review.translated_from').replace(/\{\{\s*language\s*\}\}/g, languageName(root.lang, from))
    : '';
  kept.get(review)!.shown = translated;
}

/** The translations of these reviews in one request, each shown as it answered. */
async function translate(root: HTMLElement, reviews: HTMLElement[]) {
  reviews.forEach((r) => busy.add(r));
  let items: Answer[] = [];
  try {
    const q = withLocale(root, new URLSearchParams({ ids: reviews.map((r) => r.dataset.plId).join(',') }));
    const res = await fetch(`${endpointOf(root)}/api/review-translations?${q}`, { credentials: 'same-origin' });
    if (res.ok) items = (await res.json()).items || [];
  } catch {
    /* offline or refused: the originals stay, with the note */
  }
  for (const review of reviews) {
    busy.delete(review);
    const answer = items.find((i) => String(i.id) === review.dataset.plId);
    const k = kept.get(review)!;
    if (answer?.status === 'translated') show(root, review, (k.translated = [answer.title ?? null, answer.content || '']), true);
    else if (answer?.status === 'original') $(review, '.pl-tr')!.hidden = true;
    else $(review, '.pl-tr-note')!.textContent = text(root, 'review.translation_unavailable');
  }
}

/** Reviews not yet asked for, remembered with their original words. */
function fresh(reviews: HTMLElement[]): HTMLElement[] {
  const todo = reviews.filter((r) => $(r, '.pl-tr-toggle') && !kept.get(r)?.translated && !busy.has(r));
  for (const r of todo)
    if (!kept.has(r)) kept.set(r, { original: [$(r, '.pl-review-title')?.textContent ?? null, $(r, '.pl-review-body')!.textContent || ''] });
  return todo;
}

/** Wires a widget's reviews; the answer translates the reviews newly in `within` when the shop translates on load. */
export function translations(root: HTMLElement): (within: ParentNode) => void {
  root.addEventListener('click', (e) => {
    const review = (e.target as HTMLElement).closest('.pl-tr-toggle')?.closest<HTMLElement>('.pl-review');
    if (!review || busy.has(review)) return;
    const k = kept.get(review);
    if (k?.translated) show(root, review, k.shown ? k.original : k.translated, !k.shown);
    else void translate(root, fresh([review]));
  });
  const auto = (within: ParentNode) => {
    const todo = root.dataset.plAuto ? fresh($$(within, '.pl-review')) : [];
    if (todo.length) void translate(root, todo);
  };
  auto(root);
  return auto;
}
