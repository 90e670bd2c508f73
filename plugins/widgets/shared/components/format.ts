// Pure formatting for the widgets: reviewer names, dates (deterministic from ctx.now, in UTC so the
// server, the worker's snapshots and the admin preview agree), media URLs that may be shown. Words
// and numbers come from the render's WidgetText (its language).
import type { DisplaySettings } from '../display-settings';
import type { PublicReview } from '../widget-types';
import type { WidgetText } from '../widget-text';

type General = DisplaySettings['general'];

/** "Ada L." as the feed gives it, reduced per settings.general.reviewerName. */
export function reviewerName(author: string, mode: General['reviewerName'], anonymous = 'Anonymous'): string {
  const name = author.trim();
  if (mode === 'anonymous' || !name) return anonymous;
  if (mode === 'first') return /^(.+) \S\.$/u.exec(name)?.[1] ?? name;
  return name;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');
const STEPS: [number, Intl.RelativeTimeFormatUnit][] = [
  [31_536_000, 'year'],
  [2_592_000, 'month'],
  [604_800, 'week'],
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
];

/** Intl formatters are costly to build and used once per review: one per language and kind. */
const formatters = new Map<string, Intl.RelativeTimeFormat | Intl.DateTimeFormat>();
function formatter<T extends Intl.RelativeTimeFormat | Intl.DateTimeFormat>(id: string, make: () => T): T {
  let f = formatters.get(id) as T | undefined;
  if (!f) formatters.set(id, (f = make()));
  return f;
}

/** "3 days ago", "vor 3 Tagen", "3日前": the language's own relative time. */
function relative(ms: number, now: number, lang: string): string {
  const seconds = Math.max(0, Math.round((now - ms) / 1000));
  const format = formatter(`rel|${lang}`, () => new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }));
  for (const [size, unit] of STEPS) {
    const n = Math.floor(seconds / size);
    if (n >= 1) return format.format(-n, unit);
  }
  return format.format(0, 'second');
}

/** The merchant's pattern, as chosen, for English storefronts. */
function englishDate(d: Date, format: General['dateFormat']): string {
  const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
  switch (format) {
    case 'MM/DD/YYYY':
      return `${pad(m + 1)}/${pad(day)}/${y}`;
    case 'DD/MM/YYYY':
      return `${pad(day)}/${pad(m + 1)}/${y}`;
    case 'D MMM YYYY':
      return `${day} ${MONTHS[m]} ${y}`;
    default:
      return `${MONTHS[m]} ${day}, ${y}`;
  }
}

/**
 * The date as settings.general.dateFormat shows it; null for 'none' or an unreadable date. The
 * patterns are English ones: in other languages a numeric pattern becomes the language's numeric
 * date (04.03.2026, 2026/03/04) and a month-name pattern its short month date (4. März 2026), so a
 * German shopper never reads 03/04 the American way. ISO dates stay ISO everywhere.
 */
export function formatDate(iso: string, format: General['dateFormat'], now: number, lang = 'en'): string | null {
  const ms = Date.parse(iso);
  if (format === 'none' || Number.isNaN(ms)) return null;
  if (format === 'relative') return relative(ms, now, lang);
  const d = new Date(ms);
  if (format === 'YYYY-MM-DD') return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  if (lang === 'en') return englishDate(d, format);
  const numeric = format === 'MM/DD/YYYY' || format === 'DD/MM/YYYY';
  const id = `date|${lang}|${numeric}`;
  return formatter(
    id,
    () => new Intl.DateTimeFormat(lang, { timeZone: 'UTC', year: 'numeric', month: numeric ? '2-digit' : 'short', day: numeric ? '2-digit' : 'numeric' }),
  ).format(d);
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
  /** a video's still, its caption track and its caption's text */
  poster?: string;
  captions?: string;
  caption?: string;
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
    if (type === 'video') {
      const poster = safeMediaUrl(m.poster, base);
      const captions = safeMediaUrl(m.captions, base);
      const caption = typeof m.caption === 'string' ? m.caption.slice(0, 500) : undefined;
      out.push({ url, type, ...(poster ? { poster } : {}), ...(captions ? { captions } : {}), ...(caption ? { caption } : {}) });
      continue;
    }
    out.push(variants.length ? { url, type, smallest: variants[0].url, srcset: variants.map((v) => `${v.url} ${v.width}w`).join(', ') } : { url, type });
  }
  return out.slice(0, 5);
}

/** "4 out of 5 stars", "4,5 von 5 Sternen": the stars' accessible name. */
export function starsLabel(value: number, text: WidgetText): string {
  const v = Math.round(Math.min(5, Math.max(0, value)) * 10) / 10;
  return text.t('common.stars_label', { rating: text.number(v, { maximumFractionDigits: 1 }) });
}

/** The average with one decimal: "4.5", "4,5". */
export function average(value: number, text: WidgetText): string {
  return text.number(Math.round(value * 10) / 10, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** "12 reviews", "12 Bewertungen", "12件のレビュー". */
export function reviewCount(n: number, text: WidgetText): string {
  return text.t('common.reviews', { count: n });
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
