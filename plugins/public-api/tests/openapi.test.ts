// The public API against its own description: the OpenAPI document validates (OpenAPI 3.1 schema,
// @seriousme/openapi-schema-validator), every operation it lists is called on the real stack (API,
// worker, store emulator, PostgreSQL) through the typed client and every answer's body validates
// against the schema documented for its status (ajv, JSON Schema 2020-12, the document's dialect);
// an operation without a call fails the test. Plus the rules every operation shares: ETag / 304,
// Idempotency-Key, one error body, JSON 404/405, no 5xx; CORS for headless origins; the docs page;
// and the checked-in client files are what the operations generate now.
import { execFileSync, spawnSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { eventually, installed, startPlatformStack, tenantFor, updateShop } from '@plaudit/kernel/testing';
import { createPlauditClient, type PlauditClient } from '../client';
import { publicApiSettings } from '../api/v1/cors';
import { DOCS_CSP } from '../api/v1/docs';
import { createKey } from '../db/keys';
import { SCOPES } from '../shared/scopes';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
type Doc = { paths: Record<string, Record<string, { operationId: string; responses: Record<string, { content?: Record<string, unknown> }> }>> };

const PREFIX = '/api/public/v1';
let stack: Stack;
let domain: string;
let shopId: number;
let plaudit: PlauditClient;
let doc: Doc;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });

/** every answer seen, by operation ("GET /reviews/{id}") and status */
const answers: { operation: string; status: number; problems: string | null }[] = [];

/**
 * The document through @seriousme/openapi-schema-validator (the OpenAPI 3.1 JSON Schemas): an ES
 * module, which this CommonJS test runs in a node of its own.
 */
function validateOpenApi(document: object): { valid: boolean; errors?: unknown } {
  const script = `import('@seriousme/openapi-schema-validator').then(async ({ Validator }) => {
    const result = await new Validator().validate(JSON.parse(require('node:fs').readFileSync(0, 'utf8')));
    process.stdout.write(JSON.stringify({ valid: result.valid, errors: result.errors }));
  })`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { input: JSON.stringify(document), cwd: __dirname }).toString());
}

const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** Checks one answer against the document: a documented status, and a body its schema accepts. */
async function check(method: string, schemaPath: string, response: Response) {
  const operation = `${method} ${schemaPath}`;
  const documented = doc.paths[schemaPath]?.[method.toLowerCase()]?.responses?.[String(response.status)];
  let problems: string | null = null;
  if (!documented) problems = `status ${response.status} is not documented`;
  else if (documented.content?.['application/json']) {
    const validate = ajv.getSchema(
      `openapi.json#/${pointer('paths', schemaPath, method.toLowerCase(), 'responses', String(response.status), 'content', 'application/json', 'schema')}`,
    )!;
    const text = await response.clone().text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      problems = `not JSON: ${text.slice(0, 200)}`;
    }
    if (!problems && !validate(body)) problems = `${ajv.errorsText(validate.errors)} in ${text.slice(0, 300)}`;
  }
  answers.push({ operation, status: response.status, problems });
}

const keyFor = (scopes: readonly string[]) => createKey(tenantFor(shopId, domain), { name: 'contract', scopes: [...scopes] as never, rateLimit: 100_000 });

function contractClient(key?: string): PlauditClient {
  const client = createPlauditClient(stack.appUrl, key);
  client.use({ onResponse: ({ request, response, schemaPath }) => check(request.method, schemaPath, response) });
  return client;
}

/** A webhook endpoint that answers 204 and remembers the delivery ids it got. */
async function startReceiver() {
  const got: string[] = [];
  const server = http.createServer((req, res) => {
    got.push(String(req.headers['plaudit-webhook-id']));
    req.resume().on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, ids: () => [...got], close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  stack = await startPlatformStack();
  const installed = await stack.installShop();
  domain = installed.domain;
  shopId = installed.shop.id;
  await updateShop(stack.api, shopId, { plan: 'enterprise' });
  plaudit = contractClient((await keyFor(SCOPES)).key);
  doc = (await (await fetch(`${stack.appUrl}${PREFIX}/openapi.json`)).json()) as Doc;
  ajv.addSchema(doc, 'openapi.json');
});
afterAll(async () => {
  await receiver?.close();
  await stack?.close();
});

test('the OpenAPI document is valid OpenAPI 3.1 and names its server, key scheme and scopes', () => {
  const result = validateOpenApi(doc);
  expect(result.errors).toBeUndefined();
  expect(result.valid).toBe(true);
  // the validator does refuse a broken document
  expect(validateOpenApi({ ...doc, paths: { '/reviews': { get: { responses: 'none' } } } }).valid).toBe(false);
  const full = doc as unknown as { openapi: string; servers: { url: string }[]; components: { securitySchemes: Record<string, { scheme: string }> } };
  expect(full.openapi).toMatch(/^3\.1\./);
  expect(full.servers[0].url).toBe(`${stack.appUrl}${PREFIX}`);
  expect(full.components.securitySchemes.apiKey.scheme).toBe('bearer');
  const listReviews = doc.paths['/reviews'].get as unknown as { security: object[]; 'x-scopes': string[] };
  expect(listReviews.security).toEqual([{ apiKey: ['reviews:read'] }]);
  expect(listReviews['x-scopes']).toEqual(['reviews:read']);
});

test('every documented operation answers real calls with the documented bodies', async () => {
  // reviews
  const created = await plaudit.POST('/reviews', {
    body: { productId: '7982301', rating: 5, content: 'Contract test review', firstName: 'Ada', lastName: 'Lovelace', status: 'published' },
    params: { header: { 'Idempotency-Key': crypto.randomUUID() } },
  });
  expect(created.response.status).toBe(201);
  const id = created.data!.id;
  expect((await plaudit.GET('/reviews', { params: { query: { limit: 5 } } })).data!.items.map((r) => r.id)).toContain(id);
  expect((await plaudit.GET('/reviews/{id}', { params: { path: { id } } })).data!.content).toBe('Contract test review');
  expect((await plaudit.PATCH('/reviews/{id}', { params: { path: { id } }, body: { status: 'published' } })).data!.status).toBe('published');
  expect((await plaudit.PUT('/reviews/{id}/reply', { params: { path: { id } }, body: { content: 'Thank you!' } })).data!.reply?.content).toBe('Thank you!');
  expect((await plaudit.DELETE('/reviews/{id}/reply', { params: { path: { id } } })).data!.reply).toBeNull();
  // summaries may be recounted after the answer: wait for them
  await eventually(async () => (await plaudit.GET('/products/summaries', { params: { query: { productIds: '7982301' } } })).data?.items[0]?.count === 1);

  // the storefront, without a key
  const storefront = contractClient();
  await eventually(async () => {
    const page = await storefront.GET('/storefront/products/{productId}/reviews', { params: { path: { productId: '7982301' }, query: { shop: domain } } });
    return page.data?.items.some((r) => r.id === id);
  });
  await eventually(
    async () => (await storefront.GET('/storefront/summaries', { params: { query: { shop: domain, productIds: '7982301' } } })).data?.items[0]?.count === 1,
  );

  // review requests, for an order of the emulated store
  const { order } = await stack.control('/orders', { shop: domain });
  const started = await plaudit.POST('/requests', { body: { orderId: String(order.id) }, params: { header: { 'Idempotency-Key': crypto.randomUUID() } } });
  expect([200, 201, 202]).toContain(started.response.status);
  const listed = await eventually(async () => {
    const { data } = await plaudit.GET('/requests', { params: { query: { orderId: String(order.id) } } });
    return data?.items[0];
  }, 60_000); // the request's workflow writes it: slow on a loaded machine
  expect((await plaudit.GET('/requests/{id}', { params: { path: { id: listed.id } } })).data!.orderId).toBe(String(order.id));
  // the cancel is handed to the order's workflow; the answer shows it once recorded (within a few
  // seconds: a slower worker records it after the answer)
  const cancelled = await plaudit.POST('/requests/{id}/cancel', { params: { path: { id: listed.id } } });
  expect(cancelled.response.status).toBe(200);
  expect(['cancelled', 'awaitingTrigger', 'scheduled']).toContain(cancelled.data!.status);
  await eventually(async () => (await plaudit.GET('/requests/{id}', { params: { path: { id: listed.id } } })).data?.status === 'cancelled', 60_000);

  // questions, asked on the emulated storefront (through Shopify's app proxy)
  const [product] = (await stack.api.runtime.services.platform!.adminApi(domain).products({ first: 1 })).nodes as { id: string }[];
  const ask = { productId: product.id, name: 'Quinn', email: 'quinn@example.com', question: 'Does it shrink?' };
  const questionId = (
    await (
      await fetch(`${stack.emulator.url}/shops/${domain}/apps/plaudit/questions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ask),
      })
    ).json()
  ).data.id as number;
  expect((await plaudit.GET('/questions', { params: { query: { limit: 5, answered: 'false' } } })).data!.items.map((q) => q.id)).toContain(questionId);
  expect((await plaudit.GET('/questions/{id}', { params: { path: { id: questionId } } })).data!).toMatchObject({
    id: questionId,
    status: 'pending',
    answers: [],
  });

  // topics, where the insights plugin reads the reviews (the operation exists only then)
  if (installed('insights')) {
    const topics = (await plaudit.GET('/topics', { params: { query: { productId: '7982301' } } })).data!;
    expect(topics.productId).toBe('gid://shopify/Product/7982301');
    expect(Array.isArray(topics.items)).toBe(true);
  }
  // product groups, where the product-groups plugin is installed (plugins/product-groups)
  if (installed('product-groups')) expect((await plaudit.GET('/product-groups')).data!.items).toEqual([]);

  const hook = await plaudit.POST('/webhooks', {
    body: { url: receiver.url, topics: ['review.created'] },
    params: { header: { 'Idempotency-Key': crypto.randomUUID() } },
  });
  expect(hook.response.status).toBe(201);
  const hookId = hook.data!.id;
  expect(hook.data!.secret).toMatch(/.{20,}/);
  expect((await plaudit.GET('/webhooks')).data!.items.map((w) => w.id)).toContain(hookId);
  expect((await plaudit.GET('/webhooks/{id}', { params: { path: { id: hookId } } })).data!.topics).toEqual(['review.created']);
  await plaudit.POST('/reviews', {
    body: { productId: '7982301', rating: 4, content: 'A review for the webhook', firstName: 'Ada' },
    params: { header: { 'Idempotency-Key': crypto.randomUUID() } },
  });
  const delivered = await eventually(async () => {
    const { data } = await plaudit.GET('/webhooks/{id}/deliveries', { params: { path: { id: hookId } } });
    return data?.items.find((d) => d.status === 'delivered');
  }, 60_000); // the event, its handler and the delivery's workflow on the shared worker
  expect(receiver.ids()).toContain(delivered.id);
  const again = await plaudit.POST('/webhooks/{id}/deliveries/{deliveryId}/redeliver', { params: { path: { id: hookId, deliveryId: delivered.id } } });
  expect(again.response.status).toBe(202);
  await eventually(async () => receiver.ids().filter((d) => d === delivered.id).length === 2, 60_000);
  expect((await plaudit.PATCH('/webhooks/{id}', { params: { path: { id: hookId } }, body: { enabled: false } })).data!.disabledReason).toBe('merchant');
  expect((await plaudit.DELETE('/webhooks/{id}', { params: { path: { id: hookId } } })).data).toEqual({ id: hookId, deleted: true });
  expect((await plaudit.GET('/webhooks/{id}', { params: { path: { id: hookId } } })).response.status).toBe(404);

  expect((await plaudit.DELETE('/reviews/{id}', { params: { path: { id } } })).data!.id).toBe(id);

  // some documented errors, which must match the error schema too
  expect((await plaudit.GET('/reviews/{id}', { params: { path: { id: 999_999_999 } } })).response.status).toBe(404);
  const invalid = await plaudit.GET('/reviews', { params: { query: { limit: 0 } } });
  expect(invalid.response.status).toBe(400);
  expect(invalid.error).toMatchObject({ error: { code: 'VALIDATION_FAILED', details: { limit: expect.any(String) } } });
  expect((await contractClient().GET('/reviews')).response.status).toBe(401);

  // the checker itself refuses a body that is not the documented one
  const review = ajv.getSchema(`openapi.json#/${pointer('paths', '/reviews/{id}', 'get', 'responses', '200', 'content', 'application/json', 'schema')}`)!;
  expect(review({ id: 'one', rating: 9 })).toBe(false);
  expect(answers.length).toBeGreaterThan(15);

  const documented = Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`));
  const called = new Set(answers.filter((a) => a.status < 300).map((a) => a.operation));
  expect(documented.filter((op) => !called.has(op))).toEqual([]);
  expect(answers.filter((a) => a.problems)).toEqual([]);
});

test('reads carry a weak ETag; If-None-Match with it answers 304 without a body', async () => {
  // the earlier tests' reviews may still change (the translations plugin, for one, stores the language it
  // detected after review.created, which moves updatedAt and so the ETag): read until they hold still
  const { etag, again } = await eventually(async () => {
    const etag = (await plaudit.GET('/reviews', { params: { query: { limit: 3 } } })).response.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    const again = await plaudit.GET('/reviews', { params: { query: { limit: 3 }, header: { 'If-None-Match': etag } } });
    return again.response.status === 304 ? { etag, again } : undefined;
  }, 60_000);
  expect(again.response.headers.get('etag')).toBe(etag);
  expect(again.error).toBeFalsy(); // no body to parse
  const other = await plaudit.GET('/reviews', { params: { query: { limit: 3 }, header: { 'If-None-Match': 'W/"stale"' } } });
  expect(other.response.status).toBe(200);
});

test('an idempotent create sent twice makes one review; the second answer is the first, replayed', async () => {
  const key = crypto.randomUUID();
  const content = `Idempotent ${key}`;
  const body = { productId: '7982302', rating: 4, content, firstName: 'Grace', status: 'published' as const };
  const first = await plaudit.POST('/reviews', { body, params: { header: { 'Idempotency-Key': key } } });
  const second = await plaudit.POST('/reviews', { body, params: { header: { 'Idempotency-Key': `"${key}"` } } });
  expect(first.response.status).toBe(201);
  expect(first.response.headers.get('idempotent-replayed')).toBeNull();
  expect(second.response.status).toBe(201);
  expect(second.response.headers.get('idempotent-replayed')).toBe('true');
  expect(second.data).toEqual(first.data);
  const mine = (await plaudit.GET('/reviews', { params: { query: { productId: '7982302', limit: 100 } } })).data!.items.filter((r) => r.content === content);
  expect(mine).toHaveLength(1);

  const changed = await plaudit.POST('/reviews', { body: { ...body, rating: 1 }, params: { header: { 'Idempotency-Key': key } } });
  expect(changed.response.status).toBe(422);
  expect(changed.error).toMatchObject({ error: { code: 'IDEMPOTENCY_KEY_REUSED' } });
});

test('concurrent first requests with one Idempotency-Key: one runs, the others wait their turn or get its answer', async () => {
  const key = crypto.randomUUID();
  const content = `Concurrent ${key}`;
  const body = { productId: '7982303', rating: 5, content, status: 'published' as const };
  const all = await Promise.all(Array.from({ length: 6 }, () => plaudit.POST('/reviews', { body, params: { header: { 'Idempotency-Key': key } } })));
  const statuses = all.map((r) => r.response.status);
  expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
  const fresh = all.filter((r) => r.response.status === 201 && !r.response.headers.get('idempotent-replayed'));
  expect(fresh).toHaveLength(1);
  for (const r of all.filter((x) => x.response.status === 201)) expect(r.data!.id).toBe(fresh[0].data!.id);
  for (const r of all.filter((x) => x.response.status === 409)) expect(r.error).toMatchObject({ error: { code: 'IDEMPOTENCY_KEY_IN_USE' } });
  const mine = (await plaudit.GET('/reviews', { params: { query: { productId: '7982303', limit: 100 } } })).data!.items.filter((r) => r.content === content);
  expect(mine).toHaveLength(1);
});

test('unknown paths and methods answer JSON errors in the one error body', async () => {
  const unknown = await fetch(`${stack.appUrl}${PREFIX}/no-such-thing`);
  expect(unknown.status).toBe(404);
  expect(await unknown.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
  const root = await fetch(`${stack.appUrl}${PREFIX}`);
  expect(root.status).toBe(404);
  expect((await root.json()).error.code).toBe('NOT_FOUND');
  const wrongMethod = await fetch(`${stack.appUrl}${PREFIX}/reviews`, { method: 'PUT' });
  expect(wrongMethod.status).toBe(405);
  expect(wrongMethod.headers.get('allow')).toContain('GET');
  expect((await wrongMethod.json()).error.code).toBe('METHOD_NOT_ALLOWED');
  const scoped = contractClient((await keyFor(['requests:read'])).key);
  const refused = await scoped.GET('/reviews');
  expect(refused.response.status).toBe(403);
  expect(refused.error).toMatchObject({ error: { code: 'INSUFFICIENT_SCOPE', scope: 'reviews:read' } });
});

test('the storefront operations allow the shop headless origins, and no other', async () => {
  await publicApiSettings(stack.api.runtime.services).update(shopId, { headlessOrigins: ['https://shop.example.com'] });
  const url = `${stack.appUrl}${PREFIX}/storefront/summaries?shop=${domain}&productIds=1`;
  const allowed = await fetch(url, { headers: { origin: 'https://shop.example.com' } });
  expect(allowed.status).toBe(200);
  expect(allowed.headers.get('access-control-allow-origin')).toBe('https://shop.example.com');
  expect(allowed.headers.get('access-control-expose-headers')).toContain('ETag');
  const other = await fetch(url, { headers: { origin: 'https://evil.example.com' } });
  expect(other.status).toBe(200);
  expect(other.headers.get('access-control-allow-origin')).toBeNull();

  const preflight = await fetch(url, { method: 'OPTIONS', headers: { origin: 'https://shop.example.com', 'access-control-request-method': 'GET' } });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get('access-control-allow-origin')).toBe('https://shop.example.com');
  expect(preflight.headers.get('access-control-allow-methods')).toContain('GET');
  // keyed operations are for servers: a clean preflight, and no CORS
  const keyed = await fetch(`${stack.appUrl}${PREFIX}/reviews`, {
    method: 'OPTIONS',
    headers: { origin: 'https://shop.example.com', 'access-control-request-method': 'GET' },
  });
  expect(keyed.status).toBe(204);
  expect(keyed.headers.get('access-control-allow-origin')).toBeNull();
  expect(keyed.headers.get('allow')).toContain('POST');
});

test('the documentation page renders the document with a self-hosted viewer under its own CSP', async () => {
  const page = await fetch(`${stack.appUrl}${PREFIX}/docs`);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-security-policy')).toBe(DOCS_CSP);
  const html = await page.text();
  const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
  expect(scripts).toEqual([`${PREFIX}/docs/assets/swagger-ui-bundle.js`, `${PREFIX}/docs/assets/init.js`]);
  expect(html).not.toMatch(/https?:\/\//);
  for (const asset of [...scripts, `${PREFIX}/docs/assets/swagger-ui.css`]) {
    const res = await fetch(stack.appUrl + asset);
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
  }
  for (const other of ['package.json', '__proto__', 'constructor', '..%2Fpackage.json'])
    expect((await fetch(`${stack.appUrl}${PREFIX}/docs/assets/${other}`)).status).toBe(404);
  const info = (doc as unknown as { info: { description: string } }).info.description;
  for (const part of ['/settings/managingKey', 'curl', 'Idempotency-Key', 'RateLimit-Remaining', 'ProductReviews', '/storefront/summaries'])
    expect(info).toContain(part);
});

test('the checked-in client files are what the operations generate', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, '../client/generate.ts'), '--check'], {
    cwd: path.resolve(__dirname, '../../..'),
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
});

test('no call of this file was answered with a 5xx', () => {
  expect(answers.filter((a) => a.status >= 500)).toEqual([]);
});
