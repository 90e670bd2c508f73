// Whether a metaobject as a webhook carries it (`fields`: key -> value, a cleared field absent) holds
// what we would send, and the hash that recognises the fields our own last upsert left. Values are
// compared by meaning where Shopify may write them differently than sent: JSON (rating, media_urls)
// parsed, date-times as instants. `edited_at` is left out: we send it only with an edit, so the
// metaobject keeps the last one.
import { createHash } from 'node:crypto';

const IGNORED = new Set(['edited_at']);
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T/;

/** JSON with object keys sorted, so key order does not count. */
const canonical = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(canonical)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([k, x]) => [k, canonical(x)]),
        )
      : v;

function sameValue(held: string, sent: string): boolean {
  if (held === sent) return true;
  if (DATE_TIME.test(held) && DATE_TIME.test(sent)) return Date.parse(held) === Date.parse(sent);
  if (/^[[{]/.test(held) && /^[[{]/.test(sent)) {
    try {
      return JSON.stringify(canonical(JSON.parse(held))) === JSON.stringify(canonical(JSON.parse(sent)));
    } catch {
      return false;
    }
  }
  return false;
}

export function sameFields(held: Record<string, string>, sent: { key: string; value: string }[]): boolean {
  const wanted = sent.filter((f) => !IGNORED.has(f.key));
  const keys = new Set(wanted.map((f) => f.key));
  // a field the merchant filled that we leave empty (product_variant, or one we cleared) is a difference too
  const extra = Object.entries(held).some(([key, value]) => !IGNORED.has(key) && !keys.has(key) && value !== '');
  return !extra && wanted.every((f) => sameValue(held[f.key] ?? '', f.value));
}

/**
 * The fields as Shopify stored them (a webhook's `fields` map, or the upsert's answer `fields { key
 * value }`), hashed: equal for the same stored values whatever their order. Empty values are absent.
 */
export function fieldsHash(fields: Record<string, string | null> | { key: string; value: string | null }[]): string {
  const pairs = Array.isArray(fields) ? fields.map((f) => [f.key, f.value] as const) : Object.entries(fields);
  const kept = pairs.filter(([, v]) => v != null && v !== '').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify(kept)).digest('hex');
}
