// /api/public/v1: every public operation (operations.ts) on one router, with what they all share:
// - errors in the public API's one body, including 404 for unknown paths and 405 for known paths
//   with another method (errors.ts);
// - keyed operations behind the API key and their scope (../key-auth.ts); storefront operations
//   (no scope) without a key, with CORS for the shop's headless origins (cors.ts);
// - params, query and body validated by the operation's zod schemas before its handler runs
//   (400 VALIDATION_FAILED with a message per field);
// - a weak ETag on every 200 GET, and 304 for a current If-None-Match (etag.ts);
// - Idempotency-Key on idempotent POSTs (idempotency.ts);
// - the OpenAPI document and its documentation page (openapi.ts, docs.ts);
// - operations that `require` a capability no installed plugin provides left out: 404, undocumented.
import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { ApiServices, AppContext, AppState } from '@plaudit/kernel';
import { keyAuth, requireScope } from '../key-auth';
import { headlessOrigins, storefrontCors } from './cors';
import { docsRoutes } from './docs';
import { publicErrors } from './errors';
import { notModified, weakEtag } from './etag';
import { idempotencyKeyOf, runOnce, type Answer } from './idempotency';
import { openApiDocument } from './openapi';
import type { Operation } from './operation';
import { publicOperations } from './operations';

export const PUBLIC_API_PREFIX = '/api/public/v1';
const CATCH_ALL = '{/*rest}';

/** Sends an answer: JSON serialised once, a weak ETag and 304 for reads. */
export function send(ctx: AppContext, answer: Answer) {
  for (const [name, value] of Object.entries(answer.headers ?? {})) ctx.set(name, value);
  ctx.status = answer.status;
  if (answer.status === 204) {
    ctx.body = null;
    return;
  }
  if ((ctx.method === 'GET' || ctx.method === 'HEAD') && answer.status === 200) {
    const etag = weakEtag(answer.json);
    ctx.set('ETag', etag);
    if (notModified(ctx.get('if-none-match'), etag)) {
      ctx.status = 304;
      ctx.body = null;
      return;
    }
  }
  ctx.body = answer.json;
  ctx.type = 'application/json';
}

function handle(op: Operation, services: ApiServices): Middleware<AppState> {
  const staleMs = services.config.requestTimeoutMs;
  return async (ctx) => {
    const input = {
      params: op.params ? op.params.parse(ctx.params) : ctx.params,
      query: op.query ? op.query.parse(ctx.query) : {},
      body: op.body ? op.body.parse((ctx.request as { body?: unknown }).body ?? {}) : undefined,
    };
    const run = async (): Promise<Answer> => {
      const result = await op.handler(ctx, input, services);
      const status = result.status ?? 200;
      return { status, json: status === 204 ? '' : JSON.stringify(result.body ?? null), headers: result.headers };
    };
    const key = op.idempotent && ctx.method === 'POST' ? idempotencyKeyOf(ctx) : undefined;
    if (!key) return send(ctx, await run());
    const answer = await runOnce(ctx, key, run, staleMs);
    if (answer.replayed) ctx.set('Idempotent-Replayed', 'true');
    send(ctx, answer);
  };
}

const allow =
  (methods: string[]): Middleware<AppState> =>
  async (ctx) => {
    ctx.set('Allow', ['OPTIONS', ...methods].join(', '));
    ctx.status = 204;
  };

/** The operations this server has: those whose required capability is installed. */
export const installedOperations = (services: Pick<ApiServices, 'capabilities'>, operations: Operation[]) =>
  operations.filter((op) => !op.requires || services.capabilities.has(op.requires));

export function publicV1(services: ApiServices, all: Operation[] = publicOperations) {
  const operations = installedOperations(services, all);
  const router = new Router<AppState>({ prefix: PUBLIC_API_PREFIX });
  router.use(publicErrors);

  const document = () => openApiDocument(operations, services.config.appUrl);
  docsRoutes(router, PUBLIC_API_PREFIX, document);

  const auth = keyAuth(services);
  const originsOf = headlessOrigins(services);
  const methodsByPath = new Map<string, string[]>();
  for (const op of operations) methodsByPath.set(op.path, [...(methodsByPath.get(op.path) ?? []), op.method.toUpperCase()]);
  for (const op of operations) {
    const guard = op.scope ? [auth, requireScope(op.scope)] : [storefrontCors(originsOf, methodsByPath.get(op.path)!)];
    router.register(op.path, [op.method], [...guard, handle(op, services)], { name: op.operationId });
  }
  // Preflight: CORS for a path with storefront operations, a plain Allow for keyed ones.
  for (const [path, methods] of methodsByPath) {
    const storefront = operations.some((op) => op.path === path && !op.scope);
    router.options(path, storefront ? storefrontCors(originsOf, methods) : allow(methods));
  }

  // Anything else under the prefix: 405 when the path exists with other methods, else 404.
  router.register(
    CATCH_ALL,
    ['get', 'post', 'put', 'patch', 'delete', 'options'],
    async (ctx) => {
      const others = router.match(ctx.path, ctx.method).path.filter((layer) => layer.methods.length > 0 && !String(layer.path).endsWith(CATCH_ALL));
      const methods = [...new Set(others.flatMap((layer) => layer.methods))];
      if (methods.length) {
        ctx.set('Allow', methods.join(', '));
        ctx.throw(405, `${ctx.method} is not allowed here; allowed: ${methods.join(', ')}`, { code: 'METHOD_NOT_ALLOWED' });
      }
      ctx.throw(404, `No such path: ${ctx.method} ${ctx.path}. The operations are listed at ${PUBLIC_API_PREFIX}/openapi.json`, { code: 'NOT_FOUND' });
    },
    { name: 'public-api-not-found' },
  );
  return router;
}
