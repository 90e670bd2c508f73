// Twilio Programmable Messaging, SMS and WhatsApp (https://www.twilio.com/docs/messaging/api/message-resource):
// `POST https://api.twilio.com/2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded, HTTP Basic
// with the Account SID and Auth Token; `To`/`From` in E.164, `whatsapp:`-prefixed for WhatsApp, where a
// business-initiated message must be an approved template (`ContentSid` + `ContentVariables`,
// https://www.twilio.com/docs/whatsapp/tutorial/send-whatsapp-notification-messages-templates);
// `StatusCallback` receives the status changes (queued, sent, delivered, undelivered, failed, read:
// https://www.twilio.com/docs/messaging/guides/outbound-message-status-in-status-callbacks). Answers:
// 201 with the Message (`sid`, `status`, `num_segments`), errors `{ code, message, more_info, status }`
// (21211 invalid To, 21610 the number replied STOP, 21614 not a mobile number; 20003 bad credentials).
// Callbacks are signed (https://www.twilio.com/docs/usage/security): X-Twilio-Signature = base64
// HMAC-SHA1, keyed with the Auth Token, of the full URL followed by every POST parameter's name and
// value, sorted by name.
// Costs: a message's `price` (negative: a debit, per segment sent) and `price_unit` (ISO 4217) are on
// the Message resource, `GET .../Messages/{sid}.json`, "populated after the message has been sent, may
// not be immediately available" (message-resource page above); status callbacks carry neither, and
// Twilio's advice is to fetch the resource after delivery (it can take up to 24 hours in rare cases:
// https://support.twilio.com/hc/en-us/articles/46871410243099-Understanding-SMS-Message-Fees-Carrier-Fees-and-Phone-Number-Fees).
import crypto from 'node:crypto';
import { z } from 'zod';
import { vendorUrl, type Config } from '@plaudit/kernel';
import type { MessageRefusal } from '@plaudit/contracts/messaging';
import { ProviderBusy, type Provider, type ProviderAnswer } from './provider';

export const TWILIO_API = 'https://api.twilio.com';

const required = 'This field is required';
const e164 = z
  .string({ error: required })
  .trim()
  .regex(/^\+[1-9]\d{6,14}$/, 'A number in international format, such as +14155550100');
export const twilioCredentials = z
  .object({
    accountSid: z
      .string({ error: required })
      .trim()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'The Account SID starts with AC (Twilio Console > Account info)'),
    authToken: z.string({ error: required }).trim().min(1, required).max(200),
    /** the SMS sender: a Twilio number (or a Messaging Service SID, MG...) */
    smsFrom: z.union([e164, z.string().regex(/^MG[0-9a-fA-F]{32}$/)]).optional(),
    /** the WhatsApp sender and its approved template (Content SID, HX...) */
    whatsappFrom: e164.optional(),
    whatsappContentSid: z
      .string()
      .regex(/^HX[0-9a-fA-F]{32}$/)
      .optional(),
  })
  .strict();
export type TwilioCredentials = z.infer<typeof twilioCredentials>;

/** Twilio's error codes that mean "not this number / not this customer": the request falls back. */
const REFUSALS: Record<number, MessageRefusal> = {
  21211: 'invalid_number',
  21614: 'invalid_number',
  21612: 'invalid_number',
  21610: 'opted_out',
  63016: 'template_rejected',
  63024: 'invalid_number',
};

export const twilioSignature = (authToken: string, url: string, params: Record<string, string>) =>
  crypto
    .createHmac('sha1', authToken)
    .update(
      Object.keys(params)
        .sort()
        .reduce((acc, k) => acc + k + params[k], url),
      'utf8',
    )
    .digest('base64');

export function validTwilioSignature(authToken: string, urls: string[], params: Record<string, string>, signature: string | undefined): boolean {
  if (!signature) return false;
  const given = Buffer.from(signature);
  return urls.some((url) => {
    const expected = Buffer.from(twilioSignature(authToken, url, params));
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  });
}

export function twilioClient(config: Pick<Config, 'integrationsBaseUrl'>, c: TwilioCredentials) {
  const auth = `Basic ${Buffer.from(`${c.accountSid}:${c.authToken}`).toString('base64')}`;
  const url = (path: string) => vendorUrl(`${TWILIO_API}/2010-04-01/Accounts/${c.accountSid}${path}`, config.integrationsBaseUrl);
  return {
    /** Fetch the account: the credentials check */
    account: () => fetch(url('.json'), { headers: { authorization: auth }, signal: AbortSignal.timeout(10_000) }),
    /** Fetch one message: its price once Twilio knows it */
    message: (sid: string) => fetch(url(`/Messages/${encodeURIComponent(sid)}.json`), { headers: { authorization: auth }, signal: AbortSignal.timeout(5_000) }),
    createMessage: (form: Record<string, string>) =>
      fetch(url('/Messages.json'), {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(10_000),
      }),
  };
}

/** The message's price as Twilio reports it (a positive amount and its currency), undefined until it is known. */
export async function twilioPrice(config: Pick<Config, 'integrationsBaseUrl'>, c: TwilioCredentials, sid: string) {
  const res = await twilioClient(config, c).message(sid);
  if (!res.ok) throw new Error(`Twilio answered ${res.status} for message ${sid}`);
  const body = (await res.json()) as { price?: string | null; price_unit?: string | null };
  const amount = body.price === null || body.price === undefined || body.price === '' ? NaN : Math.abs(Number(body.price));
  return Number.isFinite(amount) && body.price_unit ? { price: amount, priceUnit: body.price_unit.toUpperCase().slice(0, 3) } : undefined;
}

export function twilioProvider(config: Pick<Config, 'integrationsBaseUrl'>): Provider<TwilioCredentials> {
  return {
    app: 'twilio',
    label: 'Twilio',
    channels: (c) => [...(c.smsFrom ? ['sms' as const] : []), ...(c.whatsappFrom && c.whatsappContentSid ? ['whatsapp' as const] : [])],
    async send(c, m): Promise<ProviderAnswer> {
      const whatsapp = m.channel === 'whatsapp';
      const from = whatsapp ? `whatsapp:${c.whatsappFrom}` : c.smsFrom!;
      const form: Record<string, string> = {
        To: whatsapp ? `whatsapp:${m.to}` : m.to,
        [from.startsWith('MG') ? 'MessagingServiceSid' : 'From']: from,
        StatusCallback: m.statusCallback,
        ...(whatsapp
          ? {
              ContentSid: c.whatsappContentSid!,
              ContentVariables: JSON.stringify({ 1: m.template.firstName, 2: m.template.shopName, 3: m.template.reviewUrl }),
            }
          : { Body: m.text }),
      };
      const res = await twilioClient(config, c).createMessage(form);
      if (res.status === 429 || res.status >= 500) throw new ProviderBusy(`Twilio answered ${res.status}`);
      const body = (await res.json().catch(() => ({}))) as { sid?: string; num_segments?: string; code?: number; message?: string };
      if (res.ok && body.sid) return { ok: true, messageId: body.sid, segments: Number(body.num_segments) || null };
      const refusal = (body.code !== undefined && REFUSALS[body.code]) || 'provider_error';
      // 20003: the Auth Token no longer authenticates (rotated, or the account closed)
      const revoked = res.status === 401 || body.code === 20003;
      return { ok: false, refusal, detail: `Twilio ${res.status} ${body.code ?? ''}: ${body.message ?? ''}`.slice(0, 300), revoked };
    },
  };
}
