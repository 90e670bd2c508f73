// Webhook signatures (WEBHOOKS.md "Verifying a delivery"): `Plaudit-Signature: t=<unix seconds>,v1=<hex>`
// where v1 is HMAC-SHA256, keyed with the subscription's secret, of `<t>.<raw body>`. The timestamp is
// inside the signed text, so a captured delivery cannot be replayed later than the tolerance.
import crypto from 'node:crypto';

/** How old a signature's timestamp may be when the receiver checks it. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, text: string) => crypto.createHmac('sha256', secret).update(text, 'utf8').digest('hex');

/** The `Plaudit-Signature` header for a body sent at `timestamp` (unix seconds). */
export function signPayload(secret: string, rawBody: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${hmac(secret, `${timestamp}.${rawBody}`)}`;
}

/**
 * Whether `header` signs `rawBody` with `secret` at a time within the tolerance of `now` (ms).
 * Several v1 values may be present; any one that matches is enough.
 */
export function verifySignature(
  secret: string,
  rawBody: string,
  header: string | undefined,
  { now = Date.now(), toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS } = {},
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = parts.find(([k]) => k === 't')?.[1];
  if (!t || !/^\d+$/.test(t) || Math.abs(now / 1000 - Number(t)) > toleranceSeconds) return false;
  const expected = Buffer.from(hmac(secret, `${t}.${rawBody}`), 'hex');
  return parts.filter(([k, v]) => k === 'v1' && v && /^[0-9a-f]{64}$/i.test(v)).some(([, v]) => crypto.timingSafeEqual(expected, Buffer.from(v, 'hex')));
}

/** A new subscription secret: `whsec_` and 32 random bytes (base64url). The whole string is the HMAC key. */
export const newWebhookSecret = () => `whsec_${crypto.randomBytes(32).toString('base64url')}`;
