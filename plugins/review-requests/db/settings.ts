// The plugin's settings, kernel settings namespaces: the request settings ('review-requests', with
// the reminders) and the web-push integration ('review-requests.push'). Read fresh by every
// activity that needs them, so a change applies to requests already waiting.
import { z } from 'zod';
import type { Capabilities, SettingsStore } from '@plaudit/kernel';
import { DEFAULT_REQUEST_SETTINGS, requestSettings, type RequestSettings } from '../shared/request-settings';
import { PushGateway, type PushGatewayApi } from '@plaudit/contracts/push';
import { PUSH_OFF, type PushIntegration } from '../shared/push';
import type { TimeUnit } from '../shared/zoned-time';
import type { RequestChannel } from '@plaudit/contracts/messaging';

const anyUnit = z.enum(['second', 'minute', 'hour', 'day', 'week', 'month']);
const interval = z.object({ amount: z.number().int().min(0), unit: anyUnit });

/** Request settings plus reminders: how many, and how long after the request. */
export interface StoredSettings extends RequestSettings {
  reminders: number;
  reminderAfter: { amount: number; unit: TimeUnit };
  /**
   * Not shown to merchants: a request held over the monthly quota also looks again after this long
   * (operations and tests; by default only the month's turn and plan changes wake it).
   */
  quotaRecheck?: { amount: number; unit: TimeUnit };
  /**
   * Not shown to merchants: how long a request the customer postponed ("Not arrived yet?", issue 32)
   * waits at most for the delivery before it comes again (7 days; shorter for the tests).
   */
  postponeFor?: { amount: number; unit: TimeUnit };
  /**
   * Issue 32: the request's channels in the order they are tried (['whatsapp', 'sms', 'email']: WhatsApp,
   * else SMS, else email). Absent: email only, as before.
   */
  channels?: RequestChannel[];
}

/** The request setting `channels` (also what POST /emails accepts). */
export const channelOrder = z
  .array(z.enum(['email', 'sms', 'whatsapp']))
  .min(1)
  .max(3)
  .refine((c) => new Set(c).size === c.length, 'A channel is listed twice');

const storedSettings = requestSettings.and(
  z.object({
    reminders: z.number().int().min(0).max(10),
    reminderAfter: interval,
    quotaRecheck: interval.optional(),
    postponeFor: interval.optional(),
    channels: channelOrder.optional(),
  }),
);

export const DEFAULT_SETTINGS: StoredSettings = { ...DEFAULT_REQUEST_SETTINGS, reminders: 1, reminderAfter: { amount: 7, unit: 'day' } };

export const requestSettingsOf = (settings: SettingsStore) =>
  settings.namespace('review-requests', storedSettings as z.ZodType<StoredSettings>, DEFAULT_SETTINGS);

const pushIntegration = z.object({ integrated: z.boolean(), reviewReminderStatus: z.boolean() }).strict();
export const pushSettingsOf = (settings: SettingsStore) => settings.namespace('review-requests', pushIntegration, PUSH_OFF, { key: 'push' });

/** The shop's web-push integration plugin (PushGateway), when one is installed and the shop connected it. */
export async function connectedPushGateway(capabilities: Capabilities, shopId: number): Promise<PushGatewayApi | undefined> {
  const gateway = capabilities.get(PushGateway);
  return gateway && (await gateway.connected(shopId)) ? gateway : undefined;
}

/** The stored state, `integrated` also when the shop connected the web-push integration plugin (OneSignal). */
export async function pushStateOf(settings: SettingsStore, capabilities: Capabilities, shopId: number): Promise<PushIntegration> {
  const stored = await pushSettingsOf(settings).get(shopId);
  return stored.integrated ? stored : { ...stored, integrated: !!(await connectedPushGateway(capabilities, shopId)) };
}

/** Push reminders go out only while the app is connected and the merchant has them on. */
export const pushOn = (i: PushIntegration) => i.integrated && i.reviewReminderStatus;

/** Monthly requests by plan (spec section 9); undefined = unlimited. */
export function monthlyQuota(plan: string): number | undefined {
  if (plan === 'free') return 50;
  if (plan === 'advanced' || plan === 'enterprise') return undefined;
  return 250;
}
