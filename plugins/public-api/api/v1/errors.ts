// Errors under /api/public/v1, in the public API's one body `{ error: { code, message, details? } }`
// (api/public-error.ts) instead of the kernel's: the same verdicts as the kernel's handler
// (api/http/errors.ts: bad input 400, conflicts 409, HttpErrors keep status and code, an unreachable
// database or Temporal 503 with Retry-After, anything else 500 without internals), each with a code
// an integrator can branch on. Runs as the public router's first middleware, so the admin's routes
// keep the kernel's body.
import type { Middleware } from 'koa';
import { isHttpError } from 'http-errors';
import pg from 'pg';
import { DataError, ForeignKeyViolationError, NotFoundError, UniqueViolationError, ValidationError } from 'objection';
import { ZodError } from 'zod';
import { unavailableDependency, type AppState } from '@plaudit/kernel';
import { answerError, type PublicError } from '../public-error';

const RETRY_AFTER_SECONDS = 5;

/** The code of an error answered without one, by status. */
export const STATUS_CODES: Record<number, string> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
  500: 'INTERNAL',
  503: 'TRY_AGAIN_LATER',
};

/** One message per failing field ('rating', 'items.0.productId'), the first zod gives. */
export function fieldErrors(err: ZodError): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of err.issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys.map((k) => [...issue.path, k]) : [issue.path];
    for (const at of keys) details[at.join('.') || '_'] ??= issue.code === 'unrecognized_keys' ? 'Unknown field' : issue.message;
  }
  return details;
}

/** SQLSTATE class 22 (data exception): a value PostgreSQL refused. */
const refusedValue = (err: unknown) => err instanceof pg.DatabaseError && typeof err.code === 'string' && err.code.startsWith('22');

function verdict(err: unknown): { status: number; error: PublicError; headers?: Record<string, string> } {
  if (err instanceof ZodError) return { status: 400, error: { code: 'VALIDATION_FAILED', message: 'Validation failed', details: fieldErrors(err) } };
  if (err instanceof ValidationError) {
    const details = Object.fromEntries(Object.entries(err.data ?? {}).map(([k, v]) => [k, (v as { message: string }[])[0]?.message ?? 'invalid']));
    return { status: 400, error: { code: 'VALIDATION_FAILED', message: 'Validation failed', details } };
  }
  if (err instanceof UniqueViolationError) return { status: 409, error: { code: 'CONFLICT', message: 'Already exists' } };
  if (err instanceof ForeignKeyViolationError)
    return { status: 409, error: { code: 'CONFLICT', message: 'Refers to a record that does not exist or is still in use' } };
  if (err instanceof DataError || refusedValue(err)) return { status: 400, error: { code: 'INVALID_VALUE', message: 'The value is invalid' } };
  if (err instanceof NotFoundError) return { status: 404, error: { code: 'NOT_FOUND', message: 'Not found' } };
  if (unavailableDependency(err)) {
    // the kernel's DEPENDENCY_UNAVAILABLE, named for callers: what to do rather than what broke
    return {
      status: 503,
      error: { code: 'TRY_AGAIN_LATER', message: 'The API cannot reach a service it depends on right now; try again in a few seconds' },
      headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
    };
  }
  if (isHttpError(err)) {
    const { status } = err;
    const code = typeof err.code === 'string' ? err.code : undefined;
    // an error that names its code was written for the caller (503 PLUGIN_NOT_INSTALLED); other 5xx say nothing
    const error: PublicError = {
      code: code ?? STATUS_CODES[status] ?? (status < 500 ? 'BAD_REQUEST' : 'INTERNAL'),
      message: err.expose || code ? err.message : 'Internal server error',
    };
    const details = err.details ?? err.errors;
    if (details && typeof details === 'object') error.details = details as Record<string, string>;
    for (const field of ['tier', 'scope', 'missing']) if (typeof err[field] === 'string') error[field] = err[field];
    const headers = Object.fromEntries(Object.entries(err.headers ?? {}).map(([k, v]) => [k, String(v)]));
    return { status, error, headers };
  }
  return { status: 500, error: { code: 'INTERNAL', message: 'Internal server error' } };
}

export const publicErrors: Middleware<AppState> = async (ctx, next) => {
  try {
    await next();
  } catch (err) {
    const { status, error, headers } = verdict(err);
    if (status === 503) ctx.state.log?.warn({ err: (err as Error).message }, 'public API: dependency unavailable');
    else if (status >= 500) ctx.state.log?.error({ err }, 'public API request failed');
    else ctx.state.log?.debug({ err: (err as Error).message, status }, 'public API request rejected');
    for (const [k, v] of Object.entries(headers ?? {})) ctx.set(k, v);
    if (status >= 500) ctx.set('Cache-Control', 'no-store');
    // the request id to quote to support is on every answer's X-Request-Id
    answerError(ctx, status, error);
  }
};
