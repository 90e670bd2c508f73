// The contract for plugins/<id>/activities/index.ts: export `createActivities(deps)` returning
// plain async functions. Workflow code (plugins/<id>/workflows/index.ts) exports workflow
// functions and imports only @temporalio/workflow, its own messages and `import type` of activities.
// The types a plugin's activities see (ActivityDeps, WebhookDelivery, CustomerRef, PlatformHooks)
// live in api/kernel/activities.ts and reach plugins through @plaudit/kernel; the worker's loading
// types stay here (workflows import api, never the reverse).
import type { ActivityDeps, PlatformHooks } from '../api/kernel/activities';
import type { EventHandlers } from '../api/kernel/events';

export type { ActivityDeps, CustomerRef, PlatformHooks, WebhookDelivery } from '../api/kernel/activities';

export type ActivityFunction = (...args: never[]) => Promise<unknown>;
export type ActivitiesFactory = (deps: ActivityDeps) => Record<string, ActivityFunction>;

export type PlatformHooksFactory = (deps: ActivityDeps) => PlatformHooks;

/**
 * Durable event handlers, exported from plugins/<id>/activities as `createEventHandlers(deps)`
 * returning `eventHandlers(handleEvent(ReviewCreated, async (review) => ...), ...)`: one per event
 * the plugin's manifest `listens` to. Each runs in a retried activity: be idempotent.
 */
export type { EventHandlers };
export type EventHandlersFactory = (deps: ActivityDeps) => EventHandlers;
