// Webhook subscriptions and deliveries of one shop (through its tenant). Secrets are sealed at rest
// with the kernel's key and opened only to sign a delivery or to show the merchant.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { cursorKey, keysetCursor, open, seal, secretBoxKey, type Config, type Tenant } from '@plaudit/kernel';
import type { DeliveryStatus, WebhookDeliveryView, WebhookSubscriptionView } from '../shared/webhooks';
import type { WebhookTopic } from '../shared/webhook-topics';

export interface SubscriptionRow {
  id: number;
  shopId: number;
  url: string;
  topics: WebhookTopic[];
  secret: string;
  enabled: boolean;
  disabledReason: 'failing' | 'merchant' | null;
  disabledAt: Date | null;
  disabledMailedAt: Date | null;
  consecutiveFailures: number;
  failingSince: Date | null;
  lastSuccessAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface DeliveryRow {
  id: string;
  shopId: number;
  subscriptionId: number;
  topic: string;
  payload: unknown;
  status: DeliveryStatus;
  attempts: number;
  redeliveries: number;
  lastStatusCode: number | null;
  lastResponse: string | null;
  lastError: string | null;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const subscriptions = (tenant: Tenant, trx?: Knex.Transaction) => tenant.table('webhook_subscriptions', trx);
export const deliveries = (tenant: Tenant, trx?: Knex.Transaction) => tenant.table('outgoing_webhook_deliveries', trx);

const boxKey = (config: Config) => secretBoxKey(config.encryptionKey!);
export const sealSecret = (config: Config, secret: string) => seal(boxKey(config), secret);
export const openSecret = (config: Config, sealed: string) => open(boxKey(config), sealed);

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function presentSubscription(row: SubscriptionRow): WebhookSubscriptionView {
  return {
    id: Number(row.id),
    url: row.url,
    topics: row.topics,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    disabledAt: iso(row.disabledAt),
    consecutiveFailures: row.consecutiveFailures,
    failingSince: iso(row.failingSince),
    lastSuccessAt: iso(row.lastSuccessAt),
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}

export function presentDelivery(row: DeliveryRow): WebhookDeliveryView {
  return {
    id: row.id,
    subscriptionId: Number(row.subscriptionId),
    topic: row.topic,
    status: row.status,
    attempts: row.attempts,
    redeliveries: row.redeliveries,
    lastStatusCode: row.lastStatusCode,
    lastResponse: row.lastResponse,
    lastError: row.lastError,
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: iso(row.nextAttemptAt),
    createdAt: iso(row.createdAt)!,
    payload: row.payload,
  };
}

export async function subscriptionById(tenant: Tenant, id: number, trx?: Knex.Transaction): Promise<SubscriptionRow | undefined> {
  return subscriptions(tenant, trx).where({ id }).first();
}

export async function deliveryById(tenant: Tenant, id: string, trx?: Knex.Transaction): Promise<DeliveryRow | undefined> {
  return deliveries(tenant, trx).where({ id }).first();
}

/** The shop's enabled subscriptions to a topic. */
export async function subscribersOf(tenant: Tenant, topic: string): Promise<SubscriptionRow[]> {
  return subscriptions(tenant).where({ enabled: true }).whereRaw('? = ANY(topics)', [topic]).orderBy('id');
}

/**
 * The id of an event's delivery to a subscription: a UUID-shaped digest of subscription, topic and
 * data, so a retried event handler finds the delivery it made instead of making a second one.
 */
export function eventDeliveryId(subscriptionId: number, topic: string, data: unknown): string {
  const h = crypto
    .createHash('sha256')
    .update(`${subscriptionId}\n${topic}\n${JSON.stringify(data)}`)
    .digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Records a delivery unless it exists; true when this call made it. */
export async function insertDelivery(
  tenant: Tenant,
  row: { id: string; subscriptionId: number; topic: string; payload: unknown },
  trx?: Knex.Transaction,
): Promise<boolean> {
  const made = await tenant
    .insertInto('outgoing_webhook_deliveries', { ...row, payload: JSON.stringify(row.payload) }, trx)
    .onConflict('id')
    .ignore()
    .returning('id');
  return made.length > 0;
}

/** A delivery's place in (created_at, id) order, newest first; a cursor of anything else is a 400. */
const deliveryCursor = keysetCursor([cursorKey.instant, cursorKey.uuid]);

/** A page of a subscription's deliveries, newest first; the cursor is the last row's (created_at, id). */
export async function deliveryPage(
  tenant: Tenant,
  subscriptionId: number,
  limit: number,
  cursor?: string,
): Promise<{ rows: DeliveryRow[]; nextCursor: string | null }> {
  const q = deliveries(tenant)
    .where({ subscriptionId })
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit + 1);
  if (cursor) q.whereRaw('(created_at, id) < (?, ?)', deliveryCursor.decode(cursor));
  const rows: DeliveryRow[] = await q;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last ? deliveryCursor.encode([new Date(last.createdAt).toISOString(), last.id]) : null };
}
