// Events between plugins ('review.created' -> review requests, notifications, integrations).
// Two kinds of listener:
// - durable: a plugin lists the event in its manifest's `listens` and handles it in its worker
//   side (`createEventHandlers(deps)` in activities/index.ts). `emit` records one `deliverEvent`
//   workflow start in the kernel outbox (inside the caller's transaction when given), so the
//   handlers run, with retries, even if Temporal or this process is down when the event happens.
// - in-process: `on(event, fn)` in the same process, after the caller's commit, for quick things
//   such as dropping a cache; a failure is logged with the event's name.
import type { Knex } from 'knex';
import type { Logger } from '../log';
import type { WorkflowOutbox } from '../temporal/outbox';
import type { PluginManifest } from './manifest';

export type EventHandler<T = any> = (payload: T) => Promise<void> | void;

export interface EmitOptions {
  /** what makes this occurrence unique within the event: a review id, an order id and a time */
  key: string | number;
  /** the shop it concerns, for the Temporal UI */
  shopDomain?: string;
  /** record the delivery with the caller's writes; in-process handlers run after the commit */
  trx?: Knex.Transaction;
}

/** The `deliverEvent` workflow's input. */
export interface EventDelivery {
  event: string;
  payload: unknown;
}

export const eventWorkflowId = (event: string, key: string | number) => `event:${event}:${key}`;

export class EventBus {
  private readonly handlers = new Map<string, EventHandler[]>();
  private readonly durable = new Map<string, string[]>();

  constructor(
    private readonly log: Logger,
    private readonly outbox: WorkflowOutbox,
  ) {}

  /** Reads which plugins handle which events durably. */
  register(manifests: PluginManifest[]) {
    for (const m of manifests) for (const event of m.listens ?? []) this.durable.set(event, [...(this.durable.get(event) ?? []), m.id]);
  }

  /** The events a plugin handles durably. */
  listenedBy(plugin: string): string[] {
    return [...this.durable].filter(([, plugins]) => plugins.includes(plugin)).map(([event]) => event);
  }

  /** The plugins that handle `event` in the worker. */
  listeners(event: string): string[] {
    return this.durable.get(event) ?? [];
  }

  on<T>(event: string, handler: EventHandler<T>) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler as EventHandler]);
  }

  async emit<T>(event: string, payload: T, options: EmitOptions): Promise<void> {
    if (this.listeners(event).length) {
      const start = {
        workflowType: 'deliverEvent',
        workflowId: eventWorkflowId(event, options.key),
        args: [{ event, payload } satisfies EventDelivery],
        shopDomain: options.shopDomain,
        summary: `${event} ${options.key} -> ${this.listeners(event).join(', ')}`,
      };
      await this.outbox.start(start, options.trx);
    }
    const local = this.handlers.get(event) ?? [];
    if (!local.length) return;
    if (options.trx) void options.trx.executionPromise.then(() => this.runLocal(event, payload, local), () => undefined);
    else await this.runLocal(event, payload, local);
  }

  private async runLocal(event: string, payload: unknown, handlers: EventHandler[]) {
    for (const handler of handlers) {
      try {
        await handler(payload);
      } catch (err) {
        this.log.error({ err, event }, 'in-process event handler failed');
      }
    }
  }
}
