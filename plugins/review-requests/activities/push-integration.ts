// The web-push integration state per shop, kept in the kernel's per-shop settings (one namespace).
import type { Knex } from 'knex';
import { PUSH_APP, PUSH_OFF, type PushIntegration } from '../shared/push';

export const PUSH_NAMESPACE = `integration:${PUSH_APP}`;

export async function loadPushIntegration(knex: Knex, shopId: number): Promise<PushIntegration> {
  // tenancy: scoped by the given shop id
  const row = await knex('settings').where({ shopId, namespace: PUSH_NAMESPACE }).first('value');
  return { ...PUSH_OFF, ...(row?.value ?? {}) };
}

export async function savePushIntegration(knex: Knex, shopId: number, patch: Partial<PushIntegration>): Promise<PushIntegration> {
  const value = { ...(await loadPushIntegration(knex, shopId)), ...patch };
  // tenancy: the row is keyed by the given shop id
  await knex('settings').insert({ shopId, namespace: PUSH_NAMESPACE, value: JSON.stringify(value) }).onConflict(['shop_id', 'namespace']).merge(['value', 'updatedAt']);
  return value;
}

/** Push reminders go out only while the app is connected and the merchant has them on. */
export const pushOn = (i: PushIntegration) => i.integrated && i.reviewReminderStatus;
