// Five stars filled to a fraction, drawn with text glyphs (no images, no layout shift: the box is
// always five glyphs wide) and announced as "4.5 out of 5 stars".
import { starsLabel } from './format';

export function Stars({ value, className }: { value: number; className?: string }) {
  const pct = Math.round((Math.min(5, Math.max(0, value)) / 5) * 1000) / 10;
  return (
    <span className={className ? `pl-stars ${className}` : 'pl-stars'} role="img" aria-label={starsLabel(value)}>
      <span className="pl-stars-fill" style={{ width: `${pct}%` }} />
    </span>
  );
}
