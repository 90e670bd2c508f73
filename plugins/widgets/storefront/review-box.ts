// The review box and the all-reviews page: "load more" (the next page as an HTML fragment), the star
// filter (the summary's bars), the custom questions' answer filter (one answer at a time), the topic
// links of "What customers say" (loaded in place; without script they are plain links), sort, a
// photo lightbox (a modal <dialog>: arrows, Escape, focus back to the photo it opened from), and
// reviews' translations (translate.ts). Without this script the first page still shows in full.
import { $, $$, endpointOf, onWidgets, text, withLocale } from './common';
import { translations } from './translate';

function init(root: HTMLElement) {
  const name = root.dataset.plWidget!;
  const stars = new Set((root.dataset.plStars || '').split(',').filter(Boolean));
  let answer = $(root, '.pl-answer-row[aria-pressed=true]')?.dataset.plAnswer || '';
  let topic = $(root, '.pl-topic[aria-current]')?.dataset.plTopic || '';
  const list = () => $<HTMLOListElement>(root, '.pl-list')!;
  const more = $<HTMLButtonElement>(root, '.pl-more');
  const clear = $<HTMLButtonElement>(root, '.pl-clear');
  const sort = $<HTMLSelectElement>(root, '.pl-sort-select');
  const status = $(root, '.pl-sr[role=status]');
  const nomatch = $(root, '.pl-nomatch');
  let busy = false;
  const translateNew = translations(root);

  async function load(append: boolean) {
    if (busy || !list()) return;
    busy = true;
    root.setAttribute('aria-busy', 'true');
    const q = withLocale(root, new URLSearchParams({ fragment: 'list' }));
    if (root.dataset.plProduct) q.set('product_id', root.dataset.plProduct);
    if (sort) q.set('sort', sort.value);
    if (stars.size) q.set('stars', [...stars].join(','));
    if (answer) q.set('answer', answer);
    if (topic) q.set('topic', topic);
    if (append && list().dataset.plNext) q.set('after', list().dataset.plNext!);
    try {
      const res = await fetch(`${endpointOf(root)}/widgets/${name}?${q}`, { credentials: 'same-origin' });
      if (!res.ok) throw new Error(String(res.status));
      const tpl = document.createElement('template');
      tpl.innerHTML = await res.text();
      const next = tpl.content.querySelector<HTMLOListElement>('.pl-list');
      if (!next) throw new Error('no list');
      const items = Array.from(next.children);
      if (!append) list().replaceChildren();
      list().append(...items);
      translateNew(list());
      list().dataset.plNext = next.dataset.plNext || '';
      if (more) more.hidden = !next.dataset.plNext;
      if (nomatch) nomatch.hidden = list().children.length > 0;
      const shown = list().children.length;
      if (status) status.textContent = shown ? text(root, 'box.showing', shown) : text(root, 'box.no_match');
      // Keyboard and screen-reader users continue at the first review that arrived.
      const first = items[0]?.querySelector<HTMLElement>('.pl-review');
      if (append && first) {
        first.tabIndex = -1;
        first.focus();
      }
    } catch {
      if (status) status.textContent = text(root, 'box.load_failed');
    } finally {
      busy = false;
      root.removeAttribute('aria-busy');
    }
  }

  const syncFilter = () => {
    $$(root, '.pl-bar-row[data-pl-stars]').forEach((b) => b.setAttribute('aria-pressed', String(stars.has(b.dataset.plStars!))));
    $$(root, '.pl-answer-row').forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.plAnswer === answer)));
    $$(root, '.pl-topic').forEach((a) => (a.dataset.plTopic === topic ? a.setAttribute('aria-current', 'true') : a.removeAttribute('aria-current')));
    if (clear) clear.hidden = !stars.size && !answer && !topic;
  };

  root.addEventListener('click', (e) => {
    const t = e.target as HTMLElement;
    const bar = t.closest<HTMLElement>('.pl-bar-row[data-pl-stars]');
    if (bar && root.contains(bar)) {
      const s = bar.dataset.plStars!;
      if (stars.has(s)) stars.delete(s);
      else stars.add(s);
      syncFilter();
      void load(false);
      return;
    }
    const row = t.closest<HTMLElement>('.pl-answer-row');
    if (row && root.contains(row)) {
      answer = answer === row.dataset.plAnswer ? '' : row.dataset.plAnswer!;
      syncFilter();
      void load(false);
      return;
    }
    const pill = t.closest<HTMLElement>('.pl-topic');
    if (pill && root.contains(pill) && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      topic = topic === pill.dataset.plTopic ? '' : pill.dataset.plTopic!;
      syncFilter();
      void load(false);
      return;
    }
    if (t.closest('.pl-clear')) {
      stars.clear();
      answer = '';
      topic = '';
      syncFilter();
      void load(false);
      return;
    }
    if (t.closest('.pl-more')) {
      void load(true);
      return;
    }
    const thumb = t.closest<HTMLAnchorElement>('.pl-thumb');
    if (thumb && typeof HTMLDialogElement === 'function') {
      e.preventDefault();
      lightbox(root, thumb);
    }
  });
  sort?.addEventListener('change', () => void load(false));
}

/** The photos of one review in a modal dialog; focus returns to the photo it opened from. */
function lightbox(root: HTMLElement, opener: HTMLAnchorElement) {
  const thumbs = $$<HTMLAnchorElement>(opener.closest('.pl-media')!, '.pl-thumb');
  let i = thumbs.indexOf(opener);
  const dialog = document.createElement('dialog');
  dialog.className = 'pl-lightbox';
  dialog.setAttribute('aria-label', text(root, 'lightbox.label'));
  dialog.innerHTML =
    '<img alt=""><div class="pl-lb-nav"><button type="button" class="pl-lb-prev">‹</button><span aria-live="polite"></span><button type="button" class="pl-lb-next">›</button></div><button type="button" class="pl-close">×</button>';
  for (const [sel, key] of [
    ['.pl-lb-prev', 'previous'],
    ['.pl-lb-next', 'next'],
    ['.pl-close', 'close'],
  ])
    $(dialog, sel)!.setAttribute('aria-label', text(root, `lightbox.${key}`));
  const img = $<HTMLImageElement>(dialog, 'img')!;
  const counter = $(dialog, 'span')!;
  const show = (n: number) => {
    i = (n + thumbs.length) % thumbs.length;
    img.src = thumbs[i].dataset.plFull || thumbs[i].href;
    img.alt = thumbs[i].getAttribute('aria-label') || '';
    counter.textContent = `${i + 1} / ${thumbs.length}`;
  };
  const nav = $(dialog, '.pl-lb-nav')!;
  if (thumbs.length < 2) nav.hidden = true;
  dialog.addEventListener('click', (e) => {
    const t = e.target as HTMLElement;
    if (t === dialog || t.closest('.pl-close')) dialog.close();
    else if (t.closest('.pl-lb-prev')) show(i - 1);
    else if (t.closest('.pl-lb-next')) show(i + 1);
  });
  // The arrow keys follow the page: on a right-to-left page the left arrow goes on.
  const forward = getComputedStyle(root).direction === 'rtl' ? -1 : 1;
  dialog.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowLeft') show(i - forward);
    if (e.key === 'ArrowRight') show(i + forward);
  });
  dialog.addEventListener('close', () => {
    dialog.remove();
    opener.focus();
  });
  root.append(dialog);
  show(i);
  dialog.showModal();
  $<HTMLButtonElement>(dialog, '.pl-close')!.focus();
}

onWidgets(['review-box', 'all-reviews'], init);
