// Pure formatting for the widgets: reviewer names, dates (deterministic from ctx.now, in UTC so the
// server, the worker's snapshots and the admin preview agree), media URLs that may be shown.
import type { DisplaySettings } from '../display-settings';
import type { PublicReview } from '../widget-types';

type General = DisplaySettings['general'];

/** "Ada L." as the feed gives it, reduced per settings.general.reviewerName. */
export function reviewerName(author: string, mode: General['reviewerName']): string {
  const name = author.trim();
  if (mode === 'anonymous' || !name) return 'Anonymous';
  if (mode === 'first') return /^(.+) \S\.$/u.exec(name)?.[1] ?? name;
  return name;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

function relative(ms: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - ms) / 1000));
  const steps: [number, string][] = [[31_536_000, 'year'], [2_592_000, 'month'], [604_800, 'week'], [86_400, 'day'], [3_600, 'hour'], [60, 'minute']];
  for (const [size, unit] of steps) {
    const n = Math.floor(seconds / size);
    if (n >= 1) return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}

/** The date as settings.general.dateFormat shows it; null for 'none' or an unreadable date. */
export function formatDate(iso: string, format: General['dateFormat'], now: number): string | null {
  const ms = Date.parse(iso);
  if (format === 'none' || Number.isNaN(ms)) return null;
  if (format === 'relative') return relative(ms, now);
  const d = new Date(ms);
  const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
  switch (format) {
    case 'MM/DD/YYYY': return `${pad(m + 1)}/${pad(day)}/${y}`;
    case 'DD/MM/YYYY': return `${pad(day)}/${pad(m + 1)}/${y}`;
    case 'YYYY-MM-DD': return `${y}-${pad(m + 1)}-${pad(day)}`;
    case 'D MMM YYYY': return `${day} ${MONTHS[m]} ${y}`;
    default: return `${MONTHS[m]} ${day}, ${y}`;
  }
}

/**
 * A media URL the storefront may load: absolute http(s) or a path on the app's own host. Anything
 * else (javascript:, data:, vbscript:, protocol tricks with whitespace or control characters) is dropped.
 */
export function safeMediaUrl(url: unknown, base?: string): string | null {
  if (typeof url !== 'string' || url.length > 2048 || /[\s\u0000-\u001f\u007f\\]/.test(url)) return null;
  if (/^https?:\/\/[^/]/i.test(url)) return url;
  if (/^\/(?!\/)/.test(url)) return base && /^https?:\/\//i.test(base) ? new URL(url, base).href : url;
  return null;
}

export interface ShownMedia {
  url: string;
  type: 'image' | 'video';
  /** an uploaded photo's renditions: the smallest (thumbnail src) and `srcset` of them all */
  smallest?: string;
  srcset?: string;
}

/** The review's images and videos that may be shown (unsafe URLs dropped), at most 5. */
export function reviewMedia(review: PublicReview, base?: string): ShownMedia[] {
  const out: ShownMedia[] = [];
  for (const m of review.media ?? []) {
    const url = safeMediaUrl(m?.url, base);
    if (!url) continue;
    const type = m.type === 'video' ? 'video' : 'image';
    const variants = (m.variants ?? []).flatMap((v) => {
      const vUrl = safeMediaUrl(v?.url, base);
      return vUrl && Number.isInteger(v.width) && v.width > 0 ? [{ url: vUrl, width: v.width }] : [];
    });
    out.push(type === 'image' && variants.length ? { url, type, smallest: variants[0].url, srcset: variants.map((v) => `${v.url} ${v.width}w`).join(', ') } : { url, type });
  }
  return out.slice(0, 5);
}

/** "4 out of 5 stars", "4.5 out of 5 stars". */
export function starsLabel(value: number): string {
  const v = Math.round(Math.min(5, Math.max(0, value)) * 10) / 10;
  return `${Number.isInteger(v) ? v : v.toFixed(1)} out of 5 stars`;
}

export function average(value: number): string {
  return (Math.round(value * 10) / 10).toFixed(1);
}

export function reviewCount(n: number): string {
  return `${n} review${n === 1 ? '' : 's'}`;
}

/** Short stable id fragment for element ids (product gids hold characters ids should not). */
export function idPart(value: string): string {
  let h = 5381;
  for (let i = 0; i < value.length; i++) h = ((h << 5) + h + value.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}

/**
 * Where the form posts: through the app proxy `<prefix>/reviews`; directly
 * `<app>/storefront/reviews?shop=<domain>` (ISSUE7.md's submission contract).
 */
export function submitUrl(endpoint: string): string {
  const direct = /^(.*)\/storefront\/shops\/([^/?#]+)$/.exec(endpoint);
  return direct ? `${direct[1]}/storefront/reviews?shop=${direct[2]}` : `${endpoint}/reviews`;
}
