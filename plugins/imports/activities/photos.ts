// Photos named by URL in an import (a file's photo column, a marketplace's review images): fetched
// by our servers, so never from our own network in production (the kernel's public lookup), at most
// 5 MB and 15 s each, 3 redirects; then the reviews plugin's upload pipeline cleans and stores them.
import http from 'node:http';
import https from 'node:https';
import { publicLookup } from '@plaudit/kernel';

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 3;

export class PhotoFetchError extends Error {}

// One connection per host reused for a file's many photos (they usually share a CDN host), instead of
// a TCP (and TLS) handshake per photo. The public-address check runs at each new connection.
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

export interface PhotoFetchOptions {
  production: boolean;
  /** the marketplace emulator: https://<host>/<path> is fetched as <base>/hosts/<host>/<path> */
  rewrite?: (url: string) => string;
}

function getOnce(url: URL, production: boolean): Promise<{ status: number; location?: string; body?: Buffer }> {
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const agent = agents[url.protocol as 'http:' | 'https:'][production ? 'checked' : 'open'];
    const req = lib.get(url, { timeout: TIMEOUT_MS, headers: { accept: 'image/*' }, agent }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        res.resume();
        return resolve({ status, location: res.headers.location });
      }
      if (status !== 200) {
        res.resume();
        return resolve({ status });
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > PHOTO_MAX_BYTES) {
          req.destroy(new PhotoFetchError('File size should not be more than 5MB'));
          return;
        }
        chunks.push(c);
      });
      res.on('end', () => resolve({ status, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new PhotoFetchError('the server did not answer in 15 s')));
    req.on('error', reject);
  });
}

/** The photo's bytes, or PhotoFetchError with a reason for the error report. */
export async function fetchPhoto(raw: string, o: PhotoFetchOptions): Promise<Buffer> {
  let url: URL;
  try {
    url = new URL(o.rewrite ? o.rewrite(raw) : raw);
  } catch {
    throw new PhotoFetchError('not a URL');
  }
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new PhotoFetchError('only http and https URLs are fetched');
    if (url.username || url.password) throw new PhotoFetchError('URLs with a user name are not fetched');
    const res = await getOnce(url, o.production).catch((err: Error) => {
      throw err instanceof PhotoFetchError
        ? err
        : new PhotoFetchError(
            (err as NodeJS.ErrnoException).code === 'EPRIVATE' ? 'the host is not a public address' : `could not be fetched (${err.message})`,
          );
    });
    if (res.body) return res.body;
    if (!res.location) throw new PhotoFetchError(`the server answered ${res.status}`);
    url = new URL(res.location, url);
  }
  throw new PhotoFetchError('too many redirects');
}
