// POST /shops/<shop>/admin/api/<version>/graphql.json: access-token check, throttling (on demand
// and by calculated cost), then graphql-js on the schema. Errors come back the way Shopify sends
// them: HTTP 200 with `errors`, every response with `extensions.cost`.
import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { buildSchema, execute, getOperationAST, GraphQLError, parse, validate, type DocumentNode, type GraphQLFormattedError } from 'graphql';
import type { Context } from 'koa';
import type { EmulatorContext } from '../context';
import { validAccessToken } from '../tokens';
import { bucketOfPlan, MAX_QUERY_COST, queryCost, refund, takeFromBucket, type ThrottleStatus } from './cost';
import { billingMutations } from './mutations-billing';
import { FLOW_SDL, flowMutations } from './flow';
import { METAFIELD_DEFINITIONS_SDL, metafieldDefinitionQueries } from './metafield-definitions';
import { METAOBJECTS_SDL, metaobjectMutations, metaobjectQueries } from './metaobjects';
import { storeMutations } from './mutations-store';
import { queryRoot } from './query-root';
import { APP_SDL } from './sdl-app';
import { STORE_SDL } from './sdl-store';
import { THEMES_SDL } from './sdl-themes';
import type { GqlContext } from './views-store';

export const schema = buildSchema(STORE_SDL + APP_SDL + THEMES_SDL + FLOW_SDL + METAOBJECTS_SDL + METAFIELD_DEFINITIONS_SDL);

const INVALID_TOKEN = '[API] Invalid API key or access token (unrecognized login or wrong password)';
const RATE_LIMITS_DOC = 'https://shopify.dev/api/usage/rate-limits';
const API_VERSION = /^(\d{4}-(01|04|07|10)|unstable)$/;

/** Shopify-style codes for graphql-js validation messages (what the app may branch on). */
function codeFor(message: string): string {
  const rules: [RegExp, string][] = [
    [/^Cannot query field/, 'undefinedField'],
    [/^Unknown argument/, 'argumentNotAccepted'],
    [/argument .* is required, but it was not provided/, 'missingRequiredArguments'],
    [/^Unknown type/, 'undefinedType'],
    [/^Variable ".*" (got invalid value|of required type|of non-null type)/, 'INVALID_VARIABLE'],
    [/must have a selection of subfields|must not have a selection/, 'selectionMismatch'],
    [/is never used/, 'variableNotUsed'],
    [/is not defined/, 'variableNotDefined'],
    [/cannot represent|Expected value of type/, 'argumentLiteralsIncompatible'],
  ];
  return rules.find(([re]) => re.test(message))?.[1] ?? 'GRAPHQL_VALIDATION_FAILED';
}

function format(e: GraphQLError, code?: string): GraphQLFormattedError {
  const f = e.toJSON();
  return { ...f, extensions: { ...f.extensions, code: (f.extensions?.code as string | undefined) ?? code ?? codeFor(e.message) } };
}

export function adminApiRouter(em: EmulatorContext): Router {
  const router = new Router();

  router.post('/shops/:shop/admin/api/:version/graphql.json', async (ctx) => {
    const shop = em.store.shop(ctx.params.shop);
    if (!shop || !API_VERSION.test(ctx.params.version)) return void ((ctx.status = 404), (ctx.body = { errors: 'Not Found' }));
    ctx.set('X-Request-Id', randomUUID());
    ctx.set('X-Shopify-API-Version', ctx.params.version);
    const token = validAccessToken(shop, ctx.get('X-Shopify-Access-Token'));
    if (!token) return void ((ctx.status = 401), (ctx.body = { errors: INVALID_TOKEN }));

    const limits = bucketOfPlan(shop.plan);
    const forced = em.store.throttles.get(shop.domain);
    if (forced && forced.count > 0) {
      forced.count--;
      const status = takeFromBucket(em.store.buckets, shop.domain, 0, limits).status;
      return throttled(ctx, forced.status, { ...status, currentlyAvailable: 0 }, 0);
    }

    // Requests refused before running still report the bucket, as every answer carries extensions.cost.
    const refused = (errors: unknown[], requestedQueryCost = 0) => {
      const throttleStatus = takeFromBucket(em.store.buckets, shop.domain, 0, limits).status;
      ctx.body = { errors, extensions: { cost: { requestedQueryCost, actualQueryCost: null, throttleStatus } } };
    };
    const { query, variables, operationName } = readBody(ctx);
    if (!query) return void ((ctx.status = 400), (ctx.body = { errors: { query: 'Required parameter missing or invalid' } }));
    let document: DocumentNode;
    try {
      document = parse(query);
    } catch (e) {
      return refused([format(e as GraphQLError, 'GRAPHQL_PARSE_FAILED')]);
    }
    const invalid = validate(schema, document);
    if (invalid.length) return refused(invalid.map((e) => format(e)));
    const op = getOperationAST(document, operationName);
    if (!op || op.operation === 'subscription') {
      return refused([format(new GraphQLError(op ? 'Subscriptions are not supported' : 'An operation name is required'))]);
    }

    const cost = queryCost(schema, document, op, variables);
    if (cost > MAX_QUERY_COST) {
      return refused(
        [
          {
            message: `Query cost is ${cost}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).`,
            extensions: { code: 'MAX_COST_EXCEEDED', cost, maxCost: MAX_QUERY_COST, documentation: RATE_LIMITS_DOC },
          },
        ],
        cost,
      );
    }
    const bucket = takeFromBucket(em.store.buckets, shop.domain, cost, limits);
    if (!bucket.ok) {
      // counted, so a test or bench can tell a client that paced itself from one that hit the limit
      em.store.costThrottled.set(shop.domain, [...(em.store.costThrottled.get(shop.domain) ?? []), op.name?.value ?? '(anonymous)']);
      return throttled(ctx, 200, bucket.status, cost);
    }

    const c: GqlContext = { em, shop, scopes: token.scope.split(',').map((x) => x.trim()) };
    const rootValue =
      op.operation === 'mutation'
        ? { ...storeMutations(c), ...billingMutations(c), ...flowMutations(c), ...metaobjectMutations(c) }
        : { ...queryRoot(c), ...metaobjectQueries(c), ...metafieldDefinitionQueries(c) };
    const result = await execute({ schema, document, rootValue, contextValue: c, variableValues: variables, operationName });
    const body: Record<string, unknown> = {};
    // Resolver failures carry a path; variable coercion failures do not (they are request errors).
    if (result.errors?.length) body.errors = result.errors.map((e) => format(e, e.path ? 'INTERNAL_SERVER_ERROR' : undefined));
    if (result.data !== undefined) body.data = result.data;
    const actual = result.data ? Math.min(cost, queryCost(schema, document, op, variables, result.data)) : cost;
    const throttleStatus = refund(em.store.buckets, shop.domain, cost - actual);
    em.store.costCharged.set(shop.domain, (em.store.costCharged.get(shop.domain) ?? 0) + actual);
    body.extensions = { cost: { requestedQueryCost: cost, actualQueryCost: actual, throttleStatus } };
    ctx.body = body;
  });

  return router;
}

function readBody(ctx: Context): { query?: string; variables: Record<string, unknown>; operationName?: string } {
  const b = ctx.request.body as unknown;
  if (typeof b === 'string') return { query: b, variables: {} }; // Content-Type: application/graphql
  const o = (b ?? {}) as { query?: unknown; variables?: unknown; operationName?: unknown };
  return {
    query: typeof o.query === 'string' ? o.query : undefined,
    variables: o.variables && typeof o.variables === 'object' ? (o.variables as Record<string, unknown>) : {},
    operationName: typeof o.operationName === 'string' ? o.operationName : undefined,
  };
}

function throttled(ctx: Context, status: 200 | 429, throttleStatus: ThrottleStatus, requestedQueryCost: number) {
  ctx.status = status;
  if (status === 429) ctx.set('Retry-After', '1.0');
  ctx.body = {
    errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: RATE_LIMITS_DOC } }],
    extensions: { cost: { requestedQueryCost, actualQueryCost: null, throttleStatus } },
  };
}
