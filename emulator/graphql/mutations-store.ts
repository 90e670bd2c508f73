// discountCodeBasicCreate and metafieldsSet with Shopify's validation, answered as userErrors
// (HTTP 200) the way the real API does, so the app's error paths can be tested.
import { createHash } from 'node:crypto';
import { parseGid } from '../ids';
import { isoTime } from '../store';
import type { DiscountRecord, MetafieldRecord } from '../types';
import { discountNodeView } from './views-app';
import { APP_ID, metafieldView, requireAccess, type GqlContext } from './views-store';

type Err<C extends string = string> = { field: string[]; message: string; code: C; elementIndex?: number; extraInfo?: null };

interface DiscountInput {
  title?: string;
  code?: string;
  startsAt?: string;
  endsAt?: string | null;
  context?: { all?: string; customers?: { add?: string[] } };
  customerSelection?: { all?: boolean; customers?: { add?: string[] } };
  customerGets?: { value?: { percentage?: number | null; discountAmount?: { amount?: string | number } | null }; items?: { all?: boolean } };
  appliesOncePerCustomer?: boolean;
  usageLimit?: number | null;
  combinesWith?: { productDiscounts?: boolean; orderDiscounts?: boolean; shippingDiscounts?: boolean };
}

function validateDiscount(c: GqlContext, d: DiscountInput): Err[] {
  const errors: Err[] = [];
  const at = (...f: string[]) => ['basicCodeDiscount', ...f];
  if (!d.title?.trim()) errors.push({ field: at('title'), message: "Title can't be blank", code: 'BLANK' });
  const code = d.code?.trim() ?? '';
  if (!code) errors.push({ field: at('code'), message: "Code can't be blank", code: 'BLANK' });
  else if (code.length > 255) errors.push({ field: at('code'), message: 'Code is too long (maximum is 255 characters)', code: 'TOO_LONG' });
  else if (c.shop.discounts.some((x) => x.code.toLowerCase() === code.toLowerCase())) {
    errors.push({ field: at('code'), message: 'Code must be unique. Please try a different code.', code: 'TAKEN' });
  }
  if (!d.startsAt || Number.isNaN(Date.parse(d.startsAt))) errors.push({ field: at('startsAt'), message: "Starts at can't be blank", code: 'BLANK' });
  else if (d.endsAt && !(Date.parse(d.endsAt) > Date.parse(d.startsAt)))
    errors.push({ field: at('endsAt'), message: 'Ends at needs to be after starts_at', code: 'INVALID' });
  const value = d.customerGets?.value;
  if (!value) errors.push({ field: at('customerGets', 'value'), message: "Value can't be blank", code: 'BLANK' });
  else if ((value.percentage != null) === (value.discountAmount != null)) {
    errors.push({ field: at('customerGets', 'value'), message: 'Only one of percentage or discountAmount can be specified', code: 'INVALID' });
  } else if (value.percentage != null && !(value.percentage >= 0 && value.percentage <= 1)) {
    errors.push({ field: at('customerGets', 'value', 'percentage'), message: 'Value must be between 0.0 and 1.0', code: 'VALUE_OUTSIDE_RANGE' });
  } else if (value.discountAmount && !(Number(value.discountAmount.amount) > 0)) {
    errors.push({ field: at('customerGets', 'value', 'discountAmount', 'amount'), message: 'Value must be greater than 0', code: 'GREATER_THAN' });
  }
  if (!d.customerGets?.items) errors.push({ field: at('customerGets', 'items'), message: "Items can't be blank", code: 'BLANK' });
  if (d.usageLimit != null && d.usageLimit <= 0) errors.push({ field: at('usageLimit'), message: 'Usage limit must be greater than 0', code: 'GREATER_THAN' });
  customersOf(d).forEach((g, i) => {
    const p = parseGid(g);
    if (p?.resource !== 'Customer' || !c.em.store.customer(c.shop, p.id)) {
      errors.push({
        field: at(d.context ? 'context' : 'customerSelection', 'customers', 'add', String(i)),
        message: 'Customer does not exist',
        code: 'INVALID',
      });
    }
  });
  return errors;
}

const customersOf = (d: DiscountInput) => d.context?.customers?.add ?? d.customerSelection?.customers?.add ?? [];

// Types the emulator knows, with the check Shopify applies to a value of that type.
export const VALUE_CHECKS: Record<string, (v: string) => string | null> = {
  single_line_text_field: (v) => (/[\r\n]/.test(v) ? 'Value must be a single line of text.' : null),
  multi_line_text_field: () => null,
  number_integer: (v) => (/^-?\d+$/.test(v) && Math.abs(Number(v)) <= Number.MAX_SAFE_INTEGER ? null : 'Value must be an integer.'),
  number_decimal: (v) => (/^-?\d+(\.\d+)?$/.test(v) ? null : 'Value must be a decimal number.'),
  boolean: (v) => (v === 'true' || v === 'false' ? null : 'Value must be true or false.'),
  json: (v) => (parseJson(v) === undefined ? 'Value must be valid JSON.' : null),
  url: (v) => (/^(https?|mailto|sms|tel):/.test(v) ? null : 'Value must be a valid URL.'),
  date: (v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? null : 'Value must be in YYYY-MM-DD format.'),
  date_time: (v) => (Number.isNaN(Date.parse(v)) ? 'Value must be in ISO 8601 format.' : null),
  color: (v) => (/^#[0-9a-fA-F]{6}$/.test(v) ? null : 'Value must be a hex color code.'),
  product_reference: (v) => (parseGid(v)?.resource === 'Product' ? null : 'Value must be a product reference.'),
  rating: checkRating,
  'list.single_line_text_field': (v) => (Array.isArray(parseJson(v)) ? null : 'Value must be a JSON array.'),
  'list.product_reference': (v) => (Array.isArray(parseJson(v)) ? null : 'Value must be a JSON array.'),
  // the product_review metaobject's field types (graphql/metaobjects.ts)
  customer_reference: (v) => (parseGid(v)?.resource === 'Customer' ? null : 'Value must be a customer reference.'),
  order_reference: (v) => (parseGid(v)?.resource === 'Order' ? null : 'Value must be an order reference.'),
  variant_reference: (v) => (parseGid(v)?.resource === 'ProductVariant' ? null : 'Value must be a variant reference.'),
  'list.url': (v) => {
    const list = parseJson(v);
    return Array.isArray(list) && list.every((u) => typeof u === 'string' && /^https?:\/\//.test(u)) ? null : 'Value must be a JSON array of URLs.';
  },
};

function parseJson(v: string): unknown {
  try {
    return JSON.parse(v);
  } catch {
    return undefined;
  }
}

/** A rating is JSON {"value","scale_min","scale_max"} with numeric values and min <= value <= max. */
function checkRating(v: string): string | null {
  const r = parseJson(v) as Record<string, unknown> | undefined;
  if (!r || typeof r !== 'object' || Array.isArray(r)) return 'Value must be a JSON object with value, scale_min and scale_max.';
  const nums = ['value', 'scale_min', 'scale_max'].map((k) => (typeof r[k] === 'string' || typeof r[k] === 'number' ? Number(r[k]) : NaN));
  if (nums.some((n) => Number.isNaN(n))) return 'Value must include numeric value, scale_min and scale_max.';
  const [value, min, max] = nums;
  if (!(min < max)) return 'scale_min must be less than scale_max.';
  if (value < min || value > max) return 'Value must be between scale_min and scale_max.';
  return null;
}

// Writing an owner's metafields needs write access to the owner (shop and app metafields need none).
const OWNER_SCOPES: Record<string, string> = {
  Product: 'write_products',
  ProductVariant: 'write_products',
  Customer: 'write_customers',
  Order: 'write_orders',
};

interface MetafieldInput {
  ownerId: string;
  namespace?: string | null;
  key: string;
  value: string;
  type?: string | null;
  compareDigest?: string | null;
}

function ownerExists(c: GqlContext, ownerId: string): boolean {
  const p = parseGid(ownerId);
  const s = c.shop;
  switch (p?.resource) {
    case 'Product':
      return s.products.some((x) => x.id === p.id);
    case 'ProductVariant':
      return s.products.some((x) => x.variants.some((v) => v.id === p.id));
    case 'Customer':
      return s.customers.some((x) => x.id === p.id);
    case 'Order':
      return s.orders.some((x) => x.id === p.id);
    case 'Shop':
      return p.id === s.id;
    case 'AppInstallation':
      return p.id === s.installationId;
    default:
      return false;
  }
}

export function storeMutations(c: GqlContext) {
  const s = c.shop;
  return {
    discountCodeDelete: ({ id }: { id: string }) => {
      requireAccess(c, 'discountCodeDelete', 'write_discounts');
      const p = parseGid(id);
      const at = p?.resource === 'DiscountCodeNode' ? s.discounts.findIndex((d) => d.id === p.id) : -1;
      if (at < 0) return { deletedCodeDiscountId: null, userErrors: [{ field: ['id'], message: 'Discount does not exist', code: null, extraInfo: null }] };
      s.discounts.splice(at, 1);
      c.em.store.changed();
      return { deletedCodeDiscountId: id, userErrors: [] };
    },
    discountCodeBasicCreate: ({ basicCodeDiscount: d }: { basicCodeDiscount: DiscountInput }) => {
      requireAccess(c, 'discountCodeBasicCreate', 'write_discounts');
      const userErrors = validateDiscount(c, d).map((e) => ({ ...e, extraInfo: null }));
      if (userErrors.length) return { codeDiscountNode: null, userErrors };
      const value = d.customerGets!.value!;
      const record: DiscountRecord = {
        id: c.em.store.nextId(),
        codeId: c.em.store.nextId(),
        title: d.title!.trim(),
        code: d.code!.trim(),
        startsAt: isoTime(Date.parse(d.startsAt!)),
        endsAt: d.endsAt ? isoTime(Date.parse(d.endsAt)) : null,
        percentage: value.percentage ?? null,
        amount: value.discountAmount ? String(value.discountAmount.amount) : null,
        appliesOncePerCustomer: d.appliesOncePerCustomer ?? false,
        usageLimit: d.usageLimit ?? null,
        customerIds: customersOf(d),
        combinesWith: { productDiscounts: false, orderDiscounts: false, shippingDiscounts: false, ...d.combinesWith },
        createdAt: isoTime(),
      };
      s.discounts.push(record);
      c.em.store.changed();
      return { codeDiscountNode: discountNodeView(c, record), userErrors: [] };
    },

    metafieldsSet: ({ metafields }: { metafields: MetafieldInput[] }) => {
      if (metafields.length > 25) {
        return {
          metafields: [],
          userErrors: [
            { field: ['metafields'], message: 'Exceeded the maximum metafields input limit of 25.', code: 'LESS_THAN_OR_EQUAL_TO', elementIndex: null },
          ],
        };
      }
      const errors: Err[] = [];
      const resolved = metafields.map((m, i) => {
        const at = (f: string) => ['metafields', String(i), f];
        const namespace = m.namespace ?? `app--${APP_ID}`;
        const existing = s.metafields.find((x) => x.ownerId === m.ownerId && x.namespace === namespace && x.key === m.key);
        const type = m.type ?? existing?.type;
        const ownerScope = OWNER_SCOPES[parseGid(m.ownerId)?.resource ?? ''];
        if (ownerScope) requireAccess(c, 'metafieldsSet', ownerScope);
        if (!ownerExists(c, m.ownerId)) errors.push({ field: at('ownerId'), message: 'Owner does not exist.', code: 'INVALID_VALUE', elementIndex: i });
        if (namespace.length < 2 || namespace.length > 255)
          errors.push({
            field: at('namespace'),
            message: 'Namespace is too short or too long (2 to 255 characters).',
            code: namespace.length < 2 ? 'TOO_SHORT' : 'TOO_LONG',
            elementIndex: i,
          });
        if (!/^[a-zA-Z0-9_-]{2,64}$/.test(m.key))
          errors.push({
            field: at('key'),
            message: 'Key must be 2 to 64 characters: letters, numbers, hyphens and underscores.',
            code: 'INVALID_VALUE',
            elementIndex: i,
          });
        if (!type) errors.push({ field: at('type'), message: "Type can't be blank", code: 'BLANK', elementIndex: i });
        else if (!VALUE_CHECKS[type]) errors.push({ field: at('type'), message: `Type '${type}' is not a valid type.`, code: 'INVALID_TYPE', elementIndex: i });
        else {
          const problem = VALUE_CHECKS[type](m.value);
          if (problem) errors.push({ field: at('value'), message: problem, code: 'INVALID_VALUE', elementIndex: i });
        }
        if (m.compareDigest != null && existing && m.compareDigest !== createHash('sha256').update(existing.value).digest('hex')) {
          errors.push({ field: at('compareDigest'), message: 'The resource has been updated since it was loaded.', code: 'STALE_OBJECT', elementIndex: i });
        }
        return { input: m, namespace, existing, type: type ?? '' };
      });
      // All or nothing, as on Shopify.
      if (errors.length) return { metafields: [], userErrors: errors };
      const now = isoTime();
      const saved = resolved.map(({ input, namespace, existing, type }) => {
        if (existing) return Object.assign(existing, { value: input.value, type, updatedAt: now });
        const record: MetafieldRecord = {
          id: c.em.store.nextId(),
          ownerId: input.ownerId,
          namespace,
          key: input.key,
          type,
          value: input.value,
          createdAt: now,
          updatedAt: now,
        };
        s.metafields.push(record);
        return record;
      });
      c.em.store.changed();
      return { metafields: saved.map(metafieldView), userErrors: [] };
    },
  };
}
