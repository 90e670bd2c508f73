// Typed references: how one plugin names what it offers another (a capability, an event, a
// workflow to start) so that the compiler checks both sides. A reference is a small value with its
// id and a phantom type; the kernel's capability, event and outbox APIs take references only.
// Sandbox-safe (no imports): workflow code may import contracts too.

declare const phantom: unique symbol;

/** A service one plugin provides and others use: `capabilities.get(ReviewFeed)` is a `ReviewFeedApi`. */
export interface CapabilityRef<T> {
  readonly kind: 'capability';
  readonly id: string;
  readonly [phantom]?: T;
}

/** Something that happened, with its payload: `events.emit(ReviewCreated, payload, options)`. */
export interface EventRef<P> {
  readonly kind: 'event';
  readonly name: string;
  readonly [phantom]?: P;
}

/** A workflow type with its arguments and result: `outbox.start(ImportReviews, { args, ... })`. */
export interface WorkflowRef<A extends unknown[] = unknown[], R = unknown> {
  readonly kind: 'workflow';
  readonly type: string;
  readonly [phantom]?: (...args: A) => Promise<R>;
}

export type CapabilityOf<C> = C extends CapabilityRef<infer T> ? T : never;
export type PayloadOf<E> = E extends EventRef<infer P> ? P : never;
export type ArgsOf<W> = W extends WorkflowRef<infer A, unknown> ? A : never;
export type ResultOf<W> = W extends WorkflowRef<unknown[], infer R> ? R : never;
/** The function shape a workflow must have to implement the reference. */
export type WorkflowFunctionOf<W> = W extends WorkflowRef<infer A, infer R> ? (...args: A) => Promise<R> : never;

type AnyWorkflowFunction = (...args: any[]) => Promise<any>;

const defined = {
  capabilities: new Map<string, CapabilityRef<unknown>>(),
  events: new Map<string, EventRef<unknown>>(),
  workflows: new Map<string, WorkflowRef>(),
};

function once<R>(table: Map<string, R>, id: string, make: () => R): R {
  // a module loaded twice (jest's registries) may define the same reference again: same value
  const ref = table.get(id) ?? make();
  table.set(id, ref);
  return ref;
}

export function defineCapability<T>(id: string): CapabilityRef<T> {
  return once(defined.capabilities, id, () => ({ kind: 'capability', id }) as CapabilityRef<T>) as CapabilityRef<T>;
}

export function defineEvent<P>(name: string): EventRef<P> {
  return once(defined.events, name, () => ({ kind: 'event', name }) as EventRef<P>) as EventRef<P>;
}

/** An event the public API forwards to merchants' webhooks, with the topic it goes out under. */
export type WebhookEventRef<P, T extends string> = EventRef<P> & { readonly webhookTopic: T };

/**
 * Declares the public webhook topic of an event (public-api's WEBHOOKS.md, its OpenAPI enum, merchants'
 * stored subscriptions): public and versioned, so it is written here, beside the event, and kept when
 * the event's own name changes. The public API derives its topic list from these references.
 */
export function webhookTopic<P, T extends string>(event: EventRef<P>, topic: T): WebhookEventRef<P, T> {
  // the same reference object (events are compared by name, but one value per event keeps it simple)
  return Object.assign(event, { webhookTopic: topic }) as WebhookEventRef<P, T>;
}

/**
 * `defineWorkflow<(input: ImportInput) => Promise<ImportResult>>('importReviews')`, or, inside the
 * plugin that implements it, `defineWorkflow<typeof importReviews>('importReviews')` with an
 * `import type` of the workflow function.
 */
export function defineWorkflow<F extends AnyWorkflowFunction>(type: string): WorkflowRef<Parameters<F>, Awaited<ReturnType<F>>> {
  return once(defined.workflows, type, () => ({ kind: 'workflow', type }) as WorkflowRef) as WorkflowRef<Parameters<F>, Awaited<ReturnType<F>>>;
}

/** Every reference defined in this process so far (the contract tests list them). */
export function definedReferences() {
  return { capabilities: [...defined.capabilities.values()], events: [...defined.events.values()], workflows: [...defined.workflows.values()] };
}
