// Keyset paging's cursors, for every list a plugin pages: a cursor is the position of the row a page
// ends at (its sort key values, then its id), opaque to clients (base64url JSON) and checked on the
// way back in, so a malformed or tampered cursor is a 400 naming the field, never a 500 or a query
// on garbage. The plugin keeps its own SQL (which keys, which index); only the codec lives here.
import createHttpError from 'http-errors';
import { z } from 'zod';

/** Longer than any cursor we write: a long "cursor" is refused before it is decoded. */
const MAX_CURSOR_LENGTH = 512;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The parts a position is made of, each checked when a cursor comes back. */
export const cursorKey = {
  /** a timestamp, as `Date.prototype.toISOString` writes it */
  instant: z.iso.datetime(),
  /** an integer sort key or a numeric row id */
  int: z.int(),
  bool: z.boolean(),
  /** a key as PostgreSQL prints it (`(key)::text`), cast back in the query */
  text: z.string().max(64),
  /** a uuid row id (any 8-4-4-4-12 hex form, as PostgreSQL's uuid type takes it) */
  uuid: z.guid(),
};

export interface CursorCodec<T> {
  /** The opaque cursor of a position. */
  encode(position: T): string;
  /** The position a cursor holds; anything this codec did not write is a 400 naming `field`. */
  decode(cursor: string, field?: string): T;
}

export interface CursorOptions {
  /** the order a position belongs to ('newest'): a cursor written for another order is refused */
  scope?: string;
  /** the query parameter a refused cursor is reported under; 'cursor' unless given */
  field?: string;
}

/** The 400 a refused cursor answers, a validation error naming the field: `errors: { [field]: 'The value is invalid' }`. */
export function invalidCursor(field = 'cursor') {
  return createHttpError(400, 'The cursor is invalid', { errors: { [field]: 'The value is invalid' } });
}

/** A codec for positions of any shape (a zod schema); keyset lists use `keysetCursor`. */
export function cursorCodec<S extends z.ZodType>(position: S, options: CursorOptions = {}): CursorCodec<z.output<S>> {
  const { scope } = options;
  const written = scope === undefined ? position : z.object({ s: z.literal(scope), v: position });
  const read = (cursor: string): z.output<S> | undefined => {
    if (cursor.length > MAX_CURSOR_LENGTH || !BASE64URL.test(cursor)) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
    const parsed = written.safeParse(json);
    if (!parsed.success) return undefined;
    return scope === undefined ? (parsed.data as z.output<S>) : (parsed.data as { v: z.output<S> }).v;
  };
  return {
    encode: (value) => Buffer.from(JSON.stringify(scope === undefined ? value : { s: scope, v: value })).toString('base64url'),
    decode(cursor, field = options.field) {
      const value = read(cursor);
      if (value === undefined) throw invalidCursor(field);
      return value;
    },
  };
}

/** The values of a position, one per part. */
export type PositionOf<P extends readonly z.ZodType[]> = { -readonly [I in keyof P]: z.output<P[I]> };

/**
 * A keyset cursor: the row's sort key values, then its id, one part each, e.g.
 * `keysetCursor([cursorKey.instant, cursorKey.int])` for (created_at, id).
 */
export function keysetCursor<const P extends readonly z.ZodType[]>(parts: P, options?: CursorOptions): CursorCodec<PositionOf<P>> {
  return cursorCodec(z.tuple(parts as unknown as [z.ZodType, ...z.ZodType[]]), options) as CursorCodec<PositionOf<P>>;
}
