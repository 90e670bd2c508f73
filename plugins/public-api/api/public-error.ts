// The public API's one error body: `{ error: { code, message, details? } }` (plus the field the code
// is about: `scope` with INSUFFICIENT_SCOPE, `tier` with PLAN_TIER_TOO_LOW). The admin's routes keep
// the kernel's own shape; integrators read this one, documented in the OpenAPI document.
import type { AppContext } from '@plaudit/kernel';

export interface PublicError {
  code: string;
  message: string;
  details?: Record<string, string>;
  [field: string]: unknown;
}

export interface PublicErrorBody {
  error: PublicError;
}

/** Answers an error at once (for middleware that refuses before any route runs). */
export function answerError(ctx: AppContext, status: number, error: PublicError) {
  ctx.status = status;
  ctx.body = { error } satisfies PublicErrorBody;
}
