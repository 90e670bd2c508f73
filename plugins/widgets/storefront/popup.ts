// The review popup: first shown data-pl-delay ms after the page started loading, shown for
// data-pl-show ms, then hidden for data-pl-hide ms before the next review, cycling. It stays up
// while the pointer or focus is on it; the close button ends it for the browser session.
import { $, $$, onWidgets } from './common';

const CLOSED = 'plaudit-popup-closed';

function init(root: HTMLElement) {
  const popup = $(root, '.pl-popup');
  if (!popup) return;
  popup.classList.remove('pl-popup-anim'); // the script-less CSS version
  const items = $$(popup, '.pl-popup-item');
  let closed = false;
  try {
    closed = sessionStorage.getItem(CLOSED) === '1';
  } catch {
    /* storage blocked: the popup simply shows */
  }
  if (closed || !items.length) return;
  const ms = (name: string, fallback: number) => {
    const n = Number(popup.getAttribute(`data-pl-${name}`));
    return Number.isFinite(n) && n >= 0 ? n : fallback;
  };
  const delay = ms('delay', 0);
  const shown = ms('show', 5000);
  const hidden = ms('hide', 10000);
  let index = 0;
  let timer = 0;
  let held = false;
  let hideDue = false;

  const show = () => {
    items.forEach((el, i) => (el.hidden = i !== index));
    popup.setAttribute('data-pl-open', '');
    timer = window.setTimeout(hide, shown);
  };
  function hide() {
    if (held) {
      hideDue = true;
      return;
    }
    hideDue = false;
    popup!.removeAttribute('data-pl-open');
    index = (index + 1) % items.length;
    timer = window.setTimeout(show, hidden);
  }
  const hold = (on: boolean) => {
    held = on;
    if (!on && hideDue) hide();
  };
  popup.addEventListener('mouseenter', () => hold(true));
  popup.addEventListener('mouseleave', () => hold(popup.contains(document.activeElement)));
  popup.addEventListener('focusin', () => hold(true));
  popup.addEventListener('focusout', (e) => hold(popup.contains(e.relatedTarget as Node)));
  $(popup, '.pl-close')?.addEventListener('click', () => {
    clearTimeout(timer);
    held = false;
    popup.removeAttribute('data-pl-open');
    try {
      sessionStorage.setItem(CLOSED, '1');
    } catch {
      /* not remembered: it comes back on the next page */
    }
  });
  // The delay counts from navigation start, as the CSS version's does.
  timer = window.setTimeout(show, Math.max(0, delay - performance.now()));
}

onWidgets(['popup'], init);
