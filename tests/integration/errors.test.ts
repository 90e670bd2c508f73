// What a caller sees when something goes wrong: field messages, 409 on conflicts, and a 500 that
// gives away nothing but the request id to quote to support.
import type { Server } from 'node:http';
import Router from '@koa/router';
import Koa from 'koa';
import { Model } from 'objection';
import { createKnex, type Knex } from '../../api/db/knex';
import { errorHandler } from '../../api/http/errors';
import { requestContext } from '../../api/http/request-context';
import type { AppState } from '../../api/http/types';
import { createLogger } from '../../api/log';
import { Shop } from '../../api/shops/shop.model';
import { client, createShop, startTestApi, type TestApi } from '../support/api';

class SettingsRow extends Model {
  static tableName = 'settings';
}

const INTERNAL_DETAIL = 'connection to 10.0.0.7 refused by pg_hba.conf';

let api: TestApi;
let knex: Knex;
let probe: Server;
let probeUrl: string;
let existingDomain: string;

beforeAll(async () => {
  api = await startTestApi();
  knex = createKnex(process.env.DATABASE_URL!, { min: 0, max: 2 });
  existingDomain = (await createShop(api)).shop.shopifyDomain;

  const router = new Router<AppState>();
  router.post('/duplicate-shop', async (ctx) => {
    ctx.body = await Shop.query(knex).insert({ shopifyDomain: existingDomain });
  });
  router.post('/orphan-settings', async (ctx) => {
    ctx.body = await SettingsRow.query(knex).insert({ shopId: 2 ** 40, namespace: 'reviews' });
  });
  router.get('/crash', async () => {
    throw new Error(INTERNAL_DETAIL);
  });
  const app = new Koa<AppState>();
  app.use(requestContext(createLogger('silent')));
  app.use(errorHandler);
  app.use(router.routes());
  probe = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  probeUrl = `http://127.0.0.1:${(probe.address() as { port: number }).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => probe.close(resolve));
  await knex.destroy();
  await api.close();
});

describe('validation', () => {
  test('an unknown field is named in errors and nothing is saved', async () => {
    const { token, shop } = await createShop(api);
    const res = await client(api.url, token).put('/api/shops', { hideBannerSettingRequest: true, plan: 'enterprise' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'Validation failed', errors: { plan: 'Unknown field' } });
    expect(Object.keys(res.body.errors)).toEqual(['plan']);
    const row = await api.knex('shops').where({ id: shop.id }).first();
    expect(row).toMatchObject({ plan: 'free', hideBannerSettingRequest: false });
  });

  test('a wrong type is reported on its field, nested fields by their path', async () => {
    const { token } = await createShop(api);
    const res = await client(api.url, token).put('/api/shops', { isShowCardOldOrder: 'yes', surveyWidget: { closeCount: 'two' }, adminLocale: 'xx' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      isShowCardOldOrder: expect.stringMatching(/boolean/),
      'surveyWidget.closeCount': expect.stringMatching(/number/),
      adminLocale: 'The value is invalid',
    });
    expect(res.body.requestId).toEqual(expect.any(String));
  });

  test('a body that is not JSON is a 400, not a 500', async () => {
    const { token } = await createShop(api);
    const res = await client(api.url, token).call('PUT', '/api/shops', '{"isRated": tru', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'The request body is not valid JSON' });
  });

  test.each(['not-a-number', '99999999999999999999'])('a path id PostgreSQL cannot take (%s) is a 400, not a 500', async (id) => {
    const { token } = await createShop(api);
    const res = await client(api.url, token).get(`/api/fixture-notes/${id}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'The value is invalid' });
    expect(JSON.stringify(res.body)).not.toMatch(/bigint|syntax/);
  });
});

describe('database conflicts', () => {
  test('a duplicate shop domain is a 409 naming the column', async () => {
    const res = await client(probeUrl).post('/duplicate-shop');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, message: 'Already exists', errors: { shopify_domain: 'must be unique' } });
    expect(await knex('shops').where({ shopifyDomain: existingDomain }).count()).toEqual([{ count: 1 }]);
  });

  test('a row pointing at a missing shop is a 409', async () => {
    const res = await client(probeUrl).post('/orphan-settings');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, message: 'Refers to a record that does not exist or is still in use' });
    expect(JSON.stringify(res.body)).not.toMatch(/settings_shop_id_foreign|violates/);
  });
});

describe('unexpected errors', () => {
  test('a 500 carries the request id and no internals', async () => {
    const res = await client(probeUrl).get('/crash');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, message: 'Internal server error', requestId: res.headers.get('x-request-id') });
    expect(JSON.stringify(res.body)).not.toContain('10.0.0.7');
    expect(JSON.stringify(res.body)).not.toMatch(/stack|\.ts:\d+/);
  });

  // Koa reports what fails after the answer left the middleware (a client gone while its body streamed)
  // as the app's 'error' event; without a listener of ours it prints the stack to stderr.
  test('an error Koa reports after the answer goes to the log, not to stderr', () => {
    const printed = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const logged = jest.spyOn(api.runtime.services.log, 'info');
    try {
      api.app.emit('error', Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }));
      expect(printed).not.toHaveBeenCalled();
      expect(logged).toHaveBeenCalledWith(
        { err: 'Premature close', code: 'ERR_STREAM_PREMATURE_CLOSE', path: undefined },
        'the connection ended before the answer was sent',
      );
    } finally {
      printed.mockRestore();
      logged.mockRestore();
    }
  });
});

describe('request ids', () => {
  test('a sane X-Request-Id is echoed on the response and in error bodies', async () => {
    const res = await client(api.url).get('/api/shops', { 'x-request-id': 'support-ticket-4711' });
    expect(res.status).toBe(401);
    expect(res.headers.get('x-request-id')).toBe('support-ticket-4711');
    expect(res.body.requestId).toBe('support-ticket-4711');
  });

  test.each([['<script>alert(1)</script>'], ['short'], ['x'.repeat(200)]])('an unsafe id %s is replaced by a generated one', async (inbound) => {
    const res = await client(api.url).get('/api/health', { 'x-request-id': inbound });
    const id = res.headers.get('x-request-id');
    expect(id).not.toBe(inbound);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('every response gets a fresh id when none is given', async () => {
    const [a, b] = await Promise.all([client(api.url).get('/api/health'), client(api.url).get('/api/nowhere')]);
    expect(a.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
    expect(b.status).toBe(404);
    expect(b.body.requestId).toBe(b.headers.get('x-request-id'));
  });
});
