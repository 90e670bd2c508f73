import type { Knex } from 'knex';
import { DEFAULT_REQUEST_SETTINGS, type RequestSettings } from '../shared/request-settings';
import type { TimeUnit } from '../shared/zoned-time';

export const SETTINGS_NAMESPACE = 'review-requests';

/** Request settings plus reminders: how many, and how long after the request. */
export interface StoredSettings extends RequestSettings {
  reminders: number;
  reminderAfter: { amount: number; unit: TimeUnit };
}

export const DEFAULT_SETTINGS: StoredSettings = { ...DEFAULT_REQUEST_SETTINGS, reminders: 1, reminderAfter: { amount: 7, unit: 'day' } };

export async function loadSettings(knex: Knex, shopId: number): Promise<StoredSettings> {
  // tenancy: scoped by the given shop id
  const row = await knex('settings').where({ shopId, namespace: SETTINGS_NAMESPACE }).first('value');
  return { ...DEFAULT_SETTINGS, ...(row?.value ?? {}) };
}

/** Monthly requests by plan (spec section 9); undefined = unlimited. */
export function monthlyQuota(plan: string): number | undefined {
  if (plan === 'free') return 50;
  if (plan === 'advanced' || plan === 'enterprise') return undefined;
  return 250;
}
