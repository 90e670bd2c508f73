// Where the embedded PostgreSQL puts its Unix socket: in its data folder, unless the socket's path would
// not fit a sockaddr_un (107 bytes), where it listens on TCP alone.
import path from 'node:path';
import { socketDirFor } from '../../api/runtime/postgres';

test('the data folder when the socket path fits', () => {
  const dir = '/tmp/plaudit-test-AbC123/postgres';
  expect(socketDirFor(dir, 54329)).toBe(dir);
});

test('no socket when the path would pass 107 bytes, counted in bytes', () => {
  const at = (length: number) => path.join('/', 'd'.repeat(length - '/'.length - '/.s.PGSQL.54329'.length));
  expect(Buffer.byteLength(path.join(at(107), '.s.PGSQL.54329'))).toBe(107);
  expect(socketDirFor(at(107), 54329)).toBe(at(107));
  expect(socketDirFor(at(108), 54329)).toBeUndefined();
  // a name in another script: each letter takes two bytes
  expect(socketDirFor(`/tmp/${'é'.repeat(45)}`, 54329)).toBeUndefined();
});
