// The admin's assets cross the network compressed (admin/vite.config.mts writes a .br and a .gz beside
// each at build time; koa-send serves the one the browser accepts, api/http/admin-static.ts): the same
// bytes once decoded, cacheable per encoding (Vary), and the plain file for a client that accepts neither.
import http from 'node:http';
import zlib from 'node:zlib';
import { startTestApi } from '../support/api';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** A GET that leaves the body as sent (fetch would decode it). */
function getRaw(url: string, acceptEncoding: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

test("the admin's entry script is sent as brotli or gzip when accepted, and the same bytes decoded", async () => {
  const html = (await getRaw(`${api.url}/`, 'identity')).body.toString();
  const entry = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(entry).toBeDefined();

  const plain = await getRaw(api.url + entry, 'identity');
  expect(plain.status).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.headers.vary).toMatch(/accept-encoding/i);

  const br = await getRaw(api.url + entry, 'gzip, deflate, br');
  expect({ status: br.status, encoding: br.headers['content-encoding'], vary: br.headers.vary }).toEqual({
    status: 200,
    encoding: 'br',
    vary: expect.stringMatching(/accept-encoding/i),
  });
  expect(br.body.length).toBeLessThan(plain.body.length / 2);
  expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);

  const gz = await getRaw(api.url + entry, 'gzip');
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true);
  // immutable either way: the file name is its content's hash
  expect(gz.headers['cache-control']).toMatch(/immutable/);
});
