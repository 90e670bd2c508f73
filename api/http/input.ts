// Text no route can store or pass on: NUL (PostgreSQL's text refuses it) and unpaired UTF-16
// surrogates (not Unicode: encodeURIComponent, Shopify and mail templates throw on them). They are
// refused once, for every JSON body and query string, before any route sees them.
import createHttpError from 'http-errors';
import type { Middleware } from 'koa';
import type { AppState } from './types';

// NUL, or a high surrogate not followed by a low one, or a low one not preceded by a high one
const UNSAFE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const UNSAFE_TEXT_MESSAGE = 'Text must not contain NUL characters or unpaired surrogates';

/** The path ('a.b.0') of the first string in `value` (keys included) that holds unsafe text. */
export function findUnsafeText(value: unknown, at: string[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') return UNSAFE.test(value) ? at.join('.') || '_' : undefined;
  // deeper than any form of ours: not walked further (the body parser bounds the size)
  if (!value || typeof value !== 'object' || depth > 64) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (UNSAFE.test(key)) return [...at, key].join('.');
    const found = findUnsafeText(item, [...at, key], depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** 400 with the field named when a JSON body, the query string or the path carries unsafe text. */
export const rejectUnsafeText: Middleware<AppState> = async (ctx, next) => {
  const field = findUnsafeText(ctx.query) ?? findUnsafeText((ctx.request as { body?: unknown }).body) ?? (/%00/.test(ctx.path) ? 'path' : undefined);
  if (field !== undefined) throw createHttpError(400, UNSAFE_TEXT_MESSAGE, { errors: { [field]: UNSAFE_TEXT_MESSAGE } });
  return next();
};
