// References to the kernel's own workflows (workflows/kernel/workflows.ts), for its starts and
// schedules. Typed by hand: the API does not import workflow code.
import { defineWorkflow } from '../../contracts/define';

/** The `deliverEvent` workflow's input: a durable event as recorded by the emitter. */
export interface EventDelivery {
  event: string;
  payload: unknown;
}

export const ProcessWebhook = defineWorkflow<(deliveryId: number) => Promise<string>>('processWebhook');
export const OutboxSweep = defineWorkflow<() => Promise<string>>('outboxSweep');
export const DeliverEvent = defineWorkflow<(delivery: EventDelivery) => Promise<string>>('deliverEvent');
