// Omnisend as the integrations emulator speaks it (omnisend.md cites the documentation): the v5 REST
// API at api.omnisend.com with the store's API key in `X-API-KEY`; `POST /v5/events` (customer
// events: eventName, origin, contact, properties, eventID + eventTime for de-duplication) answered
// 202 Accepted; `GET /v5/contacts` as the cheap authenticated call a connection is verified with;
// v5 error bodies `{ error, fields }`; 400 requests per minute per key, every answer carrying
// X-Rate-Limit-Limit / -Remaining / -Reset, and 429 (with Retry-After) past it.
import crypto from 'node:crypto';
import type { Vendor, VendorAnswer, VendorRequest } from './types';

export const OMNISEND_HOST = 'api.omnisend.com';
const LIMIT = 400;
const WINDOW_MS = 60_000;

/** An event as Omnisend stored it: the body it accepted, and which key sent it. */
export interface OmnisendEvent {
  /** sha256 of the key that sent it (tests compare with their own key's hash) */
  keyHash: string;
  eventName: string;
  eventID: string;
  eventTime: string;
  origin: string;
  eventVersion?: string;
  contact: Record<string, unknown>;
  properties: Record<string, unknown>;
  receivedAt: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[4-7][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// RFC 3339 date-time (fractions and offsets allowed)
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const hashOf = (key: string) => crypto.createHash('sha256').update(key).digest('hex');
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The v5 body's checks; `fields` maps a path to what is wrong with it (empty when valid). */
function validate(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!isObject(body)) return { body: 'must be an object' };
  if (typeof body.eventName !== 'string' || !body.eventName.trim()) fields.eventName = 'required';
  if (typeof body.origin !== 'string' || !body.origin.trim()) fields.origin = 'required';
  if (body.eventID !== undefined && (typeof body.eventID !== 'string' || !UUID.test(body.eventID))) fields.eventID = 'must be a UUID';
  if (body.eventTime !== undefined && (typeof body.eventTime !== 'string' || !RFC3339.test(body.eventTime))) fields.eventTime = 'must be RFC3339 date-time';
  if (body.eventVersion !== undefined && typeof body.eventVersion !== 'string') fields.eventVersion = 'must be a string';
  if (body.properties !== undefined && !isObject(body.properties)) fields.properties = 'must be an object';
  if (!isObject(body.contact)) fields.contact = 'required';
  else {
    const { email, phone, id } = body.contact;
    if (email === undefined && phone === undefined && id === undefined) fields.contact = 'one of email, phone or id is required';
    if (email !== undefined && (typeof email !== 'string' || !EMAIL.test(email))) fields['contact.email'] = 'invalid email';
    for (const k of ['firstName', 'lastName'] as const)
      if (body.contact[k] !== undefined && typeof body.contact[k] !== 'string') fields[`contact.${k}`] = 'must be a string';
  }
  return fields;
}

export function omnisend(): Vendor {
  const keys = new Set<string>();
  const revoked = new Set<string>();
  const windows = new Map<string, { start: number; count: number }>();
  /** stored events by `<key hash>|<eventID>|<eventTime>`: the same pair is processed once */
  const events = new Map<string, OmnisendEvent>();
  let throttled = 0;

  function rateHeaders(key: string, now: number): { headers: Record<string, string>; over: boolean; resetSeconds: number } {
    let w = windows.get(key);
    if (!w || now - w.start >= WINDOW_MS) windows.set(key, (w = { start: now, count: 0 }));
    w.count += 1;
    const resetSeconds = Math.max(1, Math.ceil((w.start + WINDOW_MS - now) / 1000));
    const headers = {
      'X-Rate-Limit-Limit': String(LIMIT),
      'X-Rate-Limit-Remaining': String(Math.max(0, LIMIT - w.count)),
      'X-Rate-Limit-Reset': String(resetSeconds),
    };
    return { headers, over: w.count > LIMIT, resetSeconds };
  }

  function handle(req: VendorRequest): VendorAnswer {
    const key = req.headers['x-api-key'];
    if (!key) return { status: 401, body: { error: 'Unauthorized: X-API-KEY header is missing', fields: {} } };
    if (!keys.has(key) || revoked.has(key)) return { status: 403, body: { error: 'Forbidden: API key is not valid', fields: {} } };

    const rate = rateHeaders(key, Date.now());
    if (throttled > 0) {
      throttled -= 1;
      return { status: 429, headers: { ...rate.headers, 'Retry-After': '1' }, body: { error: 'Too many requests', fields: {} } };
    }
    if (rate.over)
      return { status: 429, headers: { ...rate.headers, 'Retry-After': String(rate.resetSeconds) }, body: { error: 'Too many requests', fields: {} } };

    if (req.method === 'GET' && req.path === '/v5/contacts') {
      const limit = Math.min(250, Math.max(1, Number(req.query.get('limit') ?? 100) || 100));
      return { status: 200, headers: rate.headers, body: { contacts: [], paging: { previous: null, next: null, limit, offset: 0 } } };
    }
    if (req.method === 'POST' && req.path === '/v5/events') {
      let body: unknown;
      try {
        body = JSON.parse(req.body);
      } catch {
        return { status: 400, headers: rate.headers, body: { error: 'Invalid JSON body', fields: {} } };
      }
      const fields = validate(body);
      if (Object.keys(fields).length) return { status: 400, headers: rate.headers, body: { error: 'Validation failed', fields } };
      const b = body as Record<string, any>;
      const eventID = b.eventID ?? crypto.randomUUID();
      const eventTime = b.eventTime ?? new Date().toISOString();
      const id = `${hashOf(key)}|${eventID}|${eventTime}`;
      if (!events.has(id)) {
        events.set(id, {
          keyHash: hashOf(key),
          eventName: b.eventName,
          eventID,
          eventTime,
          origin: b.origin,
          eventVersion: b.eventVersion,
          contact: b.contact,
          properties: b.properties ?? {},
          receivedAt: Date.now(),
        });
      }
      return { status: 202, headers: rate.headers };
    }
    return { status: 404, headers: rate.headers, body: { error: 'Not found', fields: {} } };
  }

  return {
    name: 'omnisend',
    hosts: [OMNISEND_HOST],
    handle,
    control: {
      /** makes `key` a valid API key (again) */
      key: ({ key }: { key: string }) => {
        keys.add(key);
        revoked.delete(key);
        return { ok: true };
      },
      /** the merchant deleted the key in Omnisend: every call with it is refused from now on */
      revoke: ({ key }: { key: string }) => {
        revoked.add(key);
        return { ok: true };
      },
      /** the next `count` authenticated calls answer 429 with Retry-After: 1 */
      throttle: ({ count }: { count: number }) => {
        throttled = Math.max(0, Number(count) || 0);
        return { ok: true };
      },
      /** the events Omnisend stored (each eventID + eventTime once), oldest first; `keyHash` filters */
      events: ({ keyHash }: { keyHash?: string } = {}) => [...events.values()].filter((e) => !keyHash || e.keyHash === keyHash),
    },
    reset() {
      keys.clear();
      revoked.clear();
      windows.clear();
      events.clear();
      throttled = 0;
    },
  };
}
