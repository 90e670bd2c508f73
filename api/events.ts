// In-process event bus between plugins ("review.created" -> notifications, integrations ...).
// Handlers must be quick and idempotent; anything that waits or retries starts a workflow instead.
import type { Logger } from './log';

export type EventHandler = (payload: unknown) => Promise<void> | void;

export class EventBus {
  private readonly handlers = new Map<string, EventHandler[]>();

  constructor(private readonly log: Logger) {}

  on(event: string, handler: EventHandler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
  }

  /** Runs every handler; one failing handler is logged and does not stop the others. */
  async emit(event: string, payload: unknown) {
    for (const handler of this.handlers.get(event) ?? []) {
      try {
        await handler(payload);
      } catch (err) {
        this.log.error({ err, event }, 'event handler failed');
      }
    }
  }
}
