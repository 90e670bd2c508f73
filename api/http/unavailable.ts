// Which dependency an error says is unreachable: the database (connection refused or lost, no pool
// connection in time, the server shutting down) or Temporal (gRPC UNAVAILABLE / DEADLINE_EXCEEDED,
// a call past its deadline). Such failures are answered 503 with Retry-After, not 500: the request
// was fine and will work once the dependency is back.
import { TemporalDeadlineError } from '../temporal/outbox';

/** 'service' when only the socket error is known (a refused connection, to PostgreSQL or another host). */
export type Dependency = 'database' | 'temporal' | 'service';

/** Seconds a client is told to wait before retrying (Retry-After). */
export const RETRY_AFTER_SECONDS = 5;

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
/** SQLSTATE class 08 (connection exception) and the server refusing or ending sessions. */
const PG_UNAVAILABLE = /^(08|57P0[123]$|53300$)/;
const GRPC_UNAVAILABLE = 14;
const GRPC_DEADLINE_EXCEEDED = 4;

interface Failure {
  name?: string;
  code?: unknown;
  message?: string;
  cause?: unknown;
  nativeError?: unknown;
  errors?: unknown[];
}

/** The error and what it wraps (objection's nativeError, `cause`, AggregateError's errors), a few levels deep. */
function* chain(err: unknown, depth = 0): Generator<Failure> {
  if (!err || typeof err !== 'object' || depth > 4) return;
  const e = err as Failure;
  yield e;
  yield* chain(e.nativeError, depth + 1);
  yield* chain(e.cause, depth + 1);
  for (const inner of Array.isArray(e.errors) ? e.errors : []) yield* chain(inner, depth + 1);
}

function isTemporal(e: Failure): boolean {
  if (e instanceof TemporalDeadlineError) return true;
  // grpc-js ServiceErrors carry a numeric status code and `details`; Temporal wraps them as `cause`.
  return (e.code === GRPC_UNAVAILABLE || e.code === GRPC_DEADLINE_EXCEEDED) && 'details' in e;
}

function isDatabase(e: Failure): boolean {
  if (e.name === 'KnexTimeoutError') return true; // no pool connection within acquireConnectionTimeout
  if (typeof e.code === 'string' && PG_UNAVAILABLE.test(e.code)) return true;
  return /^Connection terminated/.test(e.message ?? ''); // pg: the server went away mid-query
}

const isNetwork = (e: Failure) => typeof e.code === 'string' && NETWORK_CODES.has(e.code);

/** The dependency `err` says is unreachable, or undefined for any other failure. */
export function unavailableDependency(err: unknown): Dependency | undefined {
  const failures = [...chain(err)];
  if (failures.some(isTemporal)) return 'temporal';
  if (failures.some(isDatabase)) return 'database';
  if (failures.some(isNetwork)) return 'service';
  return undefined;
}
