// Five stars filled to a fraction, drawn with text glyphs (no images, no layout shift: the box is
// always five glyphs wide) and announced as "4.5 out of 5 stars" in the storefront's language. The
// fill grows from the inline start, so it runs right to left on a right-to-left page.
import type { WidgetText } from '../widget-text';
import { starsLabel } from './format';

export function Stars({ value, text, className }: { value: number; text: WidgetText; className?: string }) {
  const pct = Math.round((Math.min(5, Math.max(0, value)) / 5) * 1000) / 10;
  return (
    <span className={className ? `pl-stars ${className}` : 'pl-stars'} role="img" aria-label={starsLabel(value, text)}>
      <span className="pl-stars-fill" style={{ width: `${pct}%` }} />
    </span>
  );
}
