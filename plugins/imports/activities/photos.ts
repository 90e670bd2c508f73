// Photos named by URL in an import (a file's photo column, a marketplace's review images): fetched
// by our servers through the kernel's outbound guard, so never from our own network in production
// (IP literals, names and every redirect target checked), at most 5 MB and 15 s each, 3 redirects;
// then the reviews plugin's upload pipeline cleans and stores them.
import { outboundFetch, OutboundFetchError } from '@plaudit/kernel';

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 3;

export class PhotoFetchError extends Error {}

export interface PhotoFetchOptions {
  production: boolean;
  /** the marketplace emulator: https://<host>/<path> is fetched as <base>/hosts/<host>/<path> */
  rewrite?: (url: string) => string;
  /** the emulator's origin (MARKETPLACE_BASE_URL): the operator's, reached even on loopback */
  trusted?: string;
}

const REASONS: Partial<Record<string, string>> = {
  'too-large': 'File size should not be more than 5MB',
  timeout: 'the server did not answer in 15 s',
};

/** The photo's bytes, or PhotoFetchError with a reason for the error report. */
export async function fetchPhoto(raw: string, o: PhotoFetchOptions): Promise<Buffer> {
  let url: string;
  try {
    url = o.rewrite ? o.rewrite(raw) : raw;
  } catch {
    throw new PhotoFetchError('not a URL');
  }
  const res = await outboundFetch(url, {
    production: o.production,
    trusted: [o.trusted],
    timeoutMs: TIMEOUT_MS,
    maxBytes: PHOTO_MAX_BYTES,
    maxRedirects: MAX_REDIRECTS,
    headers: { accept: 'image/*' },
  }).catch((err: Error) => {
    throw new PhotoFetchError(err instanceof OutboundFetchError ? (REASONS[err.reason] ?? err.message) : `could not be fetched (${err.message})`);
  });
  if (res.status !== 200) throw new PhotoFetchError(`the server answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}
