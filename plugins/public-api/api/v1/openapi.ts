// The OpenAPI 3.1 document of /api/public/v1, generated from the operations (operations.ts): their
// zod schemas become the parameters, bodies and answers (zod-openapi renders them through zod's own
// JSON Schema output, request schemas as input and answers as output), so what is documented is
// what the router enforces. Around them: the bearer key scheme and each operation's scope, the error
// body, the RateLimit headers, Idempotency-Key, ETag / If-None-Match, and a quick start (quick-start.ts).
import { z } from 'zod';
import {
  createDocument,
  type ZodOpenApiObject,
  type ZodOpenApiOperationObject,
  type ZodOpenApiResponseObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi';
import { SCOPES } from '../../shared/scopes';
import { IDEMPOTENCY_TTL_HOURS } from '../../db/idempotency';
import type { Operation } from './operation';
import { quickStart } from './quick-start';

export const API_VERSION = '1.0.0';

export const errorSchema = z
  .object({
    error: z.object({
      code: z.string().meta({
        description:
          'Stable, for programs: VALIDATION_FAILED, UNAUTHENTICATED, INSUFFICIENT_SCOPE, PLAN_TIER_TOO_LOW, NOT_FOUND, METHOD_NOT_ALLOWED, CONFLICT, IDEMPOTENCY_KEY_IN_USE, IDEMPOTENCY_KEY_REUSED, RATE_LIMITED, PLUGIN_NOT_INSTALLED, TRY_AGAIN_LATER, INTERNAL …',
        example: 'VALIDATION_FAILED',
      }),
      message: z.string().meta({ description: 'For people, in English', example: 'Validation failed' }),
      details: z
        .record(z.string(), z.string())
        .optional()
        .meta({ description: 'With VALIDATION_FAILED: a message per failing field', example: { rating: 'A whole number from 1 to 5' } }),
      scope: z.string().optional().meta({ description: 'With INSUFFICIENT_SCOPE: the scope the call needs' }),
      tier: z.string().optional().meta({ description: 'With PLAN_TIER_TOO_LOW: the plan tier the public API needs' }),
      missing: z.string().optional().meta({ description: 'With PLUGIN_NOT_INSTALLED: the plugin the call needs' }),
    }),
  })
  .meta({ id: 'Error', description: 'Every error of the API has this body' });

const ref = (kind: 'headers' | 'parameters', name: string) => ({ $ref: `#/components/${kind}/${name}` });
const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': ref('headers', 'RateLimit-Limit'),
  'RateLimit-Remaining': ref('headers', 'RateLimit-Remaining'),
  'RateLimit-Reset': ref('headers', 'RateLimit-Reset'),
  'RateLimit-Policy': ref('headers', 'RateLimit-Policy'),
};

const errorResponse = (description: string, headers?: Record<string, { $ref: string }>): ZodOpenApiResponseObject => ({
  description,
  content: { 'application/json': { schema: errorSchema } },
  ...(headers ? { headers } : {}),
});

const hasFields = (schema: z.ZodType | undefined) => !!schema && Object.keys((schema as z.ZodObject).shape ?? {}).length > 0;

function responsesOf(op: Operation): ZodOpenApiResponsesObject {
  const keyed = !!op.scope;
  const rateLimited = keyed ? RATE_LIMIT_HEADERS : undefined;
  const responses: ZodOpenApiResponsesObject = {};
  for (const [status, answer] of Object.entries(op.responses)) {
    const ok = Number(status) < 300;
    const headers = {
      ...(ok ? rateLimited : {}),
      ...(ok && op.method === 'get' ? { ETag: ref('headers', 'ETag') } : {}),
      ...(ok && op.idempotent ? { 'Idempotent-Replayed': ref('headers', 'Idempotent-Replayed') } : {}),
    };
    const content = answer.schema
      ? { 'application/json': { schema: answer.schema } }
      : Number(status) >= 400
        ? { 'application/json': { schema: errorSchema } }
        : undefined;
    responses[status as `2${string}`] = {
      description: answer.description,
      ...(content ? { content } : {}),
      ...(Object.keys(headers).length ? { headers } : {}),
    };
  }
  const add = (status: string, response: ZodOpenApiResponseObject) => {
    responses[status as `4${string}`] ??= response;
  };
  if (op.method === 'get')
    add('304', { description: 'Not modified: the `If-None-Match` ETag is current (no body)', headers: { ETag: ref('headers', 'ETag') } });
  if (hasFields(op.params) || hasFields(op.query) || op.body || op.idempotent)
    add('400', errorResponse('Invalid input (VALIDATION_FAILED): `error.details` names each failing field'));
  if (keyed) {
    add('401', errorResponse('No API key, or an unknown, rotated or revoked one (UNAUTHENTICATED)'));
    add(
      '403',
      errorResponse("The key lacks the operation's scope (INSUFFICIENT_SCOPE), or the shop's plan lacks the public API (PLAN_TIER_TOO_LOW)", rateLimited),
    );
  }
  if (hasFields(op.params)) add('404', errorResponse('Not found (NOT_FOUND)', rateLimited));
  if (op.idempotent) {
    add('409', errorResponse('A request with this Idempotency-Key is still being processed (IDEMPOTENCY_KEY_IN_USE): retry later', rateLimited));
    add('422', errorResponse('This Idempotency-Key was used for a different request (IDEMPOTENCY_KEY_REUSED)', rateLimited));
  }
  if (keyed)
    add(
      '429',
      errorResponse("Over the key's rate limit (RATE_LIMITED): wait `Retry-After` seconds", {
        ...RATE_LIMIT_HEADERS,
        'Retry-After': ref('headers', 'Retry-After'),
      }),
    );
  add(
    '503',
    errorResponse(
      'A plugin the operation needs is not installed (PLUGIN_NOT_INSTALLED), or a service the API depends on is briefly out of reach (TRY_AGAIN_LATER: retry after `Retry-After` seconds)',
    ),
  );
  return responses;
}

function operationObject(op: Operation): ZodOpenApiOperationObject {
  const access = op.scope
    ? `**Scope:** \`${op.scope}\` (an API key that has it, as \`Authorization: Bearer <key>\`).`
    : "**No API key:** a storefront read, callable from shoppers' browsers on the shop's headless origins (CORS).";
  const parameters = [...(op.method === 'get' ? [ref('parameters', 'If-None-Match')] : []), ...(op.idempotent ? [ref('parameters', 'Idempotency-Key')] : [])];
  return {
    operationId: op.operationId,
    summary: op.summary,
    description: [op.description, access].filter(Boolean).join('\n\n'),
    tags: op.tags,
    security: op.scope ? [{ apiKey: [op.scope] }] : [],
    'x-scopes': op.scope ? [op.scope] : [],
    ...(op.params || op.query
      ? { requestParams: { ...(op.params ? { path: op.params as z.ZodObject } : {}), ...(op.query ? { query: op.query as z.ZodObject } : {}) } }
      : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: op.body } } } } : {}),
    responses: responsesOf(op),
  };
}

/** '/reviews/:id' -> '/reviews/{id}' */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

export function openApiDocument(operations: Operation[], appUrl: string) {
  const paths: NonNullable<ZodOpenApiObject['paths']> = {};
  for (const op of operations) {
    const path = openApiPath(op.path);
    paths[path] = { ...paths[path], [op.method]: operationObject(op) };
  }
  const tags = [...new Set(operations.flatMap((op) => op.tags))].map((name) => ({ name }));
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Plaudit public API',
      version: API_VERSION,
      description: quickStart(appUrl),
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: `${appUrl}/api/public/v1`, description: 'This Plaudit server' }],
    tags,
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'pk_live_…',
          description: `An API key of the shop, made on the app's API keys screen (/settings/managingKey), sent as \`Authorization: Bearer <key>\`. A key names its shop and its scopes: ${SCOPES.map((s) => `\`${s}\``).join(', ')}. Each operation's scope is in its security requirement and its \`x-scopes\`.`,
        },
      },
      parameters: {
        'Idempotency-Key': {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: `A unique key per creation (a UUID): a repeat with the same key within ${IDEMPOTENCY_TTL_HOURS} hours returns the first answer (with \`Idempotent-Replayed: true\`) and creates nothing; the same key with a different request answers 422, and one sent while the first is still running 409. After ${IDEMPOTENCY_TTL_HOURS} hours a key may be used again. (draft-ietf-httpapi-idempotency-key-header)`,
          schema: { type: 'string', minLength: 1, maxLength: 255, example: '8e03978e-40d5-43e8-bc93-6894a57f9324' },
        },
        'If-None-Match': {
          name: 'If-None-Match',
          in: 'header',
          required: false,
          description: "A previous answer's `ETag`: when the answer is unchanged it is 304 Not Modified, without a body.",
          schema: { type: 'string' },
        },
      },
      headers: {
        'RateLimit-Limit': { description: "The key's quota of requests in the current window", schema: { type: 'integer', example: 120 } },
        'RateLimit-Remaining': { description: 'Requests left in the current window', schema: { type: 'integer', example: 87 } },
        'RateLimit-Reset': { description: 'Seconds until the quota is whole again', schema: { type: 'integer', example: 42 } },
        'RateLimit-Policy': {
          description: 'The quota policy: quota and window in seconds (draft-ietf-httpapi-ratelimit-headers)',
          schema: { type: 'string', example: '120;w=60' },
        },
        'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer', example: 12 } },
        ETag: {
          description: 'A weak validator of the answer: send it back as `If-None-Match`',
          schema: { type: 'string', example: 'W/"3q2-7wHm5l0PZ0E0bFvKc8Jm1yq7v3A"' },
        },
        'Idempotent-Replayed': {
          description: 'Present (`true`) when the answer is the stored answer of an earlier request with the same Idempotency-Key',
          schema: { type: 'string', enum: ['true'] },
        },
      },
    },
  });
}
