// What the web-push plugin's sides share: the app's id and name (OneSignal), its credentials and
// OneSignal's ids. The capability it provides and the reminder it sends: @plaudit/contracts/push.
import crypto from 'node:crypto';
import { z } from 'zod';

export const APP = 'onesignal';
export const LABEL = 'OneSignal';
export const ONESIGNAL_API = 'https://api.onesignal.com';

const required = 'This field is required';
const field = z.string({ error: required }).trim().min(1, required).max(500);

/** The App ID (a UUID, Settings > Keys & IDs) and one of the app's App API keys ("REST API key"). */
export const onesignalCredentials = z
  .object({
    appId: field.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'The App ID is a UUID (OneSignal > Settings > Keys & IDs)'),
    restApiKey: field,
  })
  .strict();
export type OneSignalCredentials = z.infer<typeof onesignalCredentials>;

/** OneSignal's target: the customer's External ID, the Shopify customer id (numeric, as the storefront's OneSignal.login gets it). */
export function externalIdOf(customerId: string | null): string | null {
  if (!customerId) return null;
  const id = customerId.replace(/^gid:\/\/shopify\/Customer\//, '');
  return id || null;
}

// RFC 4122 URL namespace: name-based UUIDs (v3, as OneSignal accepts) of `https://<shop>/plaudit/<reminder id>`
const URL_NAMESPACE = Buffer.from('6ba7b8119dad11d180b400c04fd430c8', 'hex');

/** OneSignal's idempotency_key for a reminder: a v3 UUID of the shop and `push-<entry id>`, the same on every retry. */
export function idempotencyKey(shopDomain: string, reminderId: string): string {
  const hash = crypto.createHash('md5').update(URL_NAMESPACE).update(`https://${shopDomain}/plaudit/${reminderId}`).digest();
  hash[6] = (hash[6] & 0x0f) | 0x30;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const h = hash.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
