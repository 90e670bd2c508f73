// The sidebar: a <details> that already opens and closes without script. This adds Escape, the
// close button and a click outside to close it, and moves focus into the panel on open and back
// to the tab on close.
import { $, onWidgets } from './common';

function init(root: HTMLElement) {
  const details = $<HTMLDetailsElement>(root, '.pl-sidebar');
  if (!details) return;
  const tab = $(details, 'summary')!;
  const heading = $(details, '.pl-side-panel .pl-title');
  const close = () => {
    if (!details.open) return;
    const inside = details.contains(document.activeElement);
    details.open = false;
    if (inside) tab.focus();
  };
  details.addEventListener('toggle', () => {
    if (details.open) heading?.focus();
  });
  details.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') close();
  });
  $(details, '.pl-close')?.addEventListener('click', close);
  document.addEventListener('click', (e) => {
    if (details.open && !details.contains(e.target as Node)) close();
  });
}

onWidgets(['sidebar'], init);
