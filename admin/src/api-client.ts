// Every admin call to /api: the credential header, a 60 s timeout (spec section 7) and the
// re-authorization header that sends the merchant back to sign-in.
import { HttpError } from 'react-admin';
import { EMBED_PREFIX, isEmbedded } from './prefix';

export const TOKEN_KEY = 'plaudit.token';
export const REQUEST_TIMEOUT_MS = 60_000;
export const REAUTHORIZE_HEADER = 'X-Shopify-API-Request-Failure-Reauthorize-Url';

/** Where the credential comes from; the store-platform plugin swaps in App Bridge's session token. */
let credentialSource: () => Promise<string | null> = async () => localStorage.getItem(TOKEN_KEY);

export function setCredentialSource(source: () => Promise<string | null>) {
  credentialSource = source;
}

export function signInPath() {
  return `${isEmbedded() ? EMBED_PREFIX : ''}/auth/login`;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  body: string;
  json: any;
}

/** Same shape as react-admin's fetchUtils.fetchJson. */
export async function httpClient(url: string, options: RequestInit = {}): Promise<HttpResponse> {
  const headers = new Headers(options.headers ?? {});
  headers.set('Accept', 'application/json');
  if (options.body && !(options.body instanceof FormData)) headers.set('Content-Type', 'application/json');
  const credential = await credentialSource();
  if (credential) headers.set('Authorization', `Bearer ${credential}`);
  let response: Response;
  try {
    response = await fetch(url, { ...options, headers, signal: options.signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') throw new HttpError('The server took too long to answer', 504, {});
    throw error;
  }
  const reauthorize = response.headers.get(REAUTHORIZE_HEADER);
  if (reauthorize) {
    window.location.assign(reauthorize);
    throw new HttpError('Reauthorization required', 401, {});
  }
  const body = await response.text();
  let json: any;
  try {
    json = body ? JSON.parse(body) : undefined;
  } catch {
    json = undefined;
  }
  if (response.status === 403 && json?.code) redirectForRefusal(json.code, json.tier);
  if (!response.ok) throw new HttpError(json?.message ?? response.statusText, response.status, json);
  return { status: response.status, headers: response.headers, body, json };
}

/** Refusals the shell answers with a page: a development store, or a plan tier too low for an action. */
function redirectForRefusal(code: string, tier?: string) {
  const prefix = isEmbedded() ? EMBED_PREFIX : '';
  if (code === 'DEVELOPMENT_STORE') window.location.assign(`${prefix}/not-supported`);
  if (code === 'PLAN_TIER_TOO_LOW' && tier) window.location.assign(`${prefix}/subscription?tier=${encodeURIComponent(tier)}`);
}

/** The JSON body of one of the shell's own calls (shops, dev zone). */
export async function apiJson<T>(path: string, options: RequestInit = {}): Promise<T> {
  return (await httpClient(`/api${path}`, options)).json as T;
}

/** The attachment's name from Content-Disposition, else the fallback. */
function attachmentName(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star) return decodeURIComponent(star[1]);
  return /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * A file the API streams (an export, a report), saved by the browser byte for byte: `httpClient`
 * reads answers as text, which would break an XLSX and drop a CSV's byte-order mark. Same
 * credential; a refusal throws an HttpError with the server's message.
 */
export async function apiDownload(path: string, fallbackName: string, timeoutMs = 120_000): Promise<void> {
  const credential = await credentialSource();
  const res = await fetch(`/api${path}`, { headers: credential ? { Authorization: `Bearer ${credential}` } : {}, signal: AbortSignal.timeout(timeoutMs) });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new HttpError(body.message ?? res.statusText, res.status, body);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement('a'), { href: url, download: attachmentName(res.headers.get('Content-Disposition'), fallbackName) });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
