// The web-push integration's interface (spec sections 1, 3, 4, 7). The web-push app itself is not
// part of Plaudit: this file fixes what Plaudit stores, shows and hands over, so the app can plug in.
import type { PushReminder } from '@plaudit/contracts/push';

/** The `{push-app}` of `GET /api/integrations/{push-app}`. */
export const PUSH_APP = 'web-push';

/** A push reminder covers the first 2 items of an order (spec section 9). */
export const PUSH_ITEMS = 2;

/** Per shop: whether the web-push app is connected and whether review-reminder pushes are on. */
export interface PushIntegration {
  integrated: boolean;
  reviewReminderStatus: boolean;
}

export const PUSH_OFF: PushIntegration = { integrated: false, reviewReminderStatus: false };

/** A push entry's status (queueType 'push'), shown in the queue with a push suffix. */
export type PushStatus = 'waiting' | 'success' | 'failed' | 'cancel';
export const PUSH_SENT_STATES: readonly string[] = ['success'];

/** The push entry attached to an email entry of the same order, as the queue list returns it. */
export interface PushQueueEntry {
  id: number;
  status: PushStatus;
}

/**
 * Where a push reminder goes without a web-push integration plugin (PushGateway,
 * @plaudit/contracts/push, its PushReminder): the local outbox.
 */
export interface LocalPushGateway {
  send(reminder: PushReminder): Promise<void>;
}

/** Push actions in queue rows are allowed only in these circumstances (spec section 4). */
export function pushAllowed(integration: PushIntegration, push: PushQueueEntry | null | undefined): boolean {
  return integration.integrated && integration.reviewReminderStatus && !!push && !PUSH_SENT_STATES.includes(push.status);
}

/** Full access for installs after 9 May 2025 (spec section 9); otherwise the push action needs a paid plan. */
const FULL_ACCESS_AFTER = Date.parse('2025-05-09T23:59:59Z');
export function pushActionInPlan(shop: { plan: string; installedAt?: unknown }): boolean {
  return shop.plan !== 'free' || (typeof shop.installedAt === 'string' && Date.parse(shop.installedAt) > FULL_ACCESS_AFTER);
}
