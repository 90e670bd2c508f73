// Carousel and testimonials: previous/next buttons scroll the track by one card (wrapping at the
// ends); autoplay every data-pl-interval ms when data-pl-autoplay is on, paused while the pointer or
// focus is inside, while the tab is hidden, after the pause button, and never under reduced motion.
// "Next" runs toward the inline end: leftward on a right-to-left page, where scrollLeft counts
// from 0 down to negative values. Reviews in other languages offer their translation (translate.ts).
import { $, onWidgets, reducedMotion, text } from './common';
import { translations } from './translate';

function init(root: HTMLElement) {
  const box = $(root, '.pl-carousel') ?? root;
  const track = $(root, '.pl-track');
  if (!track) return;
  translations(root);
  const pause = $<HTMLButtonElement>(root, '.pl-pause');
  const step = () => {
    const slide = track.children[0] as HTMLElement | undefined;
    return slide ? slide.getBoundingClientRect().width + parseFloat(getComputedStyle(track).columnGap || '0') : track.clientWidth;
  };
  const sign = (): 1 | -1 => (getComputedStyle(track).direction === 'rtl' ? -1 : 1);
  const go = (dir: 1 | -1) => {
    const s = sign();
    const max = track.scrollWidth - track.clientWidth - 2;
    const at = track.scrollLeft * s;
    const behavior: ScrollBehavior = reducedMotion() ? 'auto' : 'smooth';
    if (dir > 0 && at >= max) track.scrollTo({ left: 0, behavior });
    else if (dir < 0 && at <= 2) track.scrollTo({ left: s * track.scrollWidth, behavior });
    else track.scrollBy({ left: s * dir * step(), behavior });
  };
  root.addEventListener('click', (e) => {
    const t = e.target as HTMLElement;
    if (t.closest('.pl-prev')) go(-1);
    else if (t.closest('.pl-next')) go(1);
    else if (t.closest('.pl-pause')) setPaused(!paused);
  });
  track.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowRight') e.preventDefault(), go(sign());
    if (e.key === 'ArrowLeft') e.preventDefault(), go(sign() === 1 ? -1 : 1);
  });

  const interval = Math.max(1000, Number(box.dataset.plInterval) || 5000);
  const autoplay = box.dataset.plAutoplay === 'true' && !reducedMotion();
  let paused = !autoplay;
  let hover = false;
  function setPaused(p: boolean) {
    paused = p;
    if (pause) {
      pause.setAttribute('aria-pressed', String(p));
      pause.setAttribute('aria-label', text(root, p ? 'carousel.play' : 'carousel.pause'));
      pause.textContent = p ? '▶' : '❚❚';
    }
  }
  setPaused(paused);
  if (!autoplay) {
    if (pause) pause.hidden = true;
    return;
  }
  root.addEventListener('mouseenter', () => (hover = true));
  root.addEventListener('mouseleave', () => (hover = false));
  setInterval(() => {
    if (!paused && !hover && !root.contains(document.activeElement) && !document.hidden) go(1);
  }, interval);
}

onWidgets(['carousel', 'testimonials'], init);
