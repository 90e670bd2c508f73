// The kernel's keyset cursors (api/kernel/cursor.ts): what a list writes comes back as written;
// anything else (not base64url, not JSON, another shape, another sort, too long) is a 400 naming
// the query parameter, never a value handed to SQL.
import { isHttpError } from 'http-errors';
import { cursorCodec, cursorKey, keysetCursor } from '../../api/kernel/cursor';
import { z } from 'zod';

const byCreated = keysetCursor([cursorKey.instant, cursorKey.int]);
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return isHttpError(err) ? { status: err.status, code: err.code, errors: err.errors } : err;
  }
  throw new Error('accepted');
};
const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

test('a position comes back as it was written, and the cursor is opaque base64url', () => {
  const at: [string, number] = ['2026-11-27T07:30:06.000Z', 1042];
  const cursor = byCreated.encode(at);
  expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
  expect(byCreated.decode(cursor)).toEqual(at);
  // the public API's documented example stays readable
  expect(byCreated.decode('WyIyMDI2LTExLTI3VDA3OjMwOjA2LjAwMFoiLDEwNDJd')).toEqual(at);
  const queue = keysetCursor([cursorKey.text, cursorKey.int]);
  expect(queue.decode(queue.encode(['2026-11-27 07:30:06.123456+00', 7]))).toEqual(['2026-11-27 07:30:06.123456+00', 7]);
});

test('anything the codec did not write is a 400 naming the parameter', () => {
  const bad = { status: 400, code: undefined, errors: { cursor: 'The value is invalid' } };
  for (const cursor of [
    '',
    'not-a-cursor',
    '%%%',
    'bm90LWpzb24',
    'a'.repeat(600),
    encoded(['yesterday', 1]),
    encoded(['2026-11-27T07:30:06.000Z']),
    encoded(['2026-11-27T07:30:06.000Z', 1.5]),
    encoded(['2026-11-27T07:30:06.000Z', 1, 2]),
    encoded({ t: '2026-11-27T07:30:06.000Z', id: 1 }),
  ]) {
    expect({ cursor, refused: refusal(() => byCreated.decode(cursor)) }).toEqual({ cursor, refused: bad });
  }
  expect(refusal(() => byCreated.decode('x', 'after'))).toMatchObject({ errors: { after: 'The value is invalid' } });
});

test('a scoped cursor is refused by another scope; the field can be set once for the codec', () => {
  const newest = keysetCursor([cursorKey.instant, cursorKey.int], { scope: 'newest', field: 'after' });
  const highest = keysetCursor([cursorKey.int, cursorKey.instant, cursorKey.int], { scope: 'highest', field: 'after' });
  const cursor = newest.encode(['2026-11-27T07:30:06.000Z', 3]);
  expect(newest.decode(cursor)).toEqual(['2026-11-27T07:30:06.000Z', 3]);
  expect(refusal(() => highest.decode(cursor))).toMatchObject({ status: 400, errors: { after: 'The value is invalid' } });
  expect(refusal(() => byCreated.decode(cursor))).toMatchObject({ status: 400 });
});

test('any shape: a codec over a zod schema', () => {
  const page = cursorCodec(z.object({ id: cursorKey.uuid, pinned: cursorKey.bool }));
  const at = { id: '0b7c1f8e-8c3a-4e0f-9a51-2f3c1d2e4b5a', pinned: true };
  expect(page.decode(page.encode(at))).toEqual(at);
  expect(refusal(() => page.decode(encoded({ id: 'x', pinned: true })))).toMatchObject({ status: 400 });
});
