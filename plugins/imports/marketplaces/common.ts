// What the AliExpress and Amazon adapters share: the spec's messages as errors, the base-URL rewrite
// (the emulator's one concession), fetching, and turning marketplace text into ParsedReview fields.
import { outboundFetch, OutboundFetchError } from '@plaudit/kernel';
import type { ParsedReview } from '../shared/row';

export type MarketplaceErrorCode = 'unsupported' | 'wrong-url' | 'no-reviews' | 'bot-check' | 'max-reviews' | 'unreachable' | 'unexpected';

export const MARKETPLACE_MESSAGES: Record<MarketplaceErrorCode, string> = {
  unsupported: 'the URL must come from one of two supported marketplaces',
  'wrong-url': 'Import failed, wrong URL',
  'no-reviews': 'There is no reviews found. Please enter another URL.',
  'bot-check': 'The marketplace asked for a bot check; try again later',
  'max-reviews': 'Number needs to be between equal 1 and 100',
  unreachable: 'The marketplace could not be reached; try again later',
  unexpected: 'The marketplace answered a page we could not read; try again later',
};

/** A marketplace import that cannot go on; `retryable` says whether trying again later may succeed. */
export class MarketplaceError extends Error {
  readonly retryable: boolean;
  constructor(
    readonly code: MarketplaceErrorCode,
    detail?: string,
  ) {
    super(MARKETPLACE_MESSAGES[code]);
    this.name = 'MarketplaceError';
    this.retryable = code === 'bot-check' || code === 'unreachable' || code === 'unexpected';
    if (detail) this.cause = detail;
  }
}

/** `https://<host>/<path>` as fetched: unchanged, or `${baseUrl}/hosts/<host>/<path>` behind the emulator. */
export function rewriteUrl(url: string, baseUrl?: string): string {
  if (!baseUrl) return url;
  const u = new URL(url);
  // the emulator stands in for the internet (https); this machine's own URLs (an export of this app) are fetched as they are
  if (u.protocol !== 'https:') return url;
  return `${baseUrl.replace(/\/+$/, '')}/hosts/${u.host}${u.pathname}${u.search}`;
}

export interface FetchContext {
  baseUrl?: string;
  fetch: typeof fetch;
}

export interface Fetched {
  status: number;
  contentType: string;
  body: string;
}

const HEADERS = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  'accept-language': 'en-US,en;q=0.9',
};

const PAGE_TIMEOUT_MS = 20_000;
const PAGE_MAX_BYTES = 10 * 1024 * 1024;
const MAX_REDIRECTS = 5;

/**
 * The fetch marketplace pages go through: the kernel's outbound guard, so a redirect (the
 * marketplace's own, or one an attacker's page answers) is checked like the first URL; the
 * emulator's origin (baseUrl, the operator's) is reached even on loopback.
 */
export function guardedFetch(production: boolean, baseUrl?: string): typeof fetch {
  return ((input: string | URL | Request, init?: RequestInit) =>
    outboundFetch(String(input), {
      production,
      trusted: [baseUrl],
      timeoutMs: PAGE_TIMEOUT_MS,
      maxBytes: PAGE_MAX_BYTES,
      maxRedirects: MAX_REDIRECTS,
      headers: init?.headers as Record<string, string> | undefined,
    })) as typeof fetch;
}

// a URL that can never be fetched is a wrong URL; anything else may pass with time
const REFUSED = new Set(['invalid', 'scheme', 'credentials', 'private', 'redirects']);

/** GET a marketplace URL; a network failure or timeout is a retryable MarketplaceError. */
export async function get(url: string, ctx: FetchContext, accept: string): Promise<Fetched> {
  try {
    const res = await ctx.fetch(rewriteUrl(url, ctx.baseUrl), { headers: { ...HEADERS, accept }, signal: AbortSignal.timeout(PAGE_TIMEOUT_MS) });
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', body: await res.text() };
  } catch (err) {
    if (err instanceof OutboundFetchError && REFUSED.has(err.reason)) throw new MarketplaceError('wrong-url', `${url}: ${err.message}`);
    throw new MarketplaceError('unreachable', `${url}: ${(err as Error).message}`);
  }
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** "19 Sep 2024", "19 September 2024", "September 19, 2024" or "2024-09-19" -> that day at 00:00 UTC. */
export function parseMarketplaceDate(text: string | undefined | null): Date | null {
  if (!text) return null;
  let y: number, m: number, d: number;
  let r = /(\d{4})-(\d{1,2})-(\d{1,2})/.exec(text);
  if (r) [y, m, d] = [Number(r[1]), Number(r[2]) - 1, Number(r[3])];
  else if ((r = /(\d{1,2})\.?\s+([A-Za-z]{3,})\.?,?\s+(\d{4})/.exec(text)))
    [y, m, d] = [Number(r[3]), MONTHS.indexOf(r[2].slice(0, 3).toLowerCase()), Number(r[1])];
  else if ((r = /([A-Za-z]{3,})\.?\s+(\d{1,2}),?\s+(\d{4})/.exec(text)))
    [y, m, d] = [Number(r[3]), MONTHS.indexOf(r[1].slice(0, 3).toLowerCase()), Number(r[2])];
  else return null;
  if (m < 0 || d < 1 || d > 31) return null;
  const date = new Date(Date.UTC(y, m, d));
  return date.getUTCDate() === d ? date : null;
}

/** ISO 3166-1 alpha-2, upper case ("UK", common but not ISO, is GB). */
export function countryCode(code: string | undefined | null): string | null {
  const c = (code ?? '').trim().toUpperCase();
  if (c === 'UK') return 'GB';
  return /^[A-Z]{2}$/.test(c) ? c : null;
}

let byName: Map<string, string> | undefined;
/** "the United States" (at times followed by its flag emoji) -> "US": English region names, as Amazon writes them. */
export function countryFromName(name: string): string | null {
  if (!byName) {
    byName = new Map();
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    const A = 65;
    for (let i = 0; i < 26 * 26; i++) {
      const code = String.fromCharCode(A + Math.floor(i / 26), A + (i % 26));
      const n = names.of(code);
      // deprecated codes (UK, FX, BU ...) name the same country as their canonical code: keep the latter
      const canonical = Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`;
      if (canonical && n && n !== code && n !== 'Unknown Region') byName.set(n.toLowerCase(), code);
    }
  }
  const plain = name
    .replace(/[^\p{L}\p{M}\s.,'&()-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^the\s+/i, '');
  return byName.get(plain.toLowerCase()) ?? null;
}

/** http(s) photo URLs (protocol-relative ones made https), each once, at most 5. */
export function photoUrls(urls: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of urls) {
    const url = raw.trim().startsWith('//') ? `https:${raw.trim()}` : raw.trim();
    if (/^https?:\/\/[^\s/]+\/\S*$/i.test(url) && !out.includes(url)) out.push(url);
    if (out.length === 5) break;
  }
  return out;
}

/** "Emma Johnson" -> Emma / Johnson; a one-word (or masked, "E***n") name is a first name. */
export function splitName(name: string): { firstName: string | null; lastName: string | null } {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return { firstName: null, lastName: null };
  return { firstName: parts[0], lastName: parts.length > 1 ? parts.slice(1).join(' ') : null };
}

export interface ReviewFilters {
  maxReviews: number;
  /** empty: every rating */
  stars: number[];
  withPhotos: boolean;
  /** ISO-2, upper case; null: every country */
  country: string | null;
}

export function matchesFilters(r: ParsedReview, f: ReviewFilters): boolean {
  return (!f.stars.length || f.stars.includes(r.rating)) && (!f.withPhotos || r.photoUrls.length > 0) && (!f.country || r.country === f.country);
}

/** A rating on 1..5, or undefined when it cannot be one. */
export function rating(value: number): number | undefined {
  const r = Math.round(value);
  return Number.isFinite(r) && r >= 1 && r <= 5 ? r : undefined;
}

type ReviewFields =
  | 'key'
  | 'rating'
  | 'title'
  | 'content'
  | 'firstName'
  | 'lastName'
  | 'country'
  | 'createdAt'
  | 'verified'
  | 'incentivized'
  | 'photoUrls'
  | 'source';

/** A marketplace review: published, no email, reply, variants or answers (the marketplace's are not the shop's). */
export function marketplaceReview(fields: Pick<ParsedReview, ReviewFields>): ParsedReview {
  return { line: 0, product: null, email: null, reply: null, status: 'published', variants: [], answers: [], ...fields };
}
