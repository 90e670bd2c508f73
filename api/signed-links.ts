// Links signed before plugins declared their link purposes (api/kernel/links.ts): version 1, kept
// only so links already mailed (unsubscribe links must keep working) verify until they expire.
// Nothing signs new ones except the tests that prove old links still work.
import crypto from 'node:crypto';

/** A version-1 payload: `p` names the purpose, the other short fields are the issuing plugin's. */
export interface LinkPayload {
  p: string;
  shop: string;
  /** expiry, unix seconds */
  exp: number;
  [field: string]: unknown;
}

export function linkKey(encryptionKey: Buffer): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', encryptionKey, Buffer.alloc(0), 'plaudit review links v1', 32));
}

export function signLink(key: Buffer, payload: LinkPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${crypto.createHmac('sha256', key).update(body).digest('base64url')}`;
}

export function verifyLink(key: Buffer, token: string, purpose: string, now = Date.now()): LinkPayload | undefined {
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

/** A token's payload without checking it (tests reading which link a mail holds; never for trust). */
export function readLink(token: string): LinkPayload {
  return JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()) as LinkPayload;
}
