// Google's two endpoints the syndication plugin's Merchant API push calls (google-merchant.md cites
// the documentation):
// - oauth2.googleapis.com/token: the service-account JWT bearer grant (RFC 7523). The assertion's
//   RS256 signature is verified with the public key of the test key pair the service account was
//   registered with; iss, aud, scope and a lifetime of at most an hour are checked. Errors are
//   OAuth's `{ error, error_description }` (400 invalid_grant, invalid_scope, unsupported_grant_type).
// - merchantapi.googleapis.com/reviews/v1: accounts.productReviews insert (by productReviewId: a
//   second insert replaces), get, list and delete, for the accounts the service account may use,
//   with Google's `{ error: { code, message, status } }` bodies; a spent quota is 429 RESOURCE_EXHAUSTED.
import crypto from 'node:crypto';
import { decodeJwt, importSPKI, jwtVerify } from 'jose';
import type { Vendor, VendorAnswer, VendorRequest } from './types';

const TOKEN_URL = 'https://oauth2.googleapis.com/token';
const CONTENT_SCOPE = 'https://www.googleapis.com/auth/content';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

interface ServiceAccount {
  clientEmail: string;
  /** PEM (SPKI) of the test key pair's public half */
  publicKey: string;
  /** Merchant Center account id -> its product review data source ids */
  accounts: Map<string, Set<string>>;
}

interface StoredReview {
  name: string;
  productReviewId: string;
  productReviewAttributes: Record<string, unknown>;
  dataSource: string;
}

const oauthError = (error: string, description: string): VendorAnswer => ({ status: 400, body: { error, error_description: description } });
const apiError = (code: number, status: string, message: string): VendorAnswer => ({ status: code, body: { error: { code, message, status } } });

/** The ProductReview checks Google documents as required (productReviewId, reviewTime, content) and the rating's range. */
function invalidReview(b: { productReviewId?: unknown; productReviewAttributes?: Record<string, unknown> }): string | undefined {
  if (typeof b.productReviewId !== 'string' || !b.productReviewId) return 'product_review_id is required.';
  const a = b.productReviewAttributes;
  if (!a || typeof a !== 'object') return 'product_review_attributes is required.';
  if (typeof a.reviewTime !== 'string' || Number.isNaN(Date.parse(a.reviewTime))) return 'product_review_attributes.review_time is required.';
  if (typeof a.content !== 'string' || !a.content.trim()) return 'product_review_attributes.content is required.';
  const [min, max, rating] = [a.minRating ?? 1, a.maxRating ?? 5, a.rating];
  if (rating !== undefined && (typeof rating !== 'number' || rating < Number(min) || rating > Number(max)))
    return 'product_review_attributes.rating must be between min_rating and max_rating.';
  return undefined;
}

export function googleMerchant(): Vendor {
  const accounts = new Map<string, ServiceAccount>();
  /** access token -> service account email */
  const tokens = new Map<string, string>();
  /** review name -> review */
  const reviews = new Map<string, StoredReview>();
  let throttled = 0;

  async function token(req: VendorRequest): Promise<VendorAnswer> {
    const form = new URLSearchParams(req.body);
    if (form.get('grant_type') !== JWT_BEARER) return oauthError('unsupported_grant_type', 'Invalid grant_type: ' + (form.get('grant_type') ?? ''));
    const assertion = form.get('assertion') ?? '';
    let iss: string | undefined;
    try {
      iss = decodeJwt(assertion).iss;
    } catch {
      return oauthError('invalid_request', 'Invalid JWT.');
    }
    const account = iss ? accounts.get(iss) : undefined;
    if (!account) return oauthError('invalid_grant', 'Invalid grant: account not found');
    let claims: Record<string, unknown>;
    try {
      claims = (await jwtVerify(assertion, await importSPKI(account.publicKey, 'RS256'), { algorithms: ['RS256'], audience: TOKEN_URL, issuer: iss })).payload;
    } catch (err) {
      const signature = (err as { code?: string }).code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED';
      return oauthError('invalid_grant', signature ? 'Invalid JWT Signature.' : `Invalid JWT: ${(err as Error).message}`);
    }
    if (Number(claims.exp) - Number(claims.iat) > 3600)
      return oauthError('invalid_grant', 'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.');
    if (
      !String(claims.scope ?? '')
        .split(' ')
        .includes(CONTENT_SCOPE)
    )
      return oauthError('invalid_scope', 'Invalid OAuth scope or ID token audience provided.');
    const accessToken = `ya29.${crypto.randomBytes(24).toString('base64url')}`;
    tokens.set(accessToken, account.clientEmail);
    return { status: 200, body: { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' } };
  }

  function insert(req: VendorRequest, accountId: string, sa: ServiceAccount): VendorAnswer {
    const dataSource = req.query.get('dataSource') ?? '';
    const m = /^accounts\/(\d+)\/dataSources\/(\d+)$/.exec(dataSource);
    if (!m || m[1] !== accountId) return apiError(400, 'INVALID_ARGUMENT', 'Invalid data_source: expected accounts/{account}/dataSources/{datasource}.');
    if (!sa.accounts.get(accountId)?.has(m[2])) return apiError(404, 'NOT_FOUND', 'Data source not found.');
    let b: { productReviewId?: unknown; productReviewAttributes?: Record<string, unknown> };
    try {
      b = JSON.parse(req.body || '{}');
    } catch {
      return apiError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
    }
    const invalid = invalidReview(b);
    if (invalid) return apiError(400, 'INVALID_ARGUMENT', invalid);
    const name = `accounts/${accountId}/productReviews/${b.productReviewId as string}`;
    const stored: StoredReview = { name, productReviewId: b.productReviewId as string, productReviewAttributes: b.productReviewAttributes!, dataSource };
    reviews.set(name, stored);
    return { status: 200, body: { ...stored, productReviewStatus: {} } };
  }

  function api(req: VendorRequest): VendorAnswer {
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const sa = token ? accounts.get(tokens.get(token) ?? '') : undefined;
    if (!sa)
      return apiError(
        401,
        'UNAUTHENTICATED',
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      );
    const m = /^\/reviews\/v1\/accounts\/([^/:]+)\/productReviews(:insert|\/[^/]+)?$/.exec(req.path);
    if (!m) return apiError(404, 'NOT_FOUND', 'Requested entity was not found.');
    const [, accountId, rest = ''] = m;
    if (!sa.accounts.has(accountId)) return apiError(403, 'PERMISSION_DENIED', `The caller does not have access to the accounts: [${accountId}]`);
    if (throttled > 0) {
      throttled--;
      return apiError(
        429,
        'RESOURCE_EXHAUSTED',
        `Quota exceeded for quota metric 'Requests' and limit 'Requests per minute' of service 'merchantapi.googleapis.com'.`,
      );
    }
    if (rest === ':insert' && req.method === 'POST') return insert(req, accountId, sa);
    if (rest === '' && req.method === 'GET') {
      const mine = [...reviews.values()].filter((r) => r.name.startsWith(`accounts/${accountId}/`));
      return { status: 200, body: { productReviews: mine.slice(0, Number(req.query.get('pageSize')) || 1000) } };
    }
    const name = `accounts/${accountId}/productReviews${rest}`;
    const found = reviews.get(name);
    if (req.method === 'GET' || req.method === 'DELETE') {
      if (!found) return apiError(404, 'NOT_FOUND', `ProductReview ${name} not found.`);
      if (req.method === 'DELETE') reviews.delete(name);
      return { status: 200, body: req.method === 'GET' ? found : {} };
    }
    return apiError(404, 'NOT_FOUND', 'Requested entity was not found.');
  }

  return {
    name: 'google-merchant',
    hosts: ['oauth2.googleapis.com', 'merchantapi.googleapis.com'],
    handle(req) {
      if (req.host === 'oauth2.googleapis.com') {
        return req.path === '/token' && req.method === 'POST' ? token(req) : { status: 404, body: 'Not Found' };
      }
      return api(req);
    },
    control: {
      /** a service account (its test key pair's public key) allowed on a Merchant Center account with one product review data source */
      serviceAccount: ({
        clientEmail,
        publicKey,
        accountId,
        dataSourceId,
      }: {
        clientEmail: string;
        publicKey: string;
        accountId: string;
        dataSourceId: string;
      }) => {
        const sa = accounts.get(clientEmail) ?? { clientEmail, publicKey, accounts: new Map() };
        sa.publicKey = publicKey;
        sa.accounts.set(accountId, (sa.accounts.get(accountId) ?? new Set()).add(dataSourceId));
        accounts.set(clientEmail, sa);
      },
      /** the account's stored product reviews */
      reviews: ({ accountId }: { accountId: string }) => [...reviews.values()].filter((r) => r.name.startsWith(`accounts/${accountId}/`)),
      /** the next `count` Merchant API requests are answered 429 RESOURCE_EXHAUSTED */
      throttle: ({ count }: { count: number }) => void (throttled = count),
    },
    reset() {
      accounts.clear();
      tokens.clear();
      reviews.clear();
      throttled = 0;
    },
  };
}
