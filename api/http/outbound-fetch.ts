// The one way our servers fetch a URL that came from outside (a photo URL in an import file, a
// marketplace page and its redirects, an Instagram media URL, a merchant's webhook endpoint): in
// production never our own network (SSRF), every hop checked, the answer capped in size and time.
// - The host is read by the WHATWG URL parser, which writes every spelling of an address one way
//   (127.1, 2130706433, 0x7f000001 -> 127.0.0.1; [::ffff:127.0.0.1] -> [::ffff:7f00:1]).
// - An IP literal is checked here: Node connects to a literal without calling the agent's lookup.
//   A name is checked by the connection's own lookup (publicLookup), so the address connected to is
//   the address checked (no DNS rebinding between check and use).
// - Redirects are followed by hand, each target checked like the first URL.
// - Outside production (development, tests) nothing is refused: local receivers and test doubles
//   live on loopback. `production` is that one switch (config.env === 'production').
// node:http(s) rather than fetch: fetch's connector cannot be given a lookup, and it follows
// redirects without asking.
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { isPrivateAddress, publicLookup } from './public-address';

export type OutboundRefusal = 'invalid' | 'scheme' | 'credentials' | 'private' | 'redirects' | 'too-large' | 'timeout' | 'network';

const MESSAGES: Record<OutboundRefusal, string> = {
  invalid: 'not a URL',
  scheme: 'only http and https URLs are fetched',
  credentials: 'URLs with a user name are not fetched',
  private: 'the host is not a public address',
  redirects: 'too many redirects',
  'too-large': 'the answer is too large',
  timeout: 'the server did not answer in time',
  network: 'could not be fetched',
};

export class OutboundFetchError extends Error {
  constructor(
    readonly reason: OutboundRefusal,
    detail?: string,
  ) {
    super(detail ? `${MESSAGES[reason]} (${detail})` : MESSAGES[reason]);
    this.name = 'OutboundFetchError';
  }
}

export interface OutboundInit {
  /** refuse private, loopback and link-local addresses (config.env === 'production') */
  production: boolean;
  /** the whole exchange, redirects included */
  timeoutMs: number;
  /** the answer's body at most; more is an error, or cut there with `truncate` */
  maxBytes: number;
  /** redirects followed, each target checked; 0: a 3xx is the answer */
  maxRedirects: number;
  /** keep the first maxBytes of a longer answer instead of failing */
  truncate?: boolean;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /**
   * Origins the operator configured (the emulators' base URLs: MARKETPLACE_BASE_URL,
   * INTEGRATIONS_BASE_URL), reached even on a private address; a redirect from them is checked.
   */
  trusted?: readonly (string | undefined)[];
}

// Kept-alive connections per host (a file's photos usually share a CDN host); checked ones carry the
// public lookup, so a name is checked at each new connection.
const agents = {
  'http:': {
    open: new http.Agent({ keepAlive: true, maxSockets: 16 }),
    checked: new http.Agent({ keepAlive: true, maxSockets: 16, lookup: publicLookup } as http.AgentOptions),
  },
  'https:': {
    open: new https.Agent({ keepAlive: true, maxSockets: 16 }),
    checked: new https.Agent({ keepAlive: true, maxSockets: 16, lookup: publicLookup } as https.AgentOptions),
  },
};

/** the host without IPv6 brackets or the root's trailing dot */
const bare = (hostname: string) =>
  hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '')
    .toLowerCase();

const isTrusted = (url: URL, trusted: OutboundInit['trusted']) => (trusted ?? []).some((t) => !!t && new URL(t).origin === url.origin);

/** Why this URL may not be fetched, before any connection; undefined: fetch it (names are checked at connect). */
export function outboundProblem(url: URL, o: Pick<OutboundInit, 'production' | 'trusted'>): OutboundRefusal | undefined {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'scheme';
  if (url.username || url.password) return 'credentials';
  if (!o.production || isTrusted(url, o.trusted)) return undefined;
  const host = bare(url.hostname);
  if (host === 'localhost' || host.endsWith('.localhost')) return 'private';
  if (net.isIP(host) && isPrivateAddress(host)) return 'private';
  return undefined;
}

interface Hop {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function requestOnce(url: URL, o: OutboundInit, checked: boolean, deadline: number): Promise<Hop> {
  const lib = url.protocol === 'https:' ? https : http;
  const agent = agents[url.protocol as 'http:' | 'https:'][checked ? 'checked' : 'open'];
  const headers = { ...o.headers, ...(o.body !== undefined ? { 'content-length': String(Buffer.byteLength(o.body)) } : {}) };
  return new Promise((resolve, reject) => {
    const req = lib.request(url, { method: o.method ?? 'GET', headers, agent });
    const fail = (err: Error) => req.destroy(err);
    const timer = setTimeout(() => fail(new OutboundFetchError('timeout')), Math.max(0, deadline - Date.now()));
    req.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (err instanceof OutboundFetchError) return reject(err);
      reject(err.code === 'EPRIVATE' ? new OutboundFetchError('private', url.hostname) : new OutboundFetchError('network', err.message));
    });
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (status < 200 || status > 599) return fail(new OutboundFetchError('network', `status ${status}`));
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        clearTimeout(timer);
        resolve({ status, headers: res.headers, body: Buffer.concat(chunks).subarray(0, o.maxBytes) });
      };
      // a redirect's body is not read: only its Location matters
      if (status >= 300 && status < 400) {
        res.resume();
        return done();
      }
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        chunks.push(chunk);
        if (size <= o.maxBytes) return;
        if (!o.truncate) return fail(new OutboundFetchError('too-large', `more than ${o.maxBytes} bytes`));
        done();
        req.destroy();
      });
      res.on('end', done);
      res.on('error', (err) => fail(err));
    });
    req.end(o.body);
  });
}

const NULL_BODY = new Set([204, 205, 304]);

/**
 * GET (or `method`) a URL from outside, following at most maxRedirects redirects, each checked.
 * The answer is a Response holding the whole (capped) body; its `url` is where it came from.
 * Throws OutboundFetchError with the reason.
 */
export async function outboundFetch(raw: string, o: OutboundInit): Promise<Response> {
  const deadline = Date.now() + o.timeoutMs;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundFetchError('invalid');
  }
  for (let hop = 0; ; hop++) {
    const problem = outboundProblem(url, o);
    if (problem) throw new OutboundFetchError(problem, problem === 'private' ? url.hostname : undefined);
    const checked = o.production && !isTrusted(url, o.trusted);
    const answer = await requestOnce(url, o, checked, deadline);
    const location = answer.status >= 300 && answer.status < 400 ? answer.headers.location : undefined;
    if (location && o.maxRedirects > 0) {
      if (hop >= o.maxRedirects) throw new OutboundFetchError('redirects');
      try {
        url = new URL(location, url);
      } catch {
        throw new OutboundFetchError('invalid', 'a redirect to a bad URL');
      }
      continue;
    }
    return toResponse(answer, url);
  }
}

function toResponse(answer: Hop, url: URL): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const body = NULL_BODY.has(answer.status) ? null : new Uint8Array(answer.body);
  const res = new Response(body, { status: answer.status, headers });
  Object.defineProperty(res, 'url', { value: url.href });
  return res;
}
