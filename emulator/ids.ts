// Shopify's numeric ids exceed 2^53 (the emulator starts above it on purpose, to catch code that
// parses them into JS numbers). They live as decimal strings everywhere in the emulator; REST
// payloads write them as raw integer literals through lossless-json's LosslessNumber.
import { LosslessNumber } from 'lossless-json';

export const FIRST_ID = 9007199254740993n; // 2^53 + 1: the first integer a double cannot hold

export type ShopifyResource =
  | 'Shop'
  | 'Product'
  | 'ProductVariant'
  | 'ProductImage'
  | 'MediaImage'
  | 'Customer'
  | 'MailingAddress'
  | 'Order'
  | 'LineItem'
  | 'Fulfillment'
  | 'FulfillmentEvent'
  | 'Metafield'
  | 'DiscountCodeNode'
  | 'DiscountRedeemCode'
  | 'AppSubscription'
  | 'AppSubscriptionLineItem'
  | 'AppInstallation'
  | 'App'
  | 'Domain'
  | 'ShopAddress'
  | 'OnlineStoreTheme'
  | 'Metaobject'
  | 'MetaobjectDefinition'
  | 'MetafieldDefinition';

export function gid(resource: ShopifyResource, id: string): string {
  return `gid://shopify/${resource}/${id}`;
}

/** `gid://shopify/Order/123` -> {resource: 'Order', id: '123'}; null for anything else. */
export function parseGid(value: string): { resource: string; id: string } | null {
  const m = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)(?:\?.*)?$/.exec(value);
  return m ? { resource: m[1], id: m[2] } : null;
}

/** An id as a raw JSON integer literal in REST bodies: `"id":9007199254741001`, never rounded. */
export function restId(id: string | null | undefined): LosslessNumber | null {
  return id ? new LosslessNumber(id) : null;
}

export function isNumericId(value: unknown): value is string {
  return typeof value === 'string' && /^\d{1,20}$/.test(value);
}
