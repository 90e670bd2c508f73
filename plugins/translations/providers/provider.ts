// Review text translation behind one interface (issue 19, deliverable 4). Each provider (DeepL,
// Google Cloud Translation v3, LibreTranslate, Apertium APy) is an adapter speaking its vendor's
// documented wire format; callers see only languages as the storefront names them ('en', 'es',
// 'pt-BR') and the failures below, never a vendor's status codes.

export type ProviderId = 'apertium' | 'deepl' | 'google' | 'libretranslate';

/** The spec's ten review-translation languages (second plan tier). */
export const REVIEW_LANGUAGES = ['en', 'es', 'hi', 'fr', 'nl', 'ja', 'ko', 'vi', 'de', 'it'] as const;

export interface TranslateRequest {
  texts: string[];
  target: string;
  /** the text's language when known (stored on the review); absent: the provider detects it */
  source?: string;
}

export interface Translated {
  text: string;
  /** the source language the provider saw, as our code, when it says */
  detectedSource?: string;
}

export interface TranslationProvider {
  readonly id: ProviderId;
  /** what one call may carry and how often: bulk translation paces itself by these */
  readonly limits: { charactersPerRequest: number; textsPerRequest: number; requestsPerSecond: number };
  /**
   * Whether the provider can translate source -> target now, from its own language list (asked of
   * the server, cached): a language it cannot do is shown as unavailable, never faked.
   */
  supports(source: string | undefined, target: string): Promise<boolean>;
  /** One translation per text, in order. Throws TranslationFailure. */
  translate(req: TranslateRequest): Promise<Translated[]>;
}

export type FailureKind =
  /** network error, timeout, 5xx: show the original, try later */
  | 'unavailable'
  /** 429: slow down (retryAfterMs when the vendor said) */
  | 'rate-limited'
  /** the character quota of the period is spent (DeepL 456, Google RESOURCE_EXHAUSTED on a quota) */
  | 'quota-exceeded'
  /** the key or token was refused (401/403) */
  | 'credentials'
  /** the pair is not offered by this provider */
  | 'unsupported'
  /** any other refusal of this one request */
  | 'rejected';

export class TranslationFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'TranslationFailure';
  }
}

/** Retry-After in ms (seconds or an HTTP date). */
function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const s = Number(header);
  if (Number.isFinite(s)) return Math.max(0, s * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** The failure a non-2xx answer means; `quotaStatus` is the vendor's own "quota spent" status. */
export async function failureOf(res: Response, vendor: string, quota?: (status: number, body: string) => boolean): Promise<TranslationFailure> {
  const body = (await res.text().catch(() => '')).slice(0, 300);
  const message = `${vendor} answered ${res.status}: ${body}`;
  if (quota?.(res.status, body)) return new TranslationFailure('quota-exceeded', message);
  if (res.status === 429) return new TranslationFailure('rate-limited', message, retryAfter(res.headers.get('retry-after')));
  if (res.status >= 500) return new TranslationFailure('unavailable', message, retryAfter(res.headers.get('retry-after')));
  if (res.status === 401 || res.status === 403) return new TranslationFailure('credentials', message);
  return new TranslationFailure('rejected', message);
}

export const TIMEOUT_MS = 15_000;

/** fetch, with a network failure or timeout as 'unavailable' (an outage shows the original). */
export async function call(vendor: string, url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    throw new TranslationFailure('unavailable', `${vendor} unreachable: ${(err as Error).message}`);
  }
}

/** A language list asked of the server at most once an hour (a failed ask is not kept). */
export function cachedList<T>(load: () => Promise<T>, ttlMs = 3_600_000): () => Promise<T> {
  let kept: { at: number; value: Promise<T> } | undefined;
  return () => {
    if (!kept || Date.now() - kept.at > ttlMs) {
      const value = load();
      kept = { at: Date.now(), value };
      value.catch(() => {
        if (kept?.value === value) kept = undefined;
      });
    }
    return kept.value;
  };
}

/** 'pt-BR' -> 'pt': the base language of a storefront locale. */
export const baseOf = (lang: string) => lang.split('-')[0].toLowerCase();
