// Smile.io (loyalty) as the integration-smile plugin calls it: its REST API at https://api.smile.io/v1
// with Bearer keys, customers looked up by email and activities that earn points once per
// distinct_id, its 10 requests a second per key and its error bodies. Shapes and sources: smile.md.
import crypto from 'node:crypto';
import type { Vendor, VendorAnswer, VendorRequest } from './types';

export interface SmileCustomer {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  state: 'candidate' | 'member' | 'disabled';
  points_balance: number;
  created_at: string;
  updated_at: string;
}

export interface SmileActivity {
  id: number;
  customer_id: number;
  token: string;
  distinct_id: string | null;
  created_on_origin_at: string | null;
  created_at: string;
  updated_at: string;
  /** emulator only: the key (account) it was created with and the points it earned */
  key: string;
  points: number;
}

/** Points a way to earn gives for one activity unless `control.earn` says otherwise. */
export const SMILE_DEFAULT_POINTS = 100;
/** Smile: "All API tokens are permitted to make up to 10 requests per second". */
const PER_SECOND = 10;

const json = (status: number, body: unknown, headers?: Record<string, string>): VendorAnswer => ({ status, body, ...(headers ? { headers } : {}) });
/** Smile's error object: `{ error: { message, request_id } }` (dev.smile.io/api/errors). */
const error = (status: number, message: string, headers?: Record<string, string>) =>
  json(status, { error: { message, request_id: crypto.randomUUID() } }, headers);

export function smile(): Vendor {
  const keys = new Set<string>();
  const customers = new Map<string, SmileCustomer>();
  const activities: SmileActivity[] = [];
  /** points a token's way to earn gives (unset: SMILE_DEFAULT_POINTS) */
  const earn = new Map<string, number>();
  /** emails Smile has no customer for (everyone else is one: it mirrors the store's customers) */
  const unknown = new Set<string>();
  let throttled = 0;
  let nextId = 300_000_000;
  const window = new Map<string, { second: number; count: number }>();

  const now = () => new Date().toISOString();
  const present = ({ key: _key, points: _points, ...a }: SmileActivity) => a;

  function customerFor(email: string): SmileCustomer | undefined {
    const e = email.trim().toLowerCase();
    if (unknown.has(e)) return undefined;
    let c = customers.get(e);
    if (!c) {
      c = { id: ++nextId, email: e, first_name: null, last_name: null, state: 'candidate', points_balance: 0, created_at: now(), updated_at: now() };
      customers.set(e, c);
    }
    return c;
  }

  function bearer(req: VendorRequest): string | undefined {
    const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    return m?.[1];
  }

  function overLimit(key: string): boolean {
    const second = Math.floor(Date.now() / 1000);
    const w = window.get(key);
    if (!w || w.second !== second) {
      window.set(key, { second, count: 1 });
      return false;
    }
    return ++w.count > PER_SECOND;
  }

  function listCustomers(req: VendorRequest): VendorAnswer {
    const email = req.query.get('email');
    const limit = Math.min(250, Math.max(1, Number(req.query.get('limit') ?? 50) || 50));
    const found = email ? [customerFor(email)].filter((c): c is SmileCustomer => !!c) : [...customers.values()].sort((a, b) => b.id - a.id);
    return json(200, { customers: found.slice(0, limit), metadata: { next_cursor: null, previous_cursor: null } });
  }

  function createActivity(req: VendorRequest, key: string): VendorAnswer {
    if (!/^application\/json/i.test(req.headers['content-type'] ?? '')) return error(400, 'The request must have a Content-Type of application/json.');
    let body: { activity?: Record<string, unknown> };
    try {
      body = JSON.parse(req.body || 'null');
    } catch {
      return error(400, 'The request body is not valid JSON.');
    }
    const a = body?.activity;
    if (!a || typeof a !== 'object') return error(400, 'Missing required parameter: activity.');
    if (typeof a.token !== 'string' || !a.token) return error(400, 'Missing required parameter: activity.token.');
    if (!/^activity_[A-Za-z0-9]+$/.test(a.token)) return error(400, 'An invalid `token` value was provided.');
    if (a.customer_id === undefined || a.customer_id === null || a.customer_id === '') return error(400, 'Missing required parameter: activity.customer_id.');
    const customer = [...customers.values()].find((c) => c.id === Number(a.customer_id));
    if (!customer) return error(422, 'The customer could not be found.');
    if (customer.state === 'disabled') return error(422, 'The customer is excluded from the program.');
    const distinctId = typeof a.distinct_id === 'string' || typeof a.distinct_id === 'number' ? String(a.distinct_id) : null;
    // one activity per token and distinct_id in an account: a repeat earns nothing and gets the first one back
    const repeat = distinctId !== null && activities.find((x) => x.key === key && x.token === a.token && x.distinct_id === distinctId);
    if (repeat) return json(200, { activity: present(repeat) });
    const points = earn.get(a.token) ?? SMILE_DEFAULT_POINTS;
    const at = now();
    const activity: SmileActivity = {
      id: ++nextId,
      customer_id: customer.id,
      token: a.token,
      distinct_id: distinctId,
      created_on_origin_at: typeof a.created_on_origin_at === 'string' ? a.created_on_origin_at : null,
      created_at: at,
      updated_at: at,
      key,
      points,
    };
    activities.push(activity);
    // the way to earn is evaluated (asynchronously at Smile): the points land on the customer
    customer.points_balance += points;
    if (customer.state === 'candidate') customer.state = 'member';
    customer.updated_at = at;
    return json(201, { activity: present(activity) });
  }

  return {
    name: 'smile',
    hosts: ['api.smile.io'],
    handle(req) {
      const key = bearer(req);
      if (!key || !keys.has(key)) return error(401, 'The required authentication credentials are missing from the request or are incorrect.');
      if (throttled > 0) {
        throttled--;
        return error(429, 'The request was not accepted because your API consumer has exceeded its rate limit.', { 'retry-after': '1' });
      }
      if (overLimit(key)) return error(429, 'The request was not accepted because your API consumer has exceeded its rate limit.', { 'retry-after': '1' });
      if (req.method === 'GET' && req.path === '/v1/customers') return listCustomers(req);
      if (req.method === 'POST' && req.path === '/v1/activities') return createActivity(req, key);
      return error(404, "The requested resource doesn't exist.");
    },
    control: {
      /** a valid key (an API key or the account's private key) */
      key: ({ key }: { key: string }) => void keys.add(key),
      /** the merchant deleted the key: every call with it is 401 from now on */
      revoke: ({ key }: { key: string }) => void keys.delete(key),
      /** the next `count` requests are answered 429 with Retry-After: 1 */
      throttle: ({ count }: { count: number }) => void (throttled = count),
      /** the points the way to earn of `token` gives */
      earn: ({ token, points }: { token: string; points: number }) => void earn.set(token, points),
      /** an email Smile has no customer for */
      unknownCustomer: ({ email }: { email: string }) => void unknown.add(email.trim().toLowerCase()),
      /** the activities that earned points (repeats are not in it), oldest first */
      activities: ({ key }: { key?: string } = {}) => activities.filter((a) => !key || a.key === key).map((a) => ({ ...present(a), points: a.points })),
      /** customers by email with their points */
      customers: () => Object.fromEntries([...customers.values()].map((c) => [c.email, { id: c.id, points: c.points_balance, state: c.state }])),
    },
    reset() {
      keys.clear();
      customers.clear();
      activities.length = 0;
      earn.clear();
      unknown.clear();
      window.clear();
      throttled = 0;
    },
  };
}
