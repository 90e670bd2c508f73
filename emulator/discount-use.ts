// A discount code used at checkout, checked the way Shopify's checkout does: the code exists
// (case-insensitive), is active, has uses left, is used once per customer when so set, and is for
// this customer when it names customers. An accepted code is recorded on the order with the amount
// it took off and counted (`asyncUsageCount`), so the app reads real usage back.
import { gid } from './ids';
import { EmulatorInputError } from './events';
import { discountStatus } from './graphql/views-app';
import type { CustomerRecord, DiscountRecord, OrderRecord, ShopRecord } from './types';

export function checkCode(shop: ShopRecord, code: string, customer: CustomerRecord): DiscountRecord {
  const d = shop.discounts.find((x) => x.code.toLowerCase() === code.trim().toLowerCase());
  const refuse = (why: string) => new EmulatorInputError(422, `Discount code ${code} ${why}`);
  if (!d) throw refuse('is not valid');
  if (discountStatus(d) !== 'ACTIVE') throw refuse(discountStatus(d) === 'EXPIRED' ? 'has expired' : 'is not active yet');
  if (d.usageLimit != null && (d.usageCount ?? 0) >= d.usageLimit) throw refuse('has reached its usage limit');
  const buyer = gid('Customer', customer.id);
  if (d.customerIds.length && !d.customerIds.includes(buyer)) throw refuse('is not valid for this customer');
  if (d.appliesOncePerCustomer && (d.usedBy ?? []).includes(buyer)) throw refuse('was already used by this customer');
  return d;
}

/** Records the code on the order; the amount is off the line items' subtotal. */
export function redeem(d: DiscountRecord, order: OrderRecord, customer: CustomerRecord) {
  const cents = order.lineItems.reduce((sum, li) => sum + Math.round(Number(li.price) * 100) * li.quantity, 0);
  const off = d.percentage != null ? Math.round(cents * d.percentage) : Math.min(cents, Math.round(Number(d.amount ?? 0) * 100));
  order.discountCodes = [{ code: d.code, amount: (off / 100).toFixed(2), type: d.percentage != null ? 'percentage' : 'fixed_amount' }];
  d.usageCount = (d.usageCount ?? 0) + 1;
  d.usedBy = [...(d.usedBy ?? []), gid('Customer', customer.id)];
}
