import crypto from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '../log';
import type { AppState } from './types';

const SAFE_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** A request id (the caller's X-Request-Id when sane) on every response and every log line. */
export function requestContext(log: Logger): Middleware<AppState> {
  return async (ctx, next) => {
    const inbound = ctx.get('x-request-id');
    const requestId = SAFE_ID.test(inbound) ? inbound : crypto.randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = log.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      ctx.state.log.info(
        { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - started), shop: ctx.state.auth?.shopDomain },
        'request',
      );
    }
  };
}
