// The providers' calls to us, per shop (public routes, verified by the provider's signature with the
// shop's own secret; a forged or unsigned call is 403, an unknown shop or a bad body 400/404):
//   POST /messaging/twilio/status/<shop>          Twilio's status callback (form), X-Twilio-Signature
//   POST /messaging/twilio/inbound/<shop>         a reply to the shop's Twilio number (form): STOP / START
//   GET  /messaging/whatsapp-cloud/status/<shop>  Meta's subscription check (hub.challenge)
//   POST /messaging/whatsapp-cloud/status/<shop>  Meta's webhook (JSON), X-Hub-Signature-256: statuses and replies
// A receipt updates the message and tells the request (MessageStatusChanged, durable); a STOP stores the
// opt-out for the shop and number, and marks the last message sent to it `opted_out`. A receipt brings
// the message's charge (README "Costs"): Meta's `pricing` with the status; Twilio's price fetched from
// the Message resource on a final status, since its callbacks carry none.
import Router from '@koa/router';
import createHttpError from 'http-errors';
import { SHOP_DOMAIN, type ApiServices, type AppContext, type AppState, type Tenant } from '@plaudit/kernel';
import type { DeliveryStatus } from '@plaudit/contracts/messaging';
import { isPriced, lastMessageTo, optIn, optOut, recordStatus, type Charge } from '../db/store';
import { applyReceipt, tell } from '../shared/receipts';
import { keywordAction } from '../shared/keywords';
import { toE164 } from '../shared/phone';
import { twilioPrice, validTwilioSignature, type TwilioCredentials } from '../shared/twilio';
import { metaCharge, validHubSignature, type WhatsAppCredentials } from '../shared/whatsapp-cloud';

const TWILIO_STATUSES: Record<string, DeliveryStatus> = { sent: 'sent', delivered: 'delivered', read: 'read', failed: 'failed', undelivered: 'undelivered' };
/** Twilio's statuses after which the message's price is worth fetching (the message will not change again). */
const PRICED_AFTER = new Set<DeliveryStatus>(['delivered', 'read', 'undelivered', 'failed']);
const META_STATUSES: Record<string, DeliveryStatus> = { sent: 'sent', delivered: 'delivered', read: 'read', failed: 'failed' };

/** The raw body of a form post (the JSON parser leaves other types unread). */
async function readRaw(ctx: AppContext): Promise<string> {
  const given = (ctx.request as { rawBody?: string }).rawBody;
  if (given !== undefined) return given;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw createHttpError(413, 'Body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function webhookRoutes(services: ApiServices) {
  const router = new Router<AppState>({ prefix: '/messaging' });

  async function shopOf(domain: string) {
    if (!SHOP_DOMAIN.test(domain)) throw createHttpError(400, 'Not a shop domain');
    const shop = await services.shops.byDomain(domain);
    if (!shop) throw createHttpError(404, 'Unknown shop');
    return { shop, tenant: services.tenant(shop.id, shop.domain) };
  }
  async function credentialsOf<C>(shopId: number, app: string): Promise<C> {
    const c = await services.integrations.credentials<C>(shopId, app);
    if (!c) throw createHttpError(404, 'The shop has not connected this provider');
    return c;
  }
  /** The URLs a provider may have signed: ours as configured, and as this request reached us. */
  const signedUrls = (ctx: AppContext) => [`${services.config.appUrl}${ctx.originalUrl}`, ctx.href];

  const receipt = (tenant: Tenant, provider: string, messageId: string, status: DeliveryStatus, errorCode: string | null, charge?: Charge) =>
    applyReceipt(services, tenant, provider, messageId, status, errorCode, charge);

  /** Twilio's price of a final message, once: a failed fetch or a price not known yet leaves it unpriced (README "Costs"). */
  async function twilioCharge(tenant: Tenant, credentials: TwilioCredentials, sid: string, status: DeliveryStatus): Promise<Charge | undefined> {
    if (!PRICED_AFTER.has(status) || (await isPriced(tenant, 'twilio', sid))) return undefined;
    return twilioPrice(services.config, credentials, sid).catch((err) => {
      services.log.warn({ err, shop: tenant.shopDomain, message: sid }, 'Twilio price not fetched');
      return undefined;
    });
  }

  async function reply(tenant: Tenant, provider: string, from: string, body: string, optOutType?: string) {
    const phone = toE164(from, null);
    const action = phone && keywordAction(body, optOutType);
    if (!phone || !action) return;
    if (action === 'opt_in') return void (await optIn(tenant, phone));
    await optOut(tenant, phone, body.trim().toUpperCase() || 'STOP', provider);
    const last = await lastMessageTo(tenant, phone);
    if (last && (await recordStatus(tenant, last.provider, last.providerMessageId, 'opted_out', null))) await tell(services, tenant, last, 'opted_out', null);
  }

  async function twilioForm(ctx: AppContext) {
    const { shop, tenant } = await shopOf(ctx.params.shop);
    const params = Object.fromEntries(new URLSearchParams(await readRaw(ctx)));
    const credentials = await credentialsOf<TwilioCredentials>(shop.id, 'twilio');
    if (!validTwilioSignature(credentials.authToken, signedUrls(ctx), params, ctx.get('x-twilio-signature') || undefined))
      throw createHttpError(403, 'Invalid Twilio signature');
    return { tenant, params, credentials };
  }

  router.post('/twilio/status/:shop', async (ctx) => {
    const { tenant, params, credentials } = await twilioForm(ctx);
    const status = TWILIO_STATUSES[params.MessageStatus ?? ''];
    if (!params.MessageSid) throw createHttpError(400, 'MessageSid is required');
    if (status)
      await receipt(tenant, 'twilio', params.MessageSid, status, params.ErrorCode || null, await twilioCharge(tenant, credentials, params.MessageSid, status));
    ctx.status = 204;
  });

  router.post('/twilio/inbound/:shop', async (ctx) => {
    const { tenant, params } = await twilioForm(ctx);
    await reply(tenant, 'twilio', (params.From ?? '').replace(/^whatsapp:/, ''), params.Body ?? '', params.OptOutType);
    // an empty TwiML answer: Twilio itself answers STOP and START on long codes
    ctx.type = 'text/xml';
    ctx.body = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
  });

  router.get('/whatsapp-cloud/status/:shop', async (ctx) => {
    const { shop } = await shopOf(ctx.params.shop);
    const { verifyToken } = await credentialsOf<WhatsAppCredentials>(shop.id, 'whatsapp-cloud');
    if (ctx.query['hub.mode'] !== 'subscribe' || ctx.query['hub.verify_token'] !== verifyToken) throw createHttpError(403, 'Verification refused');
    ctx.type = 'text/plain';
    ctx.body = String(ctx.query['hub.challenge'] ?? '');
  });

  router.post('/whatsapp-cloud/status/:shop', async (ctx) => {
    const { shop, tenant } = await shopOf(ctx.params.shop);
    const { appSecret } = await credentialsOf<WhatsAppCredentials>(shop.id, 'whatsapp-cloud');
    if (!validHubSignature(appSecret, await readRaw(ctx), ctx.get('x-hub-signature-256') || undefined))
      throw createHttpError(403, 'Invalid X-Hub-Signature-256');
    const body = ctx.request.body as { entry?: { changes?: { value?: any }[] }[] } | undefined;
    if (!Array.isArray(body?.entry)) throw createHttpError(400, 'Not a WhatsApp webhook');
    for (const change of body.entry.flatMap((e) => e.changes ?? [])) {
      for (const s of change.value?.statuses ?? []) {
        const status = META_STATUSES[s.status];
        if (status && typeof s.id === 'string')
          await receipt(tenant, 'whatsapp-cloud', s.id, status, s.errors?.[0]?.code ? String(s.errors[0].code) : null, metaCharge(s.pricing));
      }
      for (const m of change.value?.messages ?? []) if (m.type === 'text') await reply(tenant, 'whatsapp-cloud', `+${m.from}`, m.text?.body ?? '');
    }
    ctx.status = 200;
  });

  return router;
}
