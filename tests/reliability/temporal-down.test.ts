// Temporal unreachable (an API pointed at a port where every connection is reset): routes that
// signal or query workflows answer 503 with Retry-After, with no internal text. (The
// review reply saved meanwhile, and the reply race, are the reviews plugin's:
// plugins/reviews/tests/temporal-down.test.ts.)
import crypto from 'node:crypto';
import { client, createShop, startTestApi, type TestApi } from '../support/api';
import { downPort, type DownPort } from './tcp-proxy';

let temporal: DownPort;
let down: TestApi;
beforeAll(async () => {
  temporal = await downPort();
  down = await startTestApi({ TEMPORAL_ADDRESS: `127.0.0.1:${temporal.port}` });
});
afterAll(async () => {
  await down.close();
  await temporal.close();
});

const INTERNAL = /\d+ UNAVAILABLE|ECONNREFUSED|DEADLINE_EXCEEDED|grpc|Temporal did not|at \w+ \(/i;

async function proShop(api: TestApi) {
  const s = await createShop(api, { plan: 'pro' });
  return { ...s, http: client(api.url, s.token) };
}

// How soon they answer is the routes' 3 s deadline (the client alone retried for ~20 s); it is logged,
// not asserted: on a busy machine any bound on it fails without a fault.
test('signal and query routes answer 503 with Retry-After, without internal text', async () => {
  const { shop, http } = await proShop(down);
  const [entry] = await down
    .knex('email_queue')
    .insert({
      shopId: shop.id,
      orderId: `${Date.now()}`,
      name: '#1001',
      status: 'waiting',
      workflowId: 'wf-down',
      customerEmail: 'c@example.com',
      lineItems: JSON.stringify([]),
    })
    .returning('id');
  const calls = {
    'signal (cancel)': () => http.put(`/api/email-queue/${entry.id}/cancel`),
    'query (send-now progress)': () => http.get(`/api/email-request/${crypto.randomUUID()}`),
    'query (old orders progress)': () => http.get('/api/old-orders/progress'),
  };
  for (const [name, call] of Object.entries(calls)) {
    const started = Date.now();
    const res = await call();
    const ms = Date.now() - started;
    console.log(`Temporal unreachable: ${name} answered ${res.status} in ${ms} ms`);
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.body).toMatchObject({ success: false, code: 'DEPENDENCY_UNAVAILABLE', message: expect.stringMatching(/workflow service is unavailable/) });
    expect(JSON.stringify(res.body)).not.toMatch(INTERNAL);
  }
});
