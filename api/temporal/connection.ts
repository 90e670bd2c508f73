import fs from 'node:fs';
import {
  Client,
  Connection,
  type ConnectionOptions,
  type SignalDefinition,
  type WorkflowSignalWithStartOptions,
  type WorkflowStartOptions,
} from '@temporalio/client';
import type { WorkflowFunctionOf, WorkflowRef } from '../../contracts/define';
import { temporal } from '@temporalio/proto';
import { msToTs, type defineSearchAttributeKey, type SearchAttributeType } from '@temporalio/common';

type SearchAttributeKey = ReturnType<typeof defineSearchAttributeKey<SearchAttributeType>>;
import type { Config } from '../config';
import { InFlightCalls } from './in-flight';
import type { Logger } from '../log';

const IndexedValueType = temporal.api.enums.v1.IndexedValueType;

const INDEXED_TYPE: Record<SearchAttributeType, temporal.api.enums.v1.IndexedValueType> = {
  TEXT: IndexedValueType.INDEXED_VALUE_TYPE_TEXT,
  KEYWORD: IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD,
  INT: IndexedValueType.INDEXED_VALUE_TYPE_INT,
  DOUBLE: IndexedValueType.INDEXED_VALUE_TYPE_DOUBLE,
  BOOL: IndexedValueType.INDEXED_VALUE_TYPE_BOOL,
  DATETIME: IndexedValueType.INDEXED_VALUE_TYPE_DATETIME,
  KEYWORD_LIST: IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD_LIST,
};

export function temporalAddress(config: Config): string {
  return config.temporal.address ?? `127.0.0.1:${config.temporal.devPort}`;
}

export function connectionOptions(config: Config): ConnectionOptions {
  const { tls, apiKey } = config.temporal;
  return {
    address: temporalAddress(config),
    apiKey,
    // The connection's own subchannels (grpc-js shares them process-wide by default), so close()
    // ends its HTTP/2 session instead of leaving it to a pool sweep after shutdown.
    channelArgs: { 'grpc.use_local_subchannel_pool': 1 },
    tls: tls
      ? {
          serverNameOverride: tls.serverName,
          serverRootCACertificate: tls.ca ? fs.readFileSync(tls.ca) : undefined,
          clientCertPair: tls.cert && tls.key ? { crt: fs.readFileSync(tls.cert), key: fs.readFileSync(tls.key) } : undefined,
        }
      : apiKey
        ? true
        : undefined,
  };
}

type AnyWorkflowRef = WorkflowRef<any, any>;
type SignalWithStartOptions<W extends AnyWorkflowRef, S extends any[]> = WorkflowSignalWithStartOptions<S> &
  WorkflowStartOptions<WorkflowFunctionOf<W>> & { signal: SignalDefinition<S> | string };

/** Starts a referenced workflow through a bare Client (a bench, a script); services use `temporal.start`. */
export function startWorkflow<W extends AnyWorkflowRef>(client: Client, ref: W, options: WorkflowStartOptions<WorkflowFunctionOf<W>>) {
  return client.workflow.start<WorkflowFunctionOf<W>>(ref.type, options);
}

/** Signals a referenced workflow through a bare Client, starting it first when it is not running. */
export function signalWithStartWorkflow<W extends AnyWorkflowRef, S extends any[] = []>(client: Client, ref: W, options: SignalWithStartOptions<W, S>) {
  return client.workflow.signalWithStart<WorkflowFunctionOf<W>, S>(ref.type, options);
}

/** How long a route waits on Temporal before answering 503 (the client's own retries take ~20 s). */
export const ROUTE_DEADLINE_MS = 3000;

/**
 * The API's handle on Temporal. Connects lazily so the API starts (and reports Temporal as down
 * in /api/health) while the cluster is unreachable: no call waits for the connection, a call made
 * while nothing listens fails UNAVAILABLE and is retried by the client until its deadline.
 */
export class TemporalGateway {
  // the API's connects lazily; the worker hands in its own, already connected
  readonly connection: Connection;
  readonly client: Client;
  /** the API's own connection's calls under way (close() lets them end: in-flight.ts) */
  readonly inFlight = new InFlightCalls();

  constructor(
    readonly config: Config,
    connection?: Connection,
  ) {
    this.connection = connection ?? Connection.lazy({ ...connectionOptions(config), interceptors: this.inFlight.interceptors() });
    this.client = new Client({ connection: this.connection, namespace: config.temporal.namespace });
  }

  /** Starts a referenced workflow: its arguments are checked against the reference's types. */
  start<W extends AnyWorkflowRef>(ref: W, options: WorkflowStartOptions<WorkflowFunctionOf<W>>) {
    return startWorkflow(this.client, ref, options);
  }

  /** Starts a referenced workflow and waits for its result. */
  execute<W extends WorkflowRef<any, any>>(ref: W, options: WorkflowStartOptions<WorkflowFunctionOf<W>>) {
    return this.client.workflow.execute<WorkflowFunctionOf<W>>(ref.type, options);
  }

  /** Signals a referenced workflow, starting it first when it is not running. */
  signalWithStart<W extends AnyWorkflowRef, S extends any[] = []>(ref: W, options: SignalWithStartOptions<W, S>) {
    return signalWithStartWorkflow<W, S>(this.client, ref, options);
  }

  /**
   * Runs `fn`'s Temporal calls under a deadline: past it they fail DEADLINE_EXCEEDED, which the
   * error handler answers 503 with Retry-After. Routes wrap every signal, query and update in it.
   */
  call<T>(fn: () => Promise<T>, ms = ROUTE_DEADLINE_MS): Promise<T> {
    return this.connection.withDeadline(Date.now() + ms, fn);
  }

  async health(timeoutMs = 2000): Promise<{ status: 'up' | 'down'; namespace: string; error?: string }> {
    const namespace = this.config.temporal.namespace;
    try {
      await this.connection.withDeadline(Date.now() + timeoutMs, () => this.connection.workflowService.describeNamespace({ namespace }));
      return { status: 'up', namespace };
    } catch (err) {
      return { status: 'down', namespace, error: (err as Error).message.split('\n')[0] };
    }
  }

  /** After the calls under way have ended (their retries too), 5 s at most: then the connection. */
  async close() {
    await this.inFlight.settled(5_000);
    await this.connection.close();
  }
}

/** Creates the namespace when missing (clusters where we may; Temporal Cloud namespaces exist already). */
export async function ensureNamespace(connection: Connection, namespace: string, log: Logger) {
  try {
    await connection.workflowService.describeNamespace({ namespace });
    return;
  } catch (err) {
    if ((err as { code?: number }).code !== 5 /* NOT_FOUND */) throw err;
  }
  log.info({ namespace }, 'registering Temporal namespace');
  await connection.workflowService.registerNamespace({
    namespace,
    workflowExecutionRetentionPeriod: msToTs('3 days'),
  });
}

/** Adds any custom search attribute the namespace lacks, through the operator service. */
export async function ensureSearchAttributes(connection: Connection, namespace: string, keys: SearchAttributeKey[], log: Logger) {
  const existing = await connection.operatorService.listSearchAttributes({ namespace });
  const known = new Set(Object.keys(existing.customAttributes ?? {}));
  const missing = keys.filter((k) => !known.has(k.name));
  if (!missing.length) return [];
  log.info({ namespace, attributes: missing.map((k) => k.name) }, 'registering Temporal search attributes');
  await connection.operatorService.addSearchAttributes({
    namespace,
    searchAttributes: Object.fromEntries(missing.map((k) => [k.name, INDEXED_TYPE[k.type as SearchAttributeType]])),
  });
  return missing.map((k) => k.name);
}
