// Google's two endpoints the push calls, reached through the kernel's vendorUrl (the integrations
// emulator's doubles in tests: emulator/integrations/google-merchant.ts).
// - The token: OAuth 2.0 for service accounts, the JWT bearer grant (RFC 7523,
//   https://developers.google.com/identity/protocols/oauth2/service-account#httprest): a JWT signed
//   RS256 with the account's private key, claims iss (client_email), scope, aud (the token URL),
//   iat and exp (at most an hour later), POSTed form-encoded as grant_type
//   urn:ietf:params:oauth:grant-type:jwt-bearer and assertion; the answer's access_token lasts
//   expires_in seconds. Signed with jose, not by hand.
// - The Merchant API's reviews sub-API, v1
//   (https://developers.google.com/merchant/api/reference/rest/reviews_v1/accounts.productReviews):
//   POST reviews/v1/accounts/{account}/productReviews:insert?dataSource=accounts/{account}/dataSources/{id}
//   with a ProductReview (insert or replace by productReviewId), answered with the ProductReview and its
//   `name`; DELETE reviews/v1/{name} answered `{}`; GET .../productReviews (list) checks access.
//   Errors are Google's `{ error: { code, message, status } }` (https://cloud.google.com/apis/design/errors);
//   a quota spent is 429 RESOURCE_EXHAUSTED.
import crypto from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import { vendorUrl, type Config } from '@plaudit/kernel';
import type { GoogleCredentials } from './google-credentials';
import type { GoogleProductReview } from './google-review';

export const TOKEN_URL = 'https://oauth2.googleapis.com/token';
export const CONTENT_SCOPE = 'https://www.googleapis.com/auth/content';
const MERCHANT_API = 'https://merchantapi.googleapis.com/reviews/v1';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** 429s (and 5xx) waited out per call before giving up: then the caller's own retry takes over. */
const BUSY_TRIES = 6;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Google said no to this call: a refusal repeating the call would get again (4xx but 429). */
export class GoogleRefused extends Error {
  constructor(
    readonly httpStatus: number,
    readonly status: string,
    message: string,
  ) {
    super(message);
    this.name = 'GoogleRefused';
  }
}

/** Access tokens by service account and key, in this process (an hour each; kept until a minute before). */
const tokens = new Map<string, { token: string; until: number }>();
const tokenKey = (c: GoogleCredentials) => crypto.createHash('sha256').update(`${c.clientEmail}\n${c.privateKey}`).digest('hex');

async function refusal(res: Response, what: string): Promise<GoogleRefused> {
  const body = (await res.json().catch(() => ({}))) as { error?: { message?: string; status?: string } | string; error_description?: string };
  // the token endpoint answers OAuth's { error, error_description }, the API Google's { error: { status, message } }
  const e = body.error;
  const status = typeof e === 'string' ? e : (e?.status ?? String(res.status));
  const message = typeof e === 'string' ? (body.error_description ?? e) : (e?.message ?? res.statusText);
  return new GoogleRefused(res.status, status, `${what}: Google answered ${res.status} ${status}: ${message}`.slice(0, 480));
}

export function googleMerchant(config: Pick<Config, 'integrationsBaseUrl'>, c: GoogleCredentials) {
  const url = (u: string) => vendorUrl(u, config.integrationsBaseUrl);
  /** time spent waiting for Google's quota during this client's calls (the re-sync paces by it) */
  let waitedMs = 0;

  async function accessToken(): Promise<string> {
    const kept = tokens.get(tokenKey(c));
    if (kept && kept.until > Date.now()) return kept.token;
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope: CONTENT_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(c.clientEmail)
      .setAudience(TOKEN_URL)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(await importPKCS8(c.privateKey, 'RS256'));
    const res = await fetch(url(TOKEN_URL), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: JWT_BEARER, assertion }).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    if (res.status >= 500) throw new Error(`Google's token endpoint answered ${res.status}`);
    if (!res.ok) throw await refusal(res, 'Access token');
    const body = (await res.json()) as { access_token: string; expires_in: number };
    tokens.set(tokenKey(c), { token: body.access_token, until: Date.now() + (body.expires_in - 60) * 1000 });
    return body.access_token;
  }

  /** One API call: quota answers (429) and 5xx waited out (Retry-After, else doubling), an expired token renewed once. */
  async function call(method: string, path: string, what: string, body?: unknown): Promise<unknown> {
    let renewed = false;
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(url(`${MERCHANT_API}/${path}`), {
        method,
        headers: { authorization: `Bearer ${await accessToken()}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(15_000),
      });
      if (res.ok) return res.json().catch(() => ({}));
      if (res.status === 401 && !renewed) {
        renewed = true;
        tokens.delete(tokenKey(c));
        continue;
      }
      if (res.status !== 429 && res.status < 500) throw await refusal(res, what);
      if (attempt >= BUSY_TRIES) throw new Error(`${what}: Google still answered ${res.status} after ${attempt} tries`);
      const after = Number(res.headers.get('retry-after'));
      const wait = Number.isFinite(after) && after > 0 ? after * 1000 : 500 * 2 ** (attempt - 1);
      waitedMs += wait;
      await sleep(wait);
    }
  }

  const account = `accounts/${c.accountId}`;
  return {
    get waitedMs() {
      return waitedMs;
    },
    /** The credentials check: a token, then one page of the account's reviews. */
    async check(): Promise<void> {
      await call('GET', `${account}/productReviews?pageSize=1`, 'Merchant Center account');
    },
    /** Inserts (or replaces) the review; answers its resource name. */
    async insert(review: GoogleProductReview): Promise<string> {
      const dataSource = encodeURIComponent(`${account}/dataSources/${c.dataSourceId}`);
      const r = (await call('POST', `${account}/productReviews:insert?dataSource=${dataSource}`, `Review ${review.productReviewId}`, review)) as {
        name?: string;
      };
      if (!r.name) throw new Error(`Review ${review.productReviewId}: Google's answer has no name`);
      return r.name;
    },
    /** Deletes the review by its resource name; one Google no longer has is gone already. */
    async remove(name: string): Promise<void> {
      try {
        await call('DELETE', name, `Deleting ${name}`);
      } catch (err) {
        if (!(err instanceof GoogleRefused && err.httpStatus === 404)) throw err;
      }
    },
  };
}
export type GoogleMerchant = ReturnType<typeof googleMerchant>;
