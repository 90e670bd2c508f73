// HS256 JWTs for session tokens (what App Bridge's `shopify.idToken()` returns), signed and checked
// with the app's client secret the way Shopify does.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

export interface SessionTokenClaims {
  iss: string;
  dest: string;
  aud: string;
  sub: string;
  exp: number;
  nbf: number;
  iat: number;
  jti: string;
  sid: string;
}

export function signJwt(payload: object, secret: string): string {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(payload));
  const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}

/** Claims exactly as SHOPIFY.md lists them; lifetime 60 s. */
export function sessionTokenClaims(shop: string, apiKey: string, userId: string, sid: string, now = Date.now()): SessionTokenClaims {
  const iat = Math.floor(now / 1000);
  return {
    iss: `https://${shop}/admin`,
    dest: `https://${shop}`,
    aud: apiKey,
    sub: userId,
    exp: iat + 60,
    nbf: iat,
    iat,
    jti: randomUUID(),
    sid,
  };
}

/** Verifies signature, algorithm, time window (10 s skew) and audience; returns the claims or a reason. */
export function verifySessionToken(token: string, secret: string, apiKey: string, now = Date.now()): { claims?: SessionTokenClaims; error?: string } {
  const parts = token.split('.');
  if (parts.length !== 3) return { error: 'malformed token' };
  let header: { alg?: string };
  let claims: SessionTokenClaims;
  try {
    header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return { error: 'malformed token' };
  }
  if (header.alg !== 'HS256') return { error: 'unexpected algorithm' };
  const expected = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { error: 'bad signature' };
  const t = Math.floor(now / 1000);
  if (typeof claims.exp !== 'number' || claims.exp + 10 < t) return { error: 'expired' };
  if (typeof claims.nbf !== 'number' || claims.nbf - 10 > t) return { error: 'not yet valid' };
  if (claims.aud !== apiKey) return { error: 'wrong audience' };
  if (typeof claims.dest !== 'string' || claims.iss !== `${claims.dest}/admin`) return { error: 'iss and dest disagree' };
  return { claims };
}
