// Signed, expiring links in review-request emails: write a review, open pixel, unsubscribe, add a photo.
// HMAC-SHA256 over the payload with a key derived from ENCRYPTION_KEY; the reviews plugin verifies
// write links the same way (single use is enforced where the review is stored).
import crypto from 'node:crypto';

export interface LinkPayload {
  /** purpose: write a review, open pixel, unsubscribe, answer a merchant's edit request, verify a sender email, add photos to a review */
  p: 'write' | 'open' | 'unsub' | 'edit' | 'sender' | 'photo';
  shop: string;
  /** email queue entry id */
  q: number;
  /** order id (text, past 2^53) */
  o: string;
  /** product id for write links */
  pr?: string;
  /** edit and photo links: the review id; edit links also carry when the edit was requested (ms) so a newer request voids older links (q is 0 there) */
  r?: number;
  t?: number;
  /** sender links: the address being verified; q is 0 and o empty there */
  email?: string;
  /** expiry, unix seconds */
  exp: number;
}

export function linkKey(encryptionKey: Buffer): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', encryptionKey, Buffer.alloc(0), 'plaudit review links v1', 32));
}

export function signLink(key: Buffer, payload: LinkPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${crypto.createHmac('sha256', key).update(body).digest('base64url')}`;
}

export function verifyLink(key: Buffer, token: string, purpose: LinkPayload['p'], now = Date.now()): LinkPayload | undefined {
  const [body, sig] = token.split('.');
  if (!body || !sig) return undefined;
  const expected = crypto.createHmac('sha256', key).update(body).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as LinkPayload;
    return payload.p === purpose && payload.exp * 1000 > now ? payload : undefined;
  } catch {
    return undefined;
  }
}
