// One public operation = one route + its OpenAPI description, from the same zod schemas: the router
// (api/v1/router.ts) validates params, query and body with them and registers the operation in the
// OpenAPI document (api/v1/openapi.ts), so the document cannot drift from what is enforced.
import type { z } from 'zod';
import type { ApiServices, AppContext, CapabilityRef } from '@plaudit/kernel';
import type { Scope } from '../../shared/scopes';

export interface OperationInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
}

export interface OperationResult {
  /** default 200; 204 sends no body */
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface Operation<P = any, Q = any, B = any> {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  /** Koa style, relative to /api/public/v1: '/reviews/:id' (the document writes '/reviews/{id}') */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  /**
   * the API key scope the call needs; absent: a storefront read that needs no key (headless), which
   * names its shop in a `shop` path or query parameter (the myshopify domain): browsers on that
   * shop's headless origins get CORS headers (cors.ts)
   */
  scope?: Scope;
  /**
   * a capability the operation exists only with (an optional plugin's): without it the operation is
   * neither routed (404 like any unknown path) nor documented. Absent: always there.
   */
  requires?: CapabilityRef<unknown>;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /**
   * documented answers by status; 2xx carry the schema the contract test checks answers against; an
   * error status without a schema is documented with the Error body. The router adds the shared
   * ones (304, 400, 401, 403, 404, 409, 422, 429, 503) where they apply (openapi.ts).
   */
  responses: Record<number, { description: string; schema?: z.ZodType }>;
  /** POST that honours `Idempotency-Key` (a repeat with the same key returns the first answer: status and body) */
  idempotent?: boolean;
  handler(ctx: AppContext, input: OperationInput<P, Q, B>, services: ApiServices): Promise<OperationResult>;
}

export function defineOperation<P, Q, B>(op: Operation<P, Q, B>): Operation<P, Q, B> {
  return op;
}
