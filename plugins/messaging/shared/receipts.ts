// A delivery receipt applied to its message and told to the request (MessageStatusChanged, durable).
// A provider may call back within milliseconds of its answer, before the send recorded the message:
// such a receipt is kept and applied once the message is recorded (whichever side comes second
// applies it; each kept receipt is taken once). A receipt may carry the message's charge (README "Costs"):
// kept and applied with it.
import type { KernelServices, Tenant } from '@plaudit/kernel';
import { MessageStatusChanged, type DeliveryStatus } from '@plaudit/contracts/messaging';
import { keepEarlyReceipt, messageById, recordCharge, recordStatus, takeEarlyReceipts, type Charge, type StoredMessage } from '../db/store';

type Deps = Pick<KernelServices, 'events'>;

export const tell = (deps: Deps, tenant: Tenant, m: StoredMessage, status: DeliveryStatus, errorCode: string | null) =>
  deps.events.emit(
    MessageStatusChanged,
    {
      shopId: tenant.shopId,
      shopDomain: tenant.shopDomain,
      reference: m.reference,
      channel: m.channel,
      provider: m.provider,
      messageId: m.providerMessageId,
      status,
      errorCode,
      at: new Date().toISOString(),
    },
    { key: `${m.provider}:${m.providerMessageId}:${status}`, shopDomain: tenant.shopDomain },
  );

async function apply(deps: Deps, tenant: Tenant, m: StoredMessage, status: DeliveryStatus, errorCode: string | null, charge?: Charge) {
  if (charge) await recordCharge(tenant, m.provider, m.providerMessageId, charge);
  if (await recordStatus(tenant, m.provider, m.providerMessageId, status, errorCode)) await tell(deps, tenant, m, status, errorCode);
}

/** The receipts kept for a message now recorded, in the order they came. */
export async function applyEarlyReceipts(deps: Deps, tenant: Tenant, m: StoredMessage) {
  for (const r of await takeEarlyReceipts(tenant, m.provider, m.providerMessageId)) await apply(deps, tenant, m, r.status, r.errorCode, r.charge);
}

export async function applyReceipt(
  deps: Deps,
  tenant: Tenant,
  provider: string,
  messageId: string,
  status: DeliveryStatus,
  errorCode: string | null,
  charge?: Charge,
) {
  const message = await messageById(tenant, provider, messageId);
  if (message) return apply(deps, tenant, message, status, errorCode, charge);
  await keepEarlyReceipt(tenant, provider, messageId, status, errorCode, charge);
  // recorded meanwhile: its send may have looked for kept receipts before this one was kept
  const now = await messageById(tenant, provider, messageId);
  if (now) await applyEarlyReceipts(deps, tenant, now);
}
