// References to this plugin's workflows, for its own starts and schedules (sandbox-safe).
import { defineWorkflow } from '@plaudit/contracts/define';
import type { deliverWebhook, webhooksPurgeDeliveries } from '../workflows';

export const DeliverWebhook = defineWorkflow<typeof deliverWebhook>('deliverWebhook');
export const WebhooksPurgeDeliveries = defineWorkflow<typeof webhooksPurgeDeliveries>('webhooksPurgeDeliveries');
