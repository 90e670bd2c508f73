// Events between plugins (ReviewCreated -> review requests, notifications, integrations).
// Two kinds of listener:
// - durable: a plugin lists the event's reference (contracts/<provider>.ts) in its manifest's
//   `listens` and handles it in its worker side (`createEventHandlers(deps)` in activities/index.ts,
//   returning `eventHandlers(handleEvent(Ref, fn), ...)`). `emit(Ref, payload, options)` records
//   one `deliverEvent` workflow start in the kernel outbox (inside the caller's transaction when
//   given), so the handlers run, with retries, even if Temporal or this process is down then.
// - in-process: `on(Ref, fn)` (an API plugin's `on: [handleEvent(Ref, fn)]`) in the same process,
//   after the caller's commit, for quick things such as dropping a cache; a failure is logged with
//   the event's name.
import type { Knex } from 'knex';
import type { EventRef } from '../../contracts/define';
import { DeliverEvent, type EventDelivery } from '../temporal/kernel-workflows';
import type { Logger } from '../log';
import type { WorkflowOutbox } from '../temporal/outbox';

export type EventHandler<T = any> = (payload: T) => Promise<void> | void;

export interface EmitOptions {
  /** what makes this occurrence unique within the event: a review id, an order id and a time */
  key: string | number;
  /** the shop it concerns, for the Temporal UI */
  shopDomain?: string;
  /** record the delivery with the caller's writes; in-process handlers run after the commit */
  trx?: Knex.Transaction;
}

export type { EventDelivery };

/** What the bus reads of a plugin's manifest (PluginManifest has these fields). */
export interface EventListening {
  id: string;
  listens?: readonly EventRef<any>[];
}

/** A handler bound to its event: `handleEvent(ReviewCreated, async (review) => ...)`. */
export interface HandledEvent<P = any> {
  readonly event: EventRef<P>;
  readonly handler: EventHandler<P>;
}

/**
 * Binds a handler to the contract's event; the payload's type is the event's (`NoInfer`: a
 * handler's own parameter type cannot widen or replace it). Used by `eventHandlers(...)` (durable)
 * and by an API plugin's `on: [...]` (in-process).
 */
export function handleEvent<P>(event: EventRef<P>, handler: EventHandler<NoInfer<P>>): HandledEvent<P> {
  return { event, handler };
}

/**
 * What a plugin's `createEventHandlers(deps)` returns: one handler per event its manifest `listens`
 * to, made by `eventHandlers(...)` only, so a record keyed by a bare name does not type-check.
 */
export class EventHandlers {
  private readonly byName = new Map<string, EventHandler<unknown>>();
  private shopConcerned?: (shopId: number) => Promise<boolean>;

  constructor(handled: HandledEvent[]) {
    for (const { event, handler } of handled) {
      if (this.byName.has(event.name)) throw new Error(`Two handlers of event "${event.name}"`);
      this.byName.set(event.name, handler);
    }
  }

  /** the names of the events handled, in the order given */
  get events(): string[] {
    return [...this.byName.keys()];
  }

  /** the handler of a recorded delivery, which names its event */
  of(eventName: string): EventHandler<unknown> | undefined {
    return this.byName.get(eventName);
  }

  /**
   * The shops whose events concern the plugin at all (an integration: the shops that connected it).
   * deliverEvent asks before it hands an event over, so one for another shop costs no activity; an
   * event without a shop id is always handed over. The handlers keep their own checks: a shop may
   * disconnect between the two.
   */
  onlyForShops(concerned: (shopId: number) => Promise<boolean>): this {
    this.shopConcerned = concerned;
    return this;
  }

  /** Whether an event's payload concerns the plugin (deliverEvent's listeners): its shop's, by `onlyForShops`. */
  async concerns(payload: unknown): Promise<boolean> {
    const shopId = (payload as { shopId?: unknown } | null)?.shopId;
    return !this.shopConcerned || typeof shopId !== 'number' || this.shopConcerned(shopId);
  }

  /** Runs the handler of `event` as the kernel's deliverEvent would (tests call one directly). */
  async handle<P>(event: EventRef<P>, payload: NoInfer<P>): Promise<void> {
    const handler = this.byName.get(event.name);
    if (!handler) throw new Error(`No handler of event "${event.name}"`);
    await handler(payload);
  }
}

/** `createEventHandlers(deps)` returns `eventHandlers(handleEvent(ReviewCreated, async (review) => ...), ...)`. */
export function eventHandlers(...handled: HandledEvent[]): EventHandlers {
  return new EventHandlers(handled);
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
  register(manifests: EventListening[]) {
    for (const m of manifests) {
      for (const { name } of m.listens ?? []) this.durable.set(name, [...(this.durable.get(name) ?? []), m.id]);
    }
  }

  /** The events a plugin handles durably. */
  listenedBy(plugin: string): string[] {
    return [...this.durable].filter(([, plugins]) => plugins.includes(plugin)).map(([event]) => event);
  }

  /** The plugins that handle the event named `event` (a recorded delivery's) in the worker. */
  listeners(event: string): string[] {
    return this.durable.get(event) ?? [];
  }

  /** An in-process listener, run after the emitter's commit. */
  on<P>(ref: EventRef<P>, handler: EventHandler<NoInfer<P>>): void {
    this.handlers.set(ref.name, [...(this.handlers.get(ref.name) ?? []), handler as EventHandler]);
  }

  /** Records the event's durable delivery (with `options.trx`'s writes) and runs the in-process listeners. */
  async emit<P>(ref: EventRef<P>, payload: NoInfer<P>, options: EmitOptions): Promise<void> {
    const event = ref.name;
    if (this.listeners(event).length) {
      await this.outbox.start(
        DeliverEvent,
        {
          workflowId: eventWorkflowId(event, options.key),
          args: [{ event, payload } satisfies EventDelivery],
          shopDomain: options.shopDomain,
          summary: `${event} ${options.key} -> ${this.listeners(event).join(', ')}`,
        },
        options.trx,
      );
    }
    const local = this.handlers.get(event) ?? [];
    if (!local.length) return;
    if (options.trx)
      void options.trx.executionPromise.then(
        () => this.runLocal(event, payload, local),
        () => undefined,
      );
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
