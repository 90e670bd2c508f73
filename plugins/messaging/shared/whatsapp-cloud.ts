// Meta's WhatsApp Cloud API (https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages):
// `POST https://graph.facebook.com/{version}/{phone-number-id}/messages` with `Authorization: Bearer
// <system user token>`, JSON `{ messaging_product: 'whatsapp', to, type: 'template', template: { name,
// language: { code }, components: [{ type: 'body', parameters: [{ type: 'text', text }] }] } }`: a
// business-initiated message must be a template Meta approved, in the customer's language. Answer 200
// `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id: 'wamid...' }] }`; errors
// `{ error: { message, type, code, error_data, fbtrace_id } }`: 132001 the template does not exist in
// that language, 132000/132012 its parameters do not match, 131026 undeliverable, 100 bad parameter
// (an invalid number), 190 an expired or revoked token.
// Webhooks (https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/status/):
// `{ object: 'whatsapp_business_account', entry: [{ changes: [{ field: 'messages', value: { metadata:
// { phone_number_id }, statuses: [{ id, status: sent|delivered|read|failed, timestamp, recipient_id,
// errors?, pricing? }], messages: [{ from, type: 'text', text: { body } }] } }] }] }`, POSTed with
// X-Hub-Signature-256 = 'sha256=' + hex HMAC-SHA256 of the raw body keyed with the app secret
// (https://developers.facebook.com/docs/graph-api/webhooks/getting-started#event-notifications); the
// subscription is verified once with GET `hub.mode=subscribe&hub.verify_token=...&hub.challenge=...`.
// A status's `pricing` (same reference): `{ billable, category (marketing, utility, authentication,
// authentication_international, service, ...), pricing_model: 'PMP', type: regular | free_customer_service
// | free_entry_point }`: how Meta bills the message, without an amount (README "Costs").
import crypto from 'node:crypto';
import { z } from 'zod';
import { vendorUrl, type Config } from '@plaudit/kernel';
import type { MessageRefusal } from '@plaudit/contracts/messaging';
import { ProviderBusy, type Provider, type ProviderAnswer } from './provider';

/** A status's `pricing` as a charge: the category, and billable unless Meta says it is free. */
export function metaCharge(pricing: unknown): { pricingCategory: string; billable: boolean } | undefined {
  const p = pricing as { billable?: unknown; category?: unknown; type?: unknown } | null | undefined;
  if (typeof p?.category !== 'string' || !/^[a-z_]{1,40}$/.test(p.category)) return undefined;
  // `billable` is deprecated under per-message pricing; `type` says free (free_customer_service, free_entry_point)
  const billable = typeof p.type === 'string' ? p.type === 'regular' : p.billable !== false;
  return { pricingCategory: p.category, billable };
}

export const GRAPH_API = 'https://graph.facebook.com';
export const GRAPH_VERSION = 'v21.0';

const required = 'This field is required';
const field = z.string({ error: required }).trim().min(1, required).max(500);
export const whatsappCredentials = z
  .object({
    phoneNumberId: field.regex(/^\d{5,20}$/, 'The phone number ID is a number (WhatsApp Manager > Phone numbers)'),
    accessToken: field,
    /** the Meta app's secret: its webhooks are signed with it */
    appSecret: field,
    /** what the webhook subscription's GET check must echo */
    verifyToken: field,
    /** the approved template: body {{1}} first name, {{2}} shop, {{3}} review link */
    templateName: field.regex(/^[a-z0-9_]{1,512}$/, 'Template names are lower case, digits and underscores'),
  })
  .strict();
export type WhatsAppCredentials = z.infer<typeof whatsappCredentials>;

const REFUSALS: Record<number, MessageRefusal> = {
  132000: 'template_rejected',
  132001: 'template_rejected',
  132005: 'template_rejected',
  132007: 'template_rejected',
  132012: 'template_rejected',
  132015: 'template_rejected',
  132016: 'template_rejected',
  131026: 'invalid_number',
  131050: 'opted_out',
  100: 'invalid_number',
};

/** WhatsApp's template language codes for the shopper languages (Meta's list: en, de, fr, es, it, ja, ko, nl, pt_BR, zh_CN, hi, vi). */
export function templateLanguage(locale: string): string {
  const [lang, region] = locale.split('-');
  return region ? `${lang}_${region.toUpperCase()}` : lang;
}

export function validHubSignature(appSecret: string, rawBody: string, header: string | undefined): boolean {
  const given = /^sha256=([0-9a-f]{64})$/i.exec(header ?? '')?.[1];
  if (!given) return false;
  const expected = crypto.createHmac('sha256', appSecret).update(rawBody, 'utf8').digest();
  return crypto.timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

export function whatsappClient(config: Pick<Config, 'integrationsBaseUrl'>, c: WhatsAppCredentials) {
  const headers = { authorization: `Bearer ${c.accessToken}` };
  const url = (path: string) => vendorUrl(`${GRAPH_API}/${GRAPH_VERSION}/${c.phoneNumberId}${path}`, config.integrationsBaseUrl);
  return {
    /** the phone number's node: the credentials check */
    phoneNumber: () => fetch(url(''), { headers, signal: AbortSignal.timeout(10_000) }),
    sendMessage: (body: unknown) =>
      fetch(url('/messages'), {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      }),
  };
}

export function whatsappCloudProvider(config: Pick<Config, 'integrationsBaseUrl'>): Provider<WhatsAppCredentials> {
  return {
    app: 'whatsapp-cloud',
    label: 'WhatsApp Cloud API',
    channels: () => ['whatsapp'],
    async send(c, m): Promise<ProviderAnswer> {
      const { firstName, shopName, reviewUrl } = m.template;
      const res = await whatsappClient(config, c).sendMessage({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: m.to.replace(/^\+/, ''),
        type: 'template',
        template: {
          name: c.templateName,
          language: { code: templateLanguage(m.locale) },
          components: [{ type: 'body', parameters: [firstName, shopName, reviewUrl].map((text) => ({ type: 'text', text })) }],
        },
      });
      if (res.status === 429 || res.status >= 500) throw new ProviderBusy(`WhatsApp Cloud API answered ${res.status}`);
      const body = (await res.json().catch(() => ({}))) as { messages?: { id: string }[]; error?: { code?: number; message?: string } };
      const id = body.messages?.[0]?.id;
      if (res.ok && id) return { ok: true, messageId: id, segments: null };
      const code = body.error?.code;
      const refusal = (code !== undefined && REFUSALS[code]) || 'provider_error';
      // 190: the token expired or was revoked (Graph API error handling: https://developers.facebook.com/docs/graph-api/guides/error-handling)
      const revoked = res.status === 401 || code === 190;
      return { ok: false, refusal, detail: `WhatsApp ${res.status} ${code ?? ''}: ${body.error?.message ?? ''}`.slice(0, 300), revoked };
    },
  };
}
