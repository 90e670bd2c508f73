// Klaviyo as the integration-klaviyo plugin calls it (emulator/integrations/klaviyo.md cites the
// documentation of every shape): `https://a.klaviyo.com/api/...` with `Authorization: Klaviyo-API-Key
// <private key>` and a dated `revision` header. Answers:
//   POST /api/events     the JSON:API event body, checked; 202 with an empty body; an event whose
//                        `unique_id` was already accepted is answered 202 again but stored once
//   GET  /api/accounts   the key's account (the cheap authenticated call that verifies a key)
// and Klaviyo's JSON:API error bodies `{ errors: [{ id, status, code, title, detail, source }] }`:
// 400 without `revision` or with a malformed body, 401 `not_authenticated` for a missing or unknown
// key, 403 `permission_denied` for a revoked one, 429 `throttled` with `Retry-After` (a test arms it).
// Test controls (POST /_control/klaviyo/<action>): key { key }, revoke { key }, throttle { count,
// retryAfter? }, events {} (what was stored, oldest first).
import crypto from 'node:crypto';
import type { Vendor, VendorAnswer, VendorRequest } from './types';

export interface KlaviyoEvent {
  /** the private key it came with */
  key: string;
  metric: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileProperties: Record<string, unknown>;
  properties: Record<string, unknown>;
  uniqueId: string | null;
  time: string | null;
  value: number | null;
  revision: string;
  at: number;
}

const JSON_API = 'application/vnd.api+json';
/** Klaviyo's revisions are dates (YYYY-MM-DD, optionally with a suffix such as .pre) */
const REVISION = /^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/;

type ErrorSource = { pointer?: string; parameter?: string; header?: string };

function error(status: number, code: string, title: string, detail: string, source?: ErrorSource, headers?: Record<string, string>): VendorAnswer {
  return {
    status,
    headers: { 'content-type': JSON_API, ...headers },
    body: { errors: [{ id: crypto.randomUUID(), status, code, title, detail, ...(source ? { source } : {}), links: {}, meta: {} }] },
  };
}

const invalid = (detail: string, pointer: string) => error(400, 'invalid', 'Invalid input.', detail, { pointer });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);

/** The event body's checks, as Klaviyo's validation answers them; the stored event when valid. */
function parseEvent(text: string, key: string, revision: string): KlaviyoEvent | VendorAnswer {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return error(400, 'parse_error', 'Malformed request body.', 'JSON parse error', { pointer: '/data' });
  }
  if (!isObject(body) || !isObject(body.data)) return invalid("'data' is a required field.", '/data');
  const data = body.data;
  if (data.type !== 'event') return invalid(`'type' must be 'event', got '${String(data.type)}'.`, '/data/type');
  const a = data.attributes;
  if (!isObject(a)) return invalid("'attributes' is a required field.", '/data/attributes');
  if (!isObject(a.properties)) return invalid("'properties' is a required field.", '/data/attributes/properties');
  const metric = isObject(a.metric) && isObject(a.metric.data) ? a.metric.data : undefined;
  if (!metric || metric.type !== 'metric' || !isObject(metric.attributes) || !str(metric.attributes.name)) {
    return invalid("'metric' must be { data: { type: 'metric', attributes: { name } } }.", '/data/attributes/metric/data/attributes/name');
  }
  if (String(metric.attributes.name).length > 128) return invalid("'name' must be at most 128 characters.", '/data/attributes/metric/data/attributes/name');
  const profile = isObject(a.profile) && isObject(a.profile.data) ? a.profile.data : undefined;
  if (!profile || profile.type !== 'profile' || !isObject(profile.attributes)) {
    return invalid("'profile' must be { data: { type: 'profile', attributes: { ... } } }.", '/data/attributes/profile/data');
  }
  const p = profile.attributes;
  if (!str(p.email) && !str(p.phone_number) && !str(p.external_id) && !str(p.id) && !str(p.anonymous_id)) {
    return invalid('The profile must contain an identifier: email, phone_number, external_id or anonymous_id.', '/data/attributes/profile/data/attributes');
  }
  if (p.email !== undefined && !(typeof p.email === 'string' && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(p.email))) {
    return invalid('Invalid email address.', '/data/attributes/profile/data/attributes/email');
  }
  if (a.time !== undefined && (typeof a.time !== 'string' || Number.isNaN(Date.parse(a.time))))
    return invalid("'time' must be an ISO 8601 datetime.", '/data/attributes/time');
  if (a.value !== undefined && typeof a.value !== 'number') return invalid("'value' must be a number.", '/data/attributes/value');
  if (a.unique_id !== undefined && typeof a.unique_id !== 'string') return invalid("'unique_id' must be a string.", '/data/attributes/unique_id');
  return {
    key,
    metric: String(metric.attributes.name),
    email: str(p.email),
    firstName: str(p.first_name),
    lastName: str(p.last_name),
    profileProperties: isObject(p.properties) ? p.properties : {},
    properties: a.properties,
    uniqueId: str(a.unique_id),
    time: str(a.time),
    value: typeof a.value === 'number' ? a.value : null,
    revision,
    at: Date.now(),
  };
}

export function klaviyo(): Vendor {
  /** valid private keys -> their account id */
  const keys = new Map<string, string>();
  const revoked = new Set<string>();
  const events: KlaviyoEvent[] = [];
  /** per key: the unique_ids already stored */
  const seen = new Map<string, Set<string>>();
  let throttle = { count: 0, retryAfter: 1 };

  function authenticate(req: VendorRequest): { key: string } | VendorAnswer {
    const m = /^Klaviyo-API-Key\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (!m)
      return error(
        401,
        'not_authenticated',
        'Authentication credentials were not provided.',
        'Missing or invalid authorization scheme. Please use Klaviyo-API-Key.',
      );
    const key = m[1];
    if (revoked.has(key)) return error(403, 'permission_denied', 'You do not have permission to perform this action.', 'This API key has been revoked.');
    if (!keys.has(key)) return error(401, 'not_authenticated', 'Incorrect authentication credentials.', 'The private API key is invalid.');
    return { key };
  }

  return {
    name: 'klaviyo',
    hosts: ['a.klaviyo.com'],
    handle(req) {
      const path = req.path.replace(/\/+$/, '');
      const route = `${req.method} ${path}`;
      if (route !== 'POST /api/events' && route !== 'GET /api/accounts')
        return error(404, 'not_found', 'Not found.', `No route for ${req.method} ${req.path}.`);
      const auth = authenticate(req);
      if (!('key' in auth)) return auth;
      // the limits are per account: a throttled call of a known key is refused whatever it carries
      if (throttle.count > 0) {
        throttle.count--;
        return error(429, 'throttled', 'Request was throttled.', `Request was throttled. Expected available in ${throttle.retryAfter} second.`, undefined, {
          'retry-after': String(throttle.retryAfter),
        });
      }
      const revision = req.headers.revision;
      if (!revision) return error(400, 'invalid', 'Invalid input.', "The 'revision' header is required.", { header: 'revision' });
      if (!REVISION.test(revision))
        return error(400, 'invalid', 'Invalid input.', `'${revision}' is not a valid revision. Revisions are dates: YYYY-MM-DD.`, { header: 'revision' });

      if (route === 'GET /api/accounts') {
        const id = keys.get(auth.key)!;
        return {
          status: 200,
          headers: { 'content-type': JSON_API },
          body: {
            data: [
              {
                type: 'account',
                id,
                attributes: {
                  test_account: false,
                  contact_information: { organization_name: 'Emulated account' },
                  industry: null,
                  timezone: 'UTC',
                  preferred_currency: 'USD',
                  public_api_key: id,
                  locale: 'en-US',
                },
                links: { self: `https://a.klaviyo.com/api/accounts/${id}/` },
              },
            ],
            links: { self: 'https://a.klaviyo.com/api/accounts/', next: null, prev: null },
          },
        };
      }

      const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      if (type !== JSON_API && type !== 'application/json')
        return error(415, 'unsupported_media_type', 'Unsupported media type.', `Unsupported media type "${type}" in request.`);
      const parsed = parseEvent(req.body, auth.key, revision);
      if ('status' in parsed) return parsed;
      const ids = seen.get(auth.key) ?? new Set<string>();
      seen.set(auth.key, ids);
      // the same unique_id again: accepted, not stored twice (Klaviyo de-duplicates on it)
      if (!parsed.uniqueId || !ids.has(parsed.uniqueId)) {
        if (parsed.uniqueId) ids.add(parsed.uniqueId);
        events.push(parsed);
      }
      return { status: 202, body: '' };
    },
    control: {
      /** a valid private key (its account id derived from it) */
      key: ({ key }: { key: string }) => {
        keys.set(key, crypto.createHash('sha256').update(key).digest('hex').slice(0, 6).toUpperCase());
        revoked.delete(key);
        return { ok: true };
      },
      /** the merchant deleted the key in Klaviyo: every call with it is refused from now on */
      revoke: ({ key }: { key: string }) => {
        revoked.add(key);
        return { ok: true };
      },
      /** the next `count` calls are answered 429 with Retry-After (seconds, 1 unless told) */
      throttle: ({ count, retryAfter = 1 }: { count: number; retryAfter?: number }) => {
        throttle = { count, retryAfter };
        return { ok: true };
      },
      events: () => [...events],
    },
    reset() {
      keys.clear();
      revoked.clear();
      events.length = 0;
      seen.clear();
      throttle = { count: 0, retryAfter: 1 };
    },
  };
}
