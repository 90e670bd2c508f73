// Where the embedded PostgreSQL puts its Unix socket: in its data folder, unless the socket's path would
// not fit a sockaddr_un (107 bytes), where it listens on TCP alone.
import path from 'node:path';
import { socketDirFor } from '../../api/runtime/postgres';

const SOCKET = '.s.PGSQL.54329';
/** A data folder whose socket's path is `bytes` long, of one-byte letters. */
const folderFor = (bytes: number) => path.join(path.sep, 'd'.repeat(bytes - path.sep.length - path.sep.length - SOCKET.length));

test('the data folder when the socket path fits', () => {
  expect(Buffer.byteLength(path.join(folderFor(60), SOCKET))).toBe(60);
  expect(socketDirFor(folderFor(60), 54329)).toBe(folderFor(60));
  expect(socketDirFor(folderFor(107), 54329)).toBe(folderFor(107));
});

test('no socket when the path would pass 107 bytes, counted in bytes', () => {
  expect(socketDirFor(folderFor(108), 54329)).toBeUndefined();
  // 63 letters, 110 bytes: each of these letters takes two
  expect(socketDirFor(path.join(path.sep, 'é'.repeat(47)), 54329)).toBeUndefined();
});
