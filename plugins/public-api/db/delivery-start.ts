// Starting a delivery's workflow through the kernel outbox (recorded with the delivery row, so a
// start is never lost while Temporal is away), with the shop's retry timing.
import type { Knex } from 'knex';
import type { KernelServices, SettingsStore, Tenant } from '@plaudit/kernel';
import { WEBHOOK_TIMING, webhookTimingSchema } from '../shared/webhooks';
import { DeliverWebhook } from '../shared/workflows';
import { webhookWorkflowId, type WebhookDeliveryInput } from '../workflows/messages';

export const webhookTiming = (settings: SettingsStore) => settings.namespace('public-api', webhookTimingSchema, WEBHOOK_TIMING, { key: 'webhooks' });

export interface StartOptions {
  once?: boolean;
  /** the redelivery's number (0: the delivery's first workflow) */
  redelivery?: number;
  trx?: Knex.Transaction;
}

/** Records the start of `deliveryId`'s workflow (in `trx` when given); returns its input and workflow id. */
export async function startDelivery(
  services: Pick<KernelServices, 'outbox' | 'settings'>,
  tenant: Tenant,
  deliveryId: string,
  topic: string,
  options: StartOptions = {},
) {
  const input: WebhookDeliveryInput = {
    shopId: tenant.shopId,
    shopDomain: tenant.shopDomain,
    deliveryId,
    timing: await webhookTiming(services.settings).get(tenant.shopId, options.trx),
    ...(options.once ? { once: true } : {}),
  };
  const workflowId = webhookWorkflowId(tenant.shopDomain, deliveryId, options.redelivery);
  await services.outbox.start(
    DeliverWebhook,
    { workflowId, args: [input], shopDomain: tenant.shopDomain, summary: `Webhook ${topic} ${deliveryId}` },
    options.trx,
  );
  return { input, workflowId };
}
