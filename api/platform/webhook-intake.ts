// Taking in a verified webhook so that it is never lost: the delivery row and the `processWebhook`
// start are written in one transaction (the kernel outbox hands the start to Temporal, now or
// later), a redelivery of one not yet processed re-drives it, and rows left `received` with no start
// recorded (by versions that started workflows directly) are given one by the outbox sweep.
import { isSafeNumber, parse } from 'lossless-json';
import type { Knex } from 'knex';
import type { StartSpec, WorkflowOutbox } from '../temporal/outbox';
import { ProcessWebhook } from '../temporal/kernel-workflows';

export const webhookWorkflowId = (shop: string, webhookId: string) => `webhook:${shop}:${webhookId}`;

/** JSON with ids above 2^53 kept as strings (never rounded through a JS number). */
export function parseWebhookBody(text: string): any {
  return parse(text, undefined, (value: string) => (isSafeNumber(value) ? Number(value) : value));
}

/** Every topic we subscribe to carries a JSON object; anything else can never be processed. */
function isMalformed(text: string): boolean {
  try {
    const body = parseWebhookBody(text);
    return typeof body !== 'object' || body === null || Array.isArray(body);
  } catch {
    return true;
  }
}

export interface IncomingDelivery {
  shopDomain: string;
  webhookId: string;
  topic: string;
  apiVersion: string | null;
  eventId: string | null;
  triggeredAt: string | null;
  payload: string;
}

interface StoredDelivery {
  id: number;
  shopDomain: string;
  webhookId: string;
  topic: string;
}

/**
 * - `dropped`: the shop is unknown, nothing stored;
 * - `malformed`: kept for inspection with that status, never processed;
 * - `queued`: stored with its start recorded (handed to Temporal now or by the outbox later);
 * - `redriven`: stored before but not processed: its start is recorded again and handed over;
 * - `duplicate`: stored and processed before.
 */
export type Intake = 'dropped' | 'malformed' | 'queued' | 'redriven' | 'duplicate';

export function processWebhookStart(d: StoredDelivery): StartSpec<[number]> {
  return {
    workflowId: webhookWorkflowId(d.shopDomain, d.webhookId),
    args: [d.id],
    shopDomain: d.shopDomain,
    summary: `${d.topic} for ${d.shopDomain}`,
  };
}

/** Stores the delivery and its start durably; the hand-over to Temporal does not delay the answer. */
export async function takeIn(knex: Knex, outbox: WorkflowOutbox, delivery: IncomingDelivery): Promise<Intake> {
  // A shop we never installed, or one shop/redact already deleted, has nothing for any topic to act
  // on, compliance included: customers/redact and shop/redact have no data of it to delete.
  const shop = await knex('shops').where({ shopifyDomain: delivery.shopDomain }).first('id');
  if (!shop) return 'dropped';

  if (isMalformed(delivery.payload)) {
    await knex('webhook_deliveries')
      .insert({ ...delivery, status: 'malformed', error: 'The body is not a JSON object' })
      .onConflict(['shop_domain', 'webhook_id'])
      .ignore();
    return 'malformed';
  }

  const outboxId = await knex.transaction(async (trx) => {
    const [row] = await trx('webhook_deliveries')
      .insert(delivery)
      .onConflict(['shop_domain', 'webhook_id'])
      .ignore()
      .returning(['id', 'shopDomain', 'webhookId', 'topic']);
    return row ? ((await outbox.enqueue(ProcessWebhook, processWebhookStart(row), trx)) ?? null) : undefined;
  });
  if (outboxId === undefined) return redeliver(knex, outbox, delivery);
  if (outboxId !== null) handOver(outbox, outboxId);
  return 'queued';
}

async function redeliver(knex: Knex, outbox: WorkflowOutbox, delivery: IncomingDelivery): Promise<Intake> {
  const row = await knex('webhook_deliveries')
    .where({ shopDomain: delivery.shopDomain, webhookId: delivery.webhookId })
    .first('id', 'shopDomain', 'webhookId', 'topic', 'status');
  // Deleted in between by shop/redact: nothing left to do.
  if (!row || row.status === 'processed') return 'duplicate';
  if (row.status === 'malformed') return 'malformed';
  const outboxId = await recordStart(knex, outbox, row);
  if (outboxId !== undefined) handOver(outbox, outboxId);
  return 'redriven';
}

/** The outbox row of this delivery's start, recorded now unless it is still there. */
async function recordStart(knex: Knex, outbox: WorkflowOutbox, row: StoredDelivery): Promise<number | undefined> {
  const start = processWebhookStart(row);
  const id = await outbox.enqueue(ProcessWebhook, start);
  if (id !== undefined) return id;
  // Still pending: hand it over now rather than at its next back-off. (Gone meanwhile: started.)
  return (await knex('workflow_outbox').where({ workflowId: start.workflowId }).first('id'))?.id;
}

function handOver(outbox: WorkflowOutbox, outboxId: number) {
  // Failures are the outbox's to retry; a rejection here only means the pool closed at shutdown.
  void outbox.dispatch(outboxId).catch(() => undefined);
}

/** How long a `received` delivery may wait before the sweep records a start for it. */
export const STUCK_AFTER_MS = 2 * 60_000;

/**
 * Records a start for deliveries still `received` after STUCK_AFTER_MS with no start pending (rows
 * left by older versions, which started workflows directly). The outbox sweep that follows hands
 * them over; one whose workflow is merely slow is answered "already started", which is harmless.
 */
export async function recordStuckDeliveries(knex: Knex, outbox: WorkflowOutbox, limit = 200): Promise<number> {
  const stuck: StoredDelivery[] = await knex('webhook_deliveries as d')
    .where('d.status', 'received')
    .where('d.createdAt', '<', new Date(Date.now() - STUCK_AFTER_MS))
    .whereNotExists(knex('workflow_outbox as o').select(knex.raw('1')).whereRaw(`o.workflow_id = 'webhook:' || d.shop_domain || ':' || d.webhook_id`))
    .orderBy('d.id')
    .limit(limit)
    .select('d.id', 'd.shopDomain', 'd.webhookId', 'd.topic');
  for (const row of stuck) await outbox.enqueue(ProcessWebhook, processWebhookStart(row));
  return stuck.length;
}

/** The kernel's sweep, at API start and every minute: stuck deliveries get a start, then every due start is handed over. */
export function sweepStarts(knex: Knex, outbox: WorkflowOutbox): Promise<{ redriven: number; started: number; left: number }> {
  // guarded whole: the API's start-up sweep is not awaited, and a close() during it must wait
  return outbox.guard(async () => {
    const redriven = await recordStuckDeliveries(knex, outbox);
    return { redriven, ...(await outbox.sweep()) };
  });
}
