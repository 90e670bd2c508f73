// The API's timeouts: a request that outlives REQUEST_TIMEOUT_MS is answered 503 instead of hanging
// the admin; an idle kept-alive connection stays open for KEEP_ALIVE_TIMEOUT_MS (65 s), past the 60 s
// a pooling proxy keeps it, so the proxy closes it and never sends a request on one the app is closing.
import { client, createShop, startTestApi, type TestApi } from '../support/api';

// well above what a busy machine adds to a quick request, well below the slow route's 5 s
const LIMIT_MS = 1000;
const SLOW_MS = 5000;

let api: TestApi;
let token: string;
beforeAll(async () => {
  api = await startTestApi({ REQUEST_TIMEOUT_MS: String(LIMIT_MS) });
  ({ token } = await createShop(api));
});
afterAll(() => api.close());

test('a request slower than the limit gets 503 once the limit passes, without waiting for its handler', async () => {
  const started = Date.now();
  const res = await client(api.url, token).get(`/api/fixture-notes/slow?ms=${SLOW_MS}`);
  const elapsed = Date.now() - started;
  expect(res.status).toBe(503);
  expect(res.body).toMatchObject({ success: false, code: 'REQUEST_TIMEOUT', message: 'The request took too long', requestId: expect.any(String) });
  // bounds a busy machine cannot break: the limit's timer fires no sooner than the limit, and in the
  // same process always before the handler's longer one (a 200 would mean no limit at all)
  expect(elapsed).toBeGreaterThanOrEqual(LIMIT_MS - 20);
  expect(elapsed).toBeLessThan(SLOW_MS);
});

test('a request within the limit is answered normally', async () => {
  const res = await client(api.url, token).get('/api/fixture-notes/slow?ms=50');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ sleptMs: 50 });
});

test("an idle kept-alive connection outlives Node's 5 s default and is reused", async () => {
  const first = await fetch(`${api.url}/api/health`);
  await first.arrayBuffer();
  // the hint clients such as undici keep the connection by (less their own margin)
  expect(first.headers.get('keep-alive')).toBe('timeout=65');
  let opened = 0;
  const count = () => opened++;
  api.server.on('connection', count);
  try {
    // idle past Node's default: in this one process the server's 5 s timer would fire before this one
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const second = await fetch(`${api.url}/api/health`);
    await second.arrayBuffer();
    expect(second.status).toBe(first.status);
    expect(opened).toBe(0);
  } finally {
    api.server.off('connection', count);
  }
});

test('closing the API lets a request under way finish, and does not keep its connection for the keep-alive time', async () => {
  const other = await startTestApi();
  const { token } = await createShop(other);
  const arrived = new Promise((resolve) => other.server.once('request', resolve));
  const answer = fetch(`${other.url}/api/fixture-notes/slow?ms=500`, { headers: { authorization: `Bearer ${token}` } });
  await arrived;
  const closing = performance.now();
  // the server's 'close': every connection ended (kept alive, the answered one would last 65 s more)
  const serverClosed = new Promise<number>((resolve) => other.server.once('close', () => resolve(performance.now() - closing)));
  await other.close();
  const res = await answer;
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ sleptMs: 500 });
  // about a second after the answer; a bound far from both that and the 65 s
  expect(await serverClosed).toBeLessThan(30_000);
});
