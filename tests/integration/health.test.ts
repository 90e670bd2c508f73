// /api/health is what a load balancer and an operator look at: it must tell which part is down.
import { databaseUrlAt, downPort, type DownPort } from '../reliability/tcp-proxy';
import { client, createShop, startTestApi, type TestApi } from '../support/api';

describe('with every component up', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  test('200 naming the database and the Temporal namespace as up, without credentials', async () => {
    const res = await client(api.url).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'ok',
      database: { status: 'up', latencyMs: expect.any(Number) },
      temporal: { status: 'up', namespace: 'plaudit-test' },
    });
  });
});

describe('with Temporal unreachable', () => {
  let temporal: DownPort;
  let api: TestApi;
  beforeAll(async () => {
    temporal = await downPort();
    api = await startTestApi({ TEMPORAL_ADDRESS: `127.0.0.1:${temporal.port}` });
  });
  afterAll(async () => {
    await api.close();
    await temporal.close();
  });

  // answered at all: the health check's own deadline, as the client alone would retry for ~20 s
  test('the API still starts and answers 503 naming Temporal as down, the database as up', async () => {
    const res = await client(api.url).get('/api/health');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      status: 'degraded',
      database: { status: 'up' },
      temporal: { status: 'down', namespace: 'plaudit-test' },
    });
    // states only: why it is down goes to the log, not to the public
    expect(JSON.stringify(res.body)).not.toMatch(/UNAVAILABLE|ECONNREFUSED|ECONNRESET|deadline|error/i);
  });

  test('routes that do not need Temporal keep working', async () => {
    const { shop, token } = await createShop(api);
    const res = await client(api.url, token).get('/api/shops');
    expect(res.status).toBe(200);
    expect(res.body.shopifyDomain).toBe(shop.shopifyDomain);
  });
});

describe('with the database unreachable', () => {
  let database: DownPort;
  let api: TestApi;
  beforeAll(async () => {
    database = await downPort();
    api = await startTestApi({ DATABASE_URL: databaseUrlAt(database.port) });
  });
  afterAll(async () => {
    await api.close();
    await database.close();
  });

  test('503 naming the database as down, Temporal as up', async () => {
    const res = await client(api.url).get('/api/health');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 'degraded', database: { status: 'down' }, temporal: { status: 'up' } });
    expect(JSON.stringify(res.body)).not.toMatch(/ECONNREFUSED|ECONNRESET|connect|error/i);
  });
});
