// Reading single cells: ratings on any scale, yes/no flags, names, emails, product references, photo
// URL lists and variants. Each returns a value or the reason the cell is refused, never throws.
import { z } from 'zod';

export const MAX_PHOTOS = 5;
export const RATING_MESSAGE = 'The rating must be a whole number from 1 to 5';
export const VARIANT_COUNT_MESSAGE = 'variant values count must equal variant options count';

/** Headers compared without case, spaces or punctuation: `Review Score`, `review_score`, `reviewScore`. */
export function normaliseHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** A cell's word compared without case or spaces: `Not Yet`, `not-yet` -> `notyet`. */
export function normaliseWord(text: string): string {
  return text.toLowerCase().replace(/[\s_-]+/g, '');
}

/**
 * 1-5 stars. On a 5 scale only whole numbers 1-5 are ratings ("5.0" is 5; 4.5 and 7 are refused:
 * nothing to round towards that the reviewer said). Other scales (10, 100) are converted to the
 * nearest star, at least one.
 */
export function toStars(text: string, scale = 5): number | { error: string } {
  const v = Number(text.trim().replace(',', '.'));
  if (!text.trim() || !Number.isFinite(v)) return { error: scale === 5 ? RATING_MESSAGE : `The rating must be a number from 0 to ${scale}` };
  if (scale === 5) return Number.isInteger(v) && v >= 1 && v <= 5 ? v : { error: RATING_MESSAGE };
  if (v < 0 || v > scale) return { error: `The rating must be a number from 0 to ${scale}` };
  return Math.min(5, Math.max(1, Math.round((v / scale) * 5)));
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', 'on', 'verified', 'verifiedbuyer', 'verifiedpurchase', 'buyer', 'incentivized', 'x', '✓']);

/** A flag the previous app set: true, yes, 1 (or any positive count, as Stamped's verified type 2), verified… */
export function isTrue(text: string): boolean {
  const w = normaliseWord(text.trim());
  if (/^\d+$/.test(w)) return Number(w) > 0;
  return TRUE_WORDS.has(w);
}

/** "Anna Maria Schröder" -> first "Anna Maria", last "Schröder"; one word is a first name only. */
export function splitName(full: string): { firstName: string | null; lastName: string | null } {
  const words = full.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: null, lastName: null };
  if (words.length === 1) return { firstName: words[0], lastName: null };
  return { firstName: words.slice(0, -1).join(' '), lastName: words[words.length - 1] };
}

const email = z.email();
export function isEmail(text: string): boolean {
  return text.length <= 320 && email.safeParse(text).success;
}

/** Shopify's numeric id from `123`, `gid://shopify/Product/123` or Okendo's `shopify-123`. */
export function productIdOf(text: string): string {
  const v = text.trim();
  const gid = /^gid:\/\/shopify\/Product\/(\d+)/i.exec(v);
  if (gid) return gid[1];
  const prefixed = /^shopify-(\d+)$/i.exec(v);
  return prefixed ? prefixed[1] : v;
}

/** A handle, also from a product URL (`https://shop/products/linen-tote-bag?variant=1`). */
export function productHandleOf(text: string): string {
  const v = text.trim();
  const fromUrl = /\/products\/([^/?#\s]+)/i.exec(v);
  return (fromUrl ? decodeURIComponent(fromUrl[1]) : v).toLowerCase();
}

function httpUrl(text: string): boolean {
  if (/[\s\\]/.test(text) || text.length > 2048) return false;
  try {
    const u = new URL(text);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !!u.hostname;
  } catch {
    return false;
  }
}

/** Photo URLs of one cell: http(s) only, each once, at most five; what was left out, and why. */
export function photoUrls(text: string, separator: string | RegExp): { urls: string[]; invalid: string[]; extra: number } {
  const parts = text
    .split(separator)
    .map((p) => p.trim().replace(/^["']|["']$/g, ''))
    .filter(Boolean);
  const urls: string[] = [];
  const invalid: string[] = [];
  for (const p of parts) {
    if (!httpUrl(p)) invalid.push(p);
    else if (!urls.includes(p)) urls.push(p);
  }
  return { urls: urls.slice(0, MAX_PHOTOS), invalid, extra: Math.max(0, urls.length - MAX_PHOTOS) };
}

/** A list cell: `;`, ` / ` or `,` between items (in that order of preference). */
export function splitList(text: string): string[] {
  const sep = text.includes(';') ? ';' : text.includes(' / ') ? ' / ' : ',';
  return text
    .split(sep)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** `Color, Size` + `Red / M` -> ['Color: Red', 'Size: M']; values alone are kept as written. */
export function variantPairs(options: string, values: string): string[] | { error: string } {
  const vals = splitList(values);
  if (!options.trim()) return vals;
  const opts = splitList(options);
  if (opts.length !== vals.length) return { error: VARIANT_COUNT_MESSAGE };
  return opts.map((o, i) => `${o}: ${vals[i]}`);
}
