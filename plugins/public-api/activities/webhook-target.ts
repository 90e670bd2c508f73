// Where a webhook may be sent, and the one HTTP POST that sends it. Webhook URLs are typed by
// merchants and fetched by our servers, so they must not reach our own network (SSRF):
// - https only; plain http only to this machine (localhost, 127.0.0.1, [::1]) and only outside
//   production, for local receivers; no user:password in the URL;
// - in production the host must resolve to public addresses only: checked when the URL is saved,
//   and again at every attempt by the connection's own DNS lookup, so the address connected to is
//   the address checked (no rebinding between check and use);
// - redirects are not followed (a 3xx is a failed attempt), and at most 2 KB of the answer is read.
// The POST goes through the kernel's outbound guard (outboundFetch), which also checks IP literals.
import dns from 'node:dns';
import net from 'node:net';
import { isPrivateAddress, outboundFetch, OutboundFetchError, publicLookup } from '@plaudit/kernel';

export { isPrivateAddress, publicLookup };

export type UrlProblem = 'invalid' | 'https' | 'credentials' | 'private' | 'unresolved';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
export const RESPONSE_LIMIT = 2048;
export const ATTEMPT_TIMEOUT_MS = 10_000;

/** the host without IPv6 brackets or the root's trailing dot ('localhost.' is 'localhost') */
const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');

/** What is wrong with a webhook URL's form, if anything (no DNS). */
export function urlProblem(raw: string, production: boolean): UrlProblem | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'invalid';
  }
  if (url.username || url.password) return 'credentials';
  if (url.protocol === 'http:' && !production && LOOPBACK_NAMES.has(url.hostname)) return undefined;
  if (url.protocol !== 'https:') return 'https';
  const host = bare(url.hostname);
  if (production && (host === 'localhost' || host.endsWith('.localhost') || (net.isIP(host) && isPrivateAddress(host)))) return 'private';
  return undefined;
}

/** The form, and in production the host's addresses: all public, at least one. */
export async function checkWebhookUrl(raw: string, production: boolean): Promise<UrlProblem | undefined> {
  const problem = urlProblem(raw, production);
  if (problem || !production) return problem;
  const host = bare(new URL(raw).hostname);
  if (net.isIP(host)) return undefined;
  const found = await dns.promises.lookup(host, { all: true }).catch(() => []);
  if (!found.length) return 'unresolved';
  return found.some((a) => isPrivateAddress(a.address)) ? 'private' : undefined;
}

export interface AttemptResult {
  /** the HTTP status, null when there was no answer */
  statusCode: number | null;
  /** the answer's first 2 KB */
  response: string | null;
  /** why there was no answer (timeout, connection refused, refused address) */
  error: string | null;
}

/** POSTs `body` to `url` once through the kernel's outbound guard: 10 s for the whole exchange, no redirects, at most 2 KB of the answer read. */
export async function postWebhook(raw: string, body: string, headers: Record<string, string>, production: boolean): Promise<AttemptResult> {
  const problem = urlProblem(raw, production);
  if (problem) return { statusCode: null, response: null, error: `The URL is refused (${problem})` };
  try {
    const res = await outboundFetch(raw, {
      production,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'Plaudit-Webhooks/1' },
      body,
      timeoutMs: ATTEMPT_TIMEOUT_MS,
      maxBytes: RESPONSE_LIMIT,
      truncate: true,
      maxRedirects: 0,
    });
    return { statusCode: res.status, response: (await res.text()).replace(/\u0000/g, ''), error: null };
  } catch (err) {
    const refused = err instanceof OutboundFetchError && err.reason === 'private';
    const message = err instanceof OutboundFetchError && err.reason === 'timeout' ? `No answer within ${ATTEMPT_TIMEOUT_MS / 1000} s` : (err as Error).message;
    return { statusCode: null, response: null, error: (refused ? `The address is refused: ${message}` : message).slice(0, 500) };
  }
}
