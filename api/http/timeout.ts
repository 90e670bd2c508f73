import createHttpError from 'http-errors';
import type { Middleware } from 'koa';
import type { AppState } from './types';

/** Answers 503 when a request takes longer than the limit (60 s, spec section 9). */
export function requestTimeout(ms: number): Middleware<AppState> {
  return async (ctx, next) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(createHttpError(503, 'The request took too long', { code: 'REQUEST_TIMEOUT', expose: true })), ms);
    });
    try {
      await Promise.race([next(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
}
