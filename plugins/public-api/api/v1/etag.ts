// Validators for reads (RFC 9110 section 8.8.3): every GET answer carries a weak ETag, a hash of its
// JSON body, and a request whose If-None-Match names it is answered 304 without a body. Weak because
// the same JSON may be sent with other bytes (compression) and the hash is not of the
// representation's bytes on the wire; If-None-Match uses the weak comparison anyway (section 13.1.2).
import crypto from 'node:crypto';

export function weakEtag(json: string): string {
  return `W/"${crypto.hash('sha1', json, 'base64url')}"`;
}

/** If-None-Match's verdict for `etag`: true when the client's copy is current. */
export function notModified(ifNoneMatch: string, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === wanted);
}
