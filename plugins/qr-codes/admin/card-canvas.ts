// Draws the printable card on a canvas: the editor's live preview, the generate dialog's preview, the
// downloaded PNG and the printed page are all this one drawing, so they cannot differ.
import { parsePaint, type CardSettings } from '../shared/card';
import { fontStack } from './fonts';

export interface CardSize {
  /** pixels at 300 dpi */
  width: number;
  height: number;
}

/** A6 (105 × 148 mm) and a 4 × 6 inch shipping label, at 300 dpi. */
export const CARD_SIZES = { a6: { width: 1240, height: 1748 }, label: { width: 1200, height: 1800 } } as const;
export type CardSizeName = keyof typeof CARD_SIZES;

/** A CSS-like paint (a colour, or linear-gradient at an angle) over the box, as a canvas fill. */
function fill(ctx: CanvasRenderingContext2D, value: string, x: number, y: number, w: number, h: number): string | CanvasGradient {
  const paint = parsePaint(value) ?? { kind: 'solid' as const, color: '#000000' };
  if (paint.kind === 'solid') return paint.color;
  // CSS angles: 0deg points up, 90deg right; the line spans the box's projection on that direction
  const a = (paint.angle * Math.PI) / 180;
  const dx = Math.sin(a);
  const dy = -Math.cos(a);
  const half = (Math.abs(w * dx) + Math.abs(h * dy)) / 2;
  const cx = x + w / 2;
  const cy = y + h / 2;
  const g = ctx.createLinearGradient(cx - dx * half, cy - dy * half, cx + dx * half, cy + dy * half);
  g.addColorStop(0, paint.from);
  g.addColorStop(1, paint.to);
  return g;
}

/** Words into lines no wider than `max`; at most `limit` lines (the rest is cut with an ellipsis). */
function wrap(ctx: CanvasRenderingContext2D, text: string, max: number, limit: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (ctx.measureText(next).width <= max || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > limit)
    lines.splice(
      limit - 1,
      lines.length,
      `${lines
        .slice(limit - 1)
        .join(' ')
        .slice(0, 40)}…`,
    );
  return lines;
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

/** Draws the card; `qr` is the code's image (null draws an empty tile while it loads). */
export function drawCard(canvas: HTMLCanvasElement, s: CardSettings, qr: HTMLImageElement | null, productTitle: string, size: CardSize = CARD_SIZES.a6) {
  const { width: W, height: H } = size;
  canvas.width = W;
  canvas.height = H;
  const ctx = canvas.getContext('2d')!;
  const font = fontStack(s.fontFamily);
  ctx.fillStyle = fill(ctx, s.background, 0, 0, W, H);
  ctx.fillRect(0, 0, W, H);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';

  const titleSize = Math.round(W * 0.085);
  ctx.font = `700 ${titleSize}px ${font}`;
  const titleY = H * 0.14;
  const titleWidth = Math.min(ctx.measureText(s.title).width, W * 0.9);
  ctx.fillStyle = fill(ctx, s.titleColor, (W - titleWidth) / 2, titleY - titleSize, titleWidth, titleSize * 1.2);
  ctx.fillText(s.title, W / 2, titleY, W * 0.9);

  const tile = W * 0.64;
  const tileX = (W - tile) / 2;
  const tileY = H * 0.2;
  ctx.fillStyle = '#ffffff';
  roundRect(ctx, tileX, tileY, tile, tile, W * 0.035);
  ctx.fill();
  if (qr) ctx.drawImage(qr, tileX + tile * 0.04, tileY + tile * 0.04, tile * 0.92, tile * 0.92);

  const descSize = Math.round(W * 0.045);
  ctx.font = `400 ${descSize}px ${font}`;
  const lines = wrap(ctx, s.description, W * 0.82, 4);
  const descY = tileY + tile + H * 0.075;
  const block = lines.length * descSize * 1.35;
  ctx.fillStyle = fill(ctx, s.descriptionColor, W * 0.09, descY - descSize, W * 0.82, block);
  lines.forEach((l, i) => ctx.fillText(l, W / 2, descY + i * descSize * 1.35));

  const productSize = Math.round(W * 0.036);
  ctx.font = `700 ${productSize}px ${font}`;
  ctx.globalAlpha = 0.85;
  ctx.fillStyle = fill(ctx, s.descriptionColor, 0, H * 0.9, W, productSize);
  ctx.fillText(productTitle, W / 2, H * 0.94, W * 0.86);
  ctx.globalAlpha = 1;
}

/** The image element of a data URL, once decoded. */
export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('image failed to load'));
    img.src = src;
  });
}
