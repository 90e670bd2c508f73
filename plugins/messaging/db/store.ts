// The plugin's own tables (migrations/): the messages providers accepted, and the numbers that opted out.
// Every query goes through the shop's tenant.
import type { Tenant } from '@plaudit/kernel';
import type { DeliveryStatus, MessageChannel } from '@plaudit/contracts/messaging';

export interface StoredMessage {
  key: string;
  reference: string;
  channel: MessageChannel;
  provider: string;
  providerMessageId: string;
  phone: string;
  segments: number | null;
  status: DeliveryStatus;
}

/**
 * What the provider says a message costs (README "Costs"): Twilio's amount and currency (its `price` is
 * a debit, negative: kept as the positive amount), or Meta's pricing category and whether it is
 * billable (Meta reports no amount). Only what was reported is set.
 */
export interface Charge {
  price?: number;
  priceUnit?: string;
  pricingCategory?: string;
  billable?: boolean;
}

const chargeColumns = (c: Charge | undefined) =>
  Object.fromEntries(Object.entries(c ?? {}).filter(([, v]) => v !== undefined && v !== null)) as Partial<Record<keyof Charge, unknown>>;

export const messageByKey = (tenant: Tenant, key: string): Promise<StoredMessage | undefined> => tenant.table('messaging_messages').where({ key }).first();

export const messageById = (tenant: Tenant, provider: string, providerMessageId: string): Promise<StoredMessage | undefined> =>
  tenant.table('messaging_messages').where({ provider, providerMessageId }).first();

/** The last message sent to a number: what a STOP reply answers. */
export const lastMessageTo = (tenant: Tenant, phone: string): Promise<StoredMessage | undefined> =>
  tenant.table('messaging_messages').where({ phone }).orderBy('id', 'desc').first();

export async function recordMessage(tenant: Tenant, m: Omit<StoredMessage, 'status'>) {
  await tenant
    // 'accepted' until the first receipt (Twilio's queued, Meta's accepted): a 'sent' receipt is news
    .insertInto('messaging_messages', { ...m, status: 'accepted' })
    .onConflict(['shop_id', 'key'])
    .ignore();
}

/** A receipt's status; answers whether it changed anything (receipts repeat and come out of order: terminal states stay). */
export async function recordStatus(tenant: Tenant, provider: string, providerMessageId: string, status: DeliveryStatus, errorCode: string | null) {
  const changed = await tenant
    .table('messaging_messages')
    .where({ provider, providerMessageId })
    .whereNotIn('status', ['failed', 'undelivered', 'opted_out', status])
    .update({ status, errorCode, updatedAt: new Date() });
  return changed > 0;
}

/** The charge a provider reported for a message; answers whether the message is recorded. */
export async function recordCharge(tenant: Tenant, provider: string, providerMessageId: string, charge: Charge) {
  const columns = chargeColumns(charge);
  if (!Object.keys(columns).length) return true;
  return (await tenant.table('messaging_messages').where({ provider, providerMessageId }).update(columns)) > 0;
}

/** Whether the provider's amount for the message is stored already (Twilio's price is fetched once). */
export const isPriced = async (tenant: Tenant, provider: string, providerMessageId: string) =>
  !!(await tenant.table('messaging_messages').where({ provider, providerMessageId }).whereNotNull('price').first('id'));

export const isOptedOut = async (tenant: Tenant, phone: string) => !!(await tenant.table('messaging_opt_outs').where({ phone }).first('phone'));

export async function optOut(tenant: Tenant, phone: string, keyword: string, provider: string) {
  await tenant
    .insertInto('messaging_opt_outs', { phone, keyword: keyword.slice(0, 32), provider, optedOutAt: new Date() })
    .onConflict(['shop_id', 'phone'])
    .ignore();
}

export const optIn = (tenant: Tenant, phone: string) => tenant.table('messaging_opt_outs').where({ phone }).delete();

/** A receipt for a message not recorded yet: kept until the send records it. */
export async function keepEarlyReceipt(
  tenant: Tenant,
  provider: string,
  providerMessageId: string,
  status: DeliveryStatus,
  errorCode: string | null,
  charge?: Charge,
) {
  await tenant
    .insertInto('messaging_early_receipts', { provider, providerMessageId, status, errorCode, ...chargeColumns(charge) })
    .onConflict(['shop_id', 'provider', 'provider_message_id', 'status'])
    .ignore();
}

/** The receipts that came before the message was recorded, oldest first (and forgets them). */
export async function takeEarlyReceipts(
  tenant: Tenant,
  provider: string,
  providerMessageId: string,
): Promise<{ status: DeliveryStatus; errorCode: string | null; charge: Charge }[]> {
  return tenant
    .table('messaging_early_receipts')
    .where({ provider, providerMessageId })
    .delete(['status', 'errorCode', 'receivedAt', 'price', 'priceUnit', 'pricingCategory', 'billable'])
    .then((rows: any[]) =>
      rows
        .sort((a, b) => new Date(a.receivedAt).getTime() - new Date(b.receivedAt).getTime())
        .map((r) => ({
          status: r.status,
          errorCode: r.errorCode,
          charge: { price: r.price === null ? undefined : Number(r.price), priceUnit: r.priceUnit, pricingCategory: r.pricingCategory, billable: r.billable },
        })),
    );
}
