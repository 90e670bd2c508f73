// The malformed input the bad-input sweep sends. Values are written as a client would put them on
// the wire: query and path values already percent-encoded (raw bytes a browser cannot produce
// included), bodies as JSON values or raw text.
import type Router from '@koa/router';
import type { AppState } from '../../api/http/types';

export interface Route {
  method: string;
  path: string;
  params: string[];
}

/** Every method of every layer of the routers, as @koa/router holds them (nested routers flattened). */
export function routesOf(routers: Router<AppState>[]): Route[] {
  const seen = new Set<string>();
  return routers
    .flatMap((router) => router.stack)
    .filter((layer) => layer.methods.length > 0)
    .flatMap((layer) =>
      layer.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path: String(layer.path), params: layer.paramNames.map((p) => String(p.name)) })),
    )
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`));
}

const b64 = (text: string) => Buffer.from(text).toString('base64url');

/** Percent-encoded texts any field may receive. */
export const BAD_TEXT: Record<string, string> = {
  nul: 'a%00b',
  'lone surrogate (CESU bytes)': '%ED%A0%80',
  'invalid UTF-8': '%FF%FE',
  control: '%01%07%1B%7F',
  huge: 'a'.repeat(6000),
  'JSON-looking': encodeURIComponent('{"q":[1],"$where":1}'),
};

/** Values for ids, numbers and pages. */
export const BAD_NUMBER: Record<string, string> = {
  negative: '-1',
  zero: '0',
  'past int32': '2147483648',
  'past 2^64': '99999999999999999999999',
  exponent: '1e308',
  'not a number': 'abc',
};

/** Cursors: ours (base64url JSON) and Shopify's (opaque). */
export const BAD_CURSOR: Record<string, string> = {
  'not base64': '!!!not-base64!!!',
  'base64 of non-JSON': b64('not json at all'),
  'base64 of a non-date': b64(JSON.stringify({ t: 'not a date', id: 1 })),
  'base64 of a huge date': b64(JSON.stringify({ t: '99999-01-01T00:00:00Z', id: 1 })),
  'base64 of a bad id': b64(JSON.stringify({ t: '2026-01-01T00:00:00.000Z', id: 'x' })),
  'base64 of a NUL': b64(JSON.stringify({ t: '\u0000', id: 1 })),
  'shopify-like garbage': 'eyJsYXN0X2lkIjo5OTk5LCJsYXN0X3ZhbHVlIjoi',
};

/**
 * Query names the routes read (a route ignores the ones it does not know). One name at a time: a
 * bad value in an enum would answer 400 before a free-text field's bad value reached the database.
 */
export const TEXT_NAMES = [
  'q',
  'search',
  'filter',
  'sort',
  'range',
  'status',
  'product_id',
  'productIdsString',
  'ids',
  'orderRangeFilter',
  'scheduledFromDate',
  'locale',
];
export const NUMBER_NAMES = ['page', 'perPage', 'limit', 'id', 'rating', 'stars'];
export const CURSOR_NAMES = ['cursor', 'after', 'before', 'endCursor', 'startCursor'];

/** Values for path parameters (the route's params are filled with each, one at a time). */
export const BAD_PATH: Record<string, string> = {
  ...BAD_NUMBER,
  nul: '%00',
  'lone surrogate (CESU bytes)': '%ED%A0%80',
  'malformed escape': '%E0%A4%A',
  control: '%01%1B',
  huge: '9'.repeat(3000),
};

/** JSON values any body field may receive. */
export const BAD_JSON_VALUES: Record<string, unknown> = {
  null: null,
  'negative number': -1,
  'past 2^53': 2 ** 60,
  boolean: true,
  'array of strings': ['x', 'y'],
  object: { nested: { deeper: 'x' } },
  'string for a number': 'abc',
  nul: 'a\u0000b',
  'lone surrogate': '\ud800',
  control: '\u0001\u0007\u001b',
  'huge string': 'a'.repeat(100_000),
};

/** Bodies that are not the JSON they claim to be. */
export const BAD_RAW_BODIES: Record<string, string | Buffer> = {
  truncated: '{"a":',
  'trailing comma': '{"a":1,}',
  'bare string': '"text"',
  'top-level array': '[{"id":1}]',
  'top-level null': 'null',
  'raw NUL inside a string': '{"text":"a\u0000b"}',
  'invalid UTF-8': Buffer.from([0x7b, 0x22, 0x74, 0x65, 0x78, 0x74, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  'deep nesting': '['.repeat(5000) + ']'.repeat(5000),
};

/** Body field names to try besides the ones a route names in its own validation errors. */
export const BODY_FIELDS = ['text', 'content', 'title', 'name', 'email', 'ids', 'id', 'status'];

/** Text in an answer that tells an attacker about our internals. */
export const INTERNAL_TEXT =
  /ECONNREFUSED|ETIMEDOUT|invalid input syntax|invalid byte sequence|unsupported Unicode escape|violates .* constraint|relation "|column "|syntax error at|\bselect .* from\b|\binsert into\b|node_modules|\/work\/|\.tsx?:\d+|\bat \S+ \(|TypeError|ReferenceError|RangeError|Cannot read propert|UNAVAILABLE|DEADLINE_EXCEEDED|Throttled|GraphQL/i;

/** A body that passes as much of a route's validation as the route's own error messages tell. */
export function fillFor(message: string): unknown {
  const m = message.toLowerCase();
  const option = /expected one of "([^"]+)"|expected '([^']+)'|expected "([^"]+)"/i.exec(message);
  if (option) return option[1] ?? option[2] ?? option[3];
  if (m.includes('number')) return 1;
  if (m.includes('boolean')) return true;
  if (m.includes('array')) return [];
  if (m.includes('object') || m.includes('record')) return {};
  if (m.includes('email')) return 'probe@example.com';
  if (m.includes('url')) return 'https://example.com/';
  if (m.includes('date')) return new Date().toISOString();
  return 'probe';
}

export function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  let at = target;
  for (const key of keys.slice(0, -1)) {
    if (typeof at[key] !== 'object' || at[key] === null || Array.isArray(at[key])) at[key] = {};
    at = at[key] as Record<string, unknown>;
  }
  at[keys[keys.length - 1]] = value;
}
