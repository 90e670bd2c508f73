// One error handler for the whole API: validation -> 400 with per-field messages, malformed JSON,
// values PostgreSQL refuses and cursors Shopify refuses -> 400, unique / foreign-key violations ->
// 409, HttpErrors keep their status, an unreachable dependency (database, Temporal) and Shopify's
// throttling after our retries -> 503 with Retry-After, anything else -> 500 with no internals,
// only the request id to quote to support.
import type { Middleware } from 'koa';
import { isHttpError } from 'http-errors';
import pg from 'pg';
import { DataError, ValidationError, UniqueViolationError, ForeignKeyViolationError, NotFoundError } from 'objection';
import { ZodError } from 'zod';
import { PlatformInvalidCursorError, PlatformThrottledError } from '../platform/admin-api';
import { NoSessionError } from '../platform/token-store';
import type { AppState } from './types';
import { RETRY_AFTER_SECONDS, unavailableDependency, type Dependency } from './unavailable';

const UNAVAILABLE_MESSAGE: Record<Dependency, string> = {
  database: 'The database is unavailable; try again in a few seconds',
  temporal: 'The workflow service is unavailable; try again in a few seconds',
  service: 'A service the app depends on is unavailable; try again in a few seconds',
};

/** What a merchant reads when `err` says a dependency is unreachable (undefined for any other error). */
export function unavailableMessage(err: unknown): string | undefined {
  const dependency = unavailableDependency(err);
  return dependency && UNAVAILABLE_MESSAGE[dependency];
}

export interface ErrorBody {
  success: false;
  message: string;
  code?: string;
  errors?: Record<string, string>;
  /** with PLAN_TIER_TOO_LOW: the tier the action needs */
  tier?: string;
  requestId: string;
}

export function zodFieldErrors(err: ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of err.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors[[...issue.path, key].join('.')] ??= 'Unknown field';
      continue;
    }
    const field = issue.path.join('.') || '_';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** PostgreSQL's SQLSTATE class 22 (data exception) on an error knex passes through unwrapped. */
function isRefusedValue(err: unknown): boolean {
  return err instanceof pg.DatabaseError && typeof err.code === 'string' && err.code.startsWith('22');
}

export const errorHandler: Middleware<AppState> = async (ctx, next) => {
  try {
    await next();
  } catch (err) {
    const requestId = ctx.state.requestId;
    let status = 500;
    const body: ErrorBody = { success: false, message: 'Internal server error', requestId };
    if (err instanceof ZodError) {
      status = 400;
      body.message = 'Validation failed';
      body.errors = zodFieldErrors(err);
    } else if (err instanceof ValidationError) {
      status = 400;
      body.message = 'Validation failed';
      body.errors = Object.fromEntries(Object.entries(err.data ?? {}).map(([k, v]) => [k, (v as { message: string }[])[0]?.message ?? 'invalid']));
    } else if (err instanceof UniqueViolationError) {
      status = 409;
      body.message = 'Already exists';
      body.errors = Object.fromEntries((err.columns ?? []).map((c) => [c, 'must be unique']));
    } else if (err instanceof ForeignKeyViolationError) {
      status = 409;
      body.message = 'Refers to a record that does not exist or is still in use';
    } else if (err instanceof DataError || isRefusedValue(err)) {
      // PostgreSQL refused a value (a path id that is not a number, a number or date out of range,
      // text too long), through a model or a plain knex query.
      status = 400;
      body.message = 'The value is invalid';
    } else if (err instanceof SyntaxError && (err as { status?: unknown }).status === 400) {
      // The body parser's verdict on malformed JSON.
      status = 400;
      body.message = 'The request body is not valid JSON';
    } else if (err instanceof NoSessionError) {
      // The shop's offline token is gone: the admin follows this header back through Shopify's auth.
      status = 401;
      body.message = 'The app needs to be authorized again';
      body.code = 'REAUTHORIZE';
      ctx.set('X-Shopify-API-Request-Failure-Reauthorize-Url', `/auth/shopify?shop=${encodeURIComponent(err.shop)}`);
    } else if (err instanceof PlatformInvalidCursorError) {
      status = 400;
      body.message = 'The page cursor is invalid';
      body.errors = { cursor: 'The value is invalid' };
    } else if (err instanceof PlatformThrottledError) {
      // Shopify's rate limit for the shop, after the Admin API client's own retries
      status = 503;
      body.message = 'Shopify is busy: please try again in a moment';
      body.code = 'PLATFORM_THROTTLED';
      ctx.set('Retry-After', String(err.retryAfterS));
    } else if (err instanceof NotFoundError) {
      status = 404;
      body.message = 'Not found';
    } else if (unavailableDependency(err)) {
      const dependency = unavailableDependency(err)!;
      status = 503;
      body.message = UNAVAILABLE_MESSAGE[dependency];
      body.code = 'DEPENDENCY_UNAVAILABLE';
      ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
      ctx.set('Cache-Control', 'no-store'); // a storefront route may have marked its answer public
    } else if (isHttpError(err)) {
      status = err.status;
      if (err.expose) body.message = err.message;
      if (typeof err.code === 'string') body.code = err.code;
      if (typeof err.tier === 'string') body.tier = err.tier;
      if (err.errors) body.errors = err.errors as Record<string, string>;
      for (const [k, v] of Object.entries(err.headers ?? {})) ctx.set(k, String(v));
    }
    if (status === 503) ctx.state.log?.warn({ err: (err as Error).message }, 'dependency unavailable');
    else if (status >= 500) ctx.state.log?.error({ err }, 'request failed');
    else ctx.state.log?.debug({ err: (err as Error).message, status }, 'request rejected');
    ctx.status = status;
    ctx.body = body;
  }
};
