// Idempotency-Key on the public API's creating POSTs, after draft-ietf-httpapi-idempotency-key-header-07
// (https://datatracker.ietf.org/doc/draft-ietf-httpapi-idempotency-key-header/07/):
// - the first request with a key runs and its answer is kept for 24 hours ("Idempotency Key
//   Expiry": the policy is ours to publish; the OpenAPI document does);
// - a repeat with the same key and the same request gets that answer again, marked
//   `Idempotent-Replayed: true`, and nothing runs twice;
// - the same key with another request (method, path or body: the draft's "Idempotency
//   Fingerprint") is refused with 422, and a repeat that arrives while the first still runs with
//   409 ("Error Scenarios"); which of two concurrent first requests runs is decided by the unique
//   (shop, key) index, never by a lock in one process's memory;
// - a request that fails (an error, not an answer) frees its key, so the client may retry it.
// The header is optional: without it a POST runs as usual. Keys are per shop.
import crypto from 'node:crypto';
import createHttpError from 'http-errors';
import type { AppContext } from '@plaudit/kernel';
import { claimKey, findKey, reclaimStaleKey, releaseKey, storeAnswer } from '../../db/idempotency';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** visible ASCII, as the draft's examples (UUIDs); at most the column's 255 characters */
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

export interface Answer {
  status: number;
  /** the JSON body, serialised once */
  json: string;
  headers?: Record<string, string>;
}

/** The request's key: the draft's sf-string (`"abc"`), or the bare token many clients send. */
export function idempotencyKeyOf(ctx: AppContext): string | undefined {
  const raw = ctx.get(IDEMPOTENCY_HEADER).trim();
  if (!raw) return undefined;
  const key = /^".*"$/.test(raw) ? raw.slice(1, -1) : raw;
  if (!KEY_SHAPE.test(key)) {
    throw createHttpError(400, 'Idempotency-Key must be 1 to 255 visible ASCII characters', {
      code: 'INVALID_IDEMPOTENCY_KEY',
      details: { [IDEMPOTENCY_HEADER]: 'The value is invalid' },
    });
  }
  return key;
}

/** JSON with object keys sorted, so the same body sent with its fields in another order matches. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestFingerprint(method: string, path: string, body: unknown): string {
  return crypto
    .createHash('sha256')
    .update(`${method} ${path}\n${canonical(body ?? null)}`)
    .digest('hex');
}

/**
 * Runs `run` once per (shop, key): the first request's answer, or the stored one (replayed: true).
 * `staleMs`: after this long a key whose request never answered (its process died) may be taken over.
 */
export async function runOnce(ctx: AppContext, key: string, run: () => Promise<Answer>, staleMs: number): Promise<Answer & { replayed: boolean }> {
  const { tenant } = ctx.state;
  const keyId = (ctx.state as { apiKey?: { id: number } }).apiKey?.id ?? null;
  const fingerprint = requestFingerprint(ctx.method, ctx.path, (ctx.request as { body?: unknown }).body);
  let mine = await claimKey(tenant, key, keyId, fingerprint);
  if (!mine) {
    const first = await findKey(tenant, key);
    // gone in between: expired and swept, or released by a failed first request
    if (!first) mine = await claimKey(tenant, key, keyId, fingerprint);
    else if (first.fingerprint !== fingerprint) {
      throw createHttpError(422, 'This Idempotency-Key was used for a different request; use a new key for a new request', { code: 'IDEMPOTENCY_KEY_REUSED' });
    } else if (first.responseStatus !== null) {
      return { status: first.responseStatus, json: first.responseBody ?? 'null', replayed: true };
    } else mine = await reclaimStaleKey(tenant, key, fingerprint, staleMs);
    if (!mine) throw createHttpError(409, 'A request with this Idempotency-Key is still being processed; retry it later', { code: 'IDEMPOTENCY_KEY_IN_USE' });
  }
  let answer: Answer;
  try {
    answer = await run();
  } catch (err) {
    await releaseKey(tenant, key).catch(() => undefined);
    throw err;
  }
  await storeAnswer(tenant, key, answer.status, answer.json);
  return { ...answer, replayed: false };
}
