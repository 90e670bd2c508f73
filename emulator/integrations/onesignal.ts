// OneSignal (web push) as the integration-web-push plugin calls it (onesignal.md cites the
// documentation): the REST API at api.onesignal.com (and the legacy onesignal.com/api/v1), an app's
// App ID with one of its App API keys in `Authorization: Key <key>` (legacy `Basic <key>`);
// `POST /notifications` (Create message: app_id, include_aliases.external_id + target_channel,
// headings, contents, web_url, web_buttons, idempotency_key) answered 200 `{ id, external_id }`, a
// repeated idempotency_key answering the first result and sending nothing new; `GET /notifications?
// app_id=&limit=` (View messages) as the cheap call a connection is verified with; error bodies
// `{ errors: [...] }`; 429 `API rate limit exceeded.` with Retry-After.
import crypto from 'node:crypto';
import type { Vendor, VendorAnswer, VendorRequest } from './types';

export const ONESIGNAL_HOSTS = ['api.onesignal.com', 'onesignal.com'];

/** A message OneSignal accepted (and "sent" to the external ids' push subscriptions). */
export interface OneSignalNotification {
  id: string;
  app_id: string;
  /** sha256 of the key that created it */
  keyHash: string;
  idempotency_key: string | null;
  target_channel: string | null;
  external_ids: string[];
  headings: Record<string, string>;
  contents: Record<string, string>;
  url: string | null;
  web_url: string | null;
  web_buttons: { id: string; text: string; url?: string; icon?: string }[];
  data: Record<string, unknown> | null;
  name: string | null;
  queued_at: number;
}

// RFC 9562 UUIDs as OneSignal asks for App IDs and idempotency keys
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
/** Create message: 150 requests a second per app on free plans. */
const CREATE_PER_SECOND = 150;

const hashOf = (key: string) => crypto.createHash('sha256').update(key).digest('hex');
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const errors = (status: number, list: string[], headers?: Record<string, string>): VendorAnswer => ({
  status,
  body: { errors: list },
  ...(headers ? { headers } : {}),
});
const APP_NOT_FOUND = 'app_id not found. You may be missing a Content-Type: application/json header.';
const ACCESS_DENIED =
  "Access denied.  Please include an 'Authorization: ...' header with a valid API key (https://documentation.onesignal.com/docs/accounts-and-keys#section-keys-ids).";
const RATE_LIMITED = 'API rate limit exceeded.';
const TARGETS = [
  'include_aliases',
  'include_external_user_ids',
  'include_subscription_ids',
  'include_player_ids',
  'included_segments',
  'excluded_segments',
  'filters',
] as const;

export function onesignal(): Vendor {
  /** app id -> its valid App API keys */
  const apps = new Map<string, Set<string>>();
  const notifications: OneSignalNotification[] = [];
  /** `<app id>|<idempotency key>` -> the first answer (kept 30 days at OneSignal) */
  const idempotent = new Map<string, { id: string; external_id: string }>();
  /** external ids with no subscribed push subscription */
  const unsubscribed = new Set<string>();
  const windows = new Map<string, { second: number; count: number }>();
  let throttled = 0;

  function keyOf(req: VendorRequest): string | undefined {
    return /^(?:Key|Basic)\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  }
  const allowed = (appId: string, key: string | undefined) => !!key && !!apps.get(appId)?.has(key);

  function overLimit(appId: string): boolean {
    const second = Math.floor(Date.now() / 1000);
    const w = windows.get(appId);
    if (!w || w.second !== second) {
      windows.set(appId, { second, count: 1 });
      return false;
    }
    return ++w.count > CREATE_PER_SECOND;
  }

  /** The Create message body's checks, in OneSignal's words where it documents them. */
  function invalid(b: Record<string, unknown>): string[] {
    const found: string[] = [];
    const targets = TARGETS.filter((t) => b[t] !== undefined);
    if (!targets.length) found.push('You must include which players, segments, or tags you wish to send this notification to.');
    if (targets.length > 1 && !(targets.length === 2 && targets.includes('included_segments') && targets.includes('excluded_segments'))) {
      found.push(`Only one targeting method may be used per request: ${targets.join(', ')}`);
    }
    if (b.include_aliases !== undefined) {
      const aliases = b.include_aliases;
      if (!isObject(aliases) || !Object.values(aliases).every((v) => Array.isArray(v) && v.every((x) => typeof x === 'string' && x)))
        found.push('include_aliases must map an alias label to an array of alias ids');
      else if (Object.values(aliases).reduce<number>((n, v) => n + (v as unknown[]).length, 0) > 20_000)
        found.push('include_aliases may target up to 20,000 users');
      if (!['push', 'email', 'sms'].includes(String(b.target_channel))) found.push('target_channel is required with include_aliases: push, email or sms');
    }
    if (b.template_id === undefined && (!isObject(b.contents) || typeof b.contents.en !== 'string' || !b.contents.en))
      found.push('Message Notifications must have English language content');
    if (b.headings !== undefined && (!isObject(b.headings) || Object.values(b.headings).some((v) => typeof v !== 'string')))
      found.push('headings must map languages to strings');
    for (const k of ['url', 'web_url'] as const)
      if (b[k] !== undefined && (typeof b[k] !== 'string' || !/^https?:\/\//.test(b[k] as string))) found.push(`${k} must be an http(s) URL`);
    if (
      b.web_buttons !== undefined &&
      (!Array.isArray(b.web_buttons) || b.web_buttons.some((x) => !isObject(x) || typeof x.id !== 'string' || typeof x.text !== 'string'))
    )
      found.push('web_buttons must be an array of { id, text, icon?, url? }');
    const key = b.idempotency_key ?? b.external_id;
    if (key !== undefined && key !== null && (typeof key !== 'string' || !UUID.test(key))) found.push('idempotency_key must be a valid UUID');
    return found;
  }

  function create(req: VendorRequest, key: string | undefined): VendorAnswer {
    let body: unknown;
    try {
      body = JSON.parse(req.body || 'null');
    } catch {
      return errors(400, ['There was a problem in the JSON you submitted']);
    }
    if (!/^application\/json/i.test(req.headers['content-type'] ?? '') || !isObject(body) || typeof body.app_id !== 'string' || !apps.has(body.app_id))
      return errors(400, [APP_NOT_FOUND]);
    const appId = body.app_id;
    if (!allowed(appId, key)) return errors(403, [ACCESS_DENIED]);
    if (throttled > 0) {
      throttled -= 1;
      return errors(429, [RATE_LIMITED], { 'Retry-After': '1' });
    }
    if (overLimit(appId)) return errors(429, [RATE_LIMITED], { 'Retry-After': '1' });
    const found = invalid(body);
    if (found.length) return errors(400, found);

    const idempotencyKey = (body.idempotency_key ?? body.external_id ?? null) as string | null;
    if (idempotencyKey) {
      const first = idempotent.get(`${appId}|${idempotencyKey}`);
      // "OneSignal recognizes the notification has already begun sending, and returns the result of the previous operation"
      if (first) return { status: 200, body: first };
    }
    const aliases = isObject(body.include_aliases) ? body.include_aliases : {};
    const externalIds = [...((aliases.external_id as string[] | undefined) ?? []), ...((body.include_external_user_ids as string[] | undefined) ?? [])];
    const reachable = externalIds.filter((x) => !unsubscribed.has(x));
    // the request was well formed, but nobody targeted can receive it: no message, no id
    if (externalIds.length && !reachable.length) return { status: 200, body: { id: '', errors: ['All included players are not subscribed'] } };

    const id = crypto.randomUUID();
    notifications.push({
      id,
      app_id: appId,
      keyHash: hashOf(key!),
      idempotency_key: idempotencyKey,
      target_channel: (body.target_channel as string) ?? null,
      external_ids: reachable,
      headings: (body.headings as Record<string, string>) ?? {},
      contents: (body.contents as Record<string, string>) ?? {},
      url: (body.url as string) ?? null,
      web_url: (body.web_url as string) ?? null,
      web_buttons: (body.web_buttons as OneSignalNotification['web_buttons']) ?? [],
      data: isObject(body.data) ? body.data : null,
      name: typeof body.name === 'string' ? body.name : null,
      queued_at: Math.floor(Date.now() / 1000),
    });
    const answer: Record<string, unknown> = { id, external_id: idempotencyKey };
    if (reachable.length < externalIds.length) answer.errors = { invalid_aliases: { external_id: externalIds.filter((x) => unsubscribed.has(x)) } };
    if (idempotencyKey) idempotent.set(`${appId}|${idempotencyKey}`, { id, external_id: idempotencyKey });
    return { status: 200, body: answer };
  }

  function list(req: VendorRequest, key: string | undefined): VendorAnswer {
    const appId = req.query.get('app_id') ?? '';
    if (!apps.has(appId)) return errors(400, [APP_NOT_FOUND]);
    if (!allowed(appId, key)) return errors(403, [ACCESS_DENIED]);
    if (throttled > 0) {
      throttled -= 1;
      return errors(429, [RATE_LIMITED], { 'Retry-After': '1' });
    }
    const limit = Math.min(50, Math.max(1, Number(req.query.get('limit') ?? 50) || 50));
    const offset = Math.max(0, Number(req.query.get('offset') ?? 0) || 0);
    const own = notifications.filter((n) => n.app_id === appId).reverse();
    const shown = own
      .slice(offset, offset + limit)
      .map(({ keyHash: _k, idempotency_key: _i, external_ids: _e, ...n }) => ({ ...n, successful: 1, failed: 0, errored: 0, converted: 0, remaining: 0 }));
    return { status: 200, body: { total_count: own.length, offset, limit, notifications: shown } };
  }

  return {
    name: 'onesignal',
    hosts: ONESIGNAL_HOSTS,
    handle(req) {
      // api.onesignal.com/notifications, or the legacy onesignal.com/api/v1/notifications
      const path = req.host === 'onesignal.com' ? req.path.replace(/^\/api\/v1/, '') : req.path;
      const key = keyOf(req);
      if (req.method === 'POST' && path === '/notifications') return create(req, key);
      if (req.method === 'GET' && path === '/notifications') return list(req, key);
      return errors(404, ['Not Found']);
    },
    control: {
      /** an app (its App ID) and a valid App API key of it */
      key: ({ appId, key }: { appId: string; key: string }) => {
        if (!apps.has(appId)) apps.set(appId, new Set());
        apps.get(appId)!.add(key);
        return { ok: true };
      },
      /** the merchant deleted (rotated) the key: every call with it is 403 from now on */
      revoke: ({ key }: { key: string }) => {
        for (const keys of apps.values()) keys.delete(key);
        return { ok: true };
      },
      /** the next `count` authenticated calls answer 429 with Retry-After: 1 */
      throttle: ({ count }: { count: number }) => {
        throttled = Math.max(0, Number(count) || 0);
        return { ok: true };
      },
      /** an external id with no subscribed push subscription */
      unsubscribe: ({ externalId }: { externalId: string }) => {
        unsubscribed.add(externalId);
        return { ok: true };
      },
      /** the messages OneSignal created (repeats of an idempotency_key are not in it), oldest first */
      notifications: ({ appId }: { appId?: string } = {}) => notifications.filter((n) => !appId || n.app_id === appId),
    },
    reset() {
      apps.clear();
      notifications.length = 0;
      idempotent.clear();
      unsubscribed.clear();
      windows.clear();
      throttled = 0;
    },
  };
}
