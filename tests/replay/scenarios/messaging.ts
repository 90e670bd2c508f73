// Requests by text message (issue 32, plugins/messaging): WhatsApp first, its template refused by Meta,
// SMS next but in the customer's quiet hours (the workflow's timer, patched 'channels'), then sent; an
// SMS the carrier did not deliver, the request then sent by email (patched 'undelivered-fallback').
import crypto from 'node:crypto';
import { until } from '../recorder';
import type { Context, Scenario } from './context';

const hex = (n: number) => crypto.randomBytes(n).toString('hex');

/** The wall-clock time in a zone, shifted by some seconds, as 'HH:MM:SS'. */
const localClock = (timeZone: string, shift: number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(
    new Date(Date.now() + shift * 1000),
  );

const whatsappThenSms: Scenario = {
  types: ['reviewRequest'],
  async run(ctx: Context) {
    const s = await ctx.shop({
      settings: {
        'review-requests': {
          sendMethod: 'fulfillment',
          sendAfter: 'custom',
          sendAfterCustom: 1,
          timeUnit: 'second',
          reminders: 0,
          channels: ['whatsapp', 'sms', 'email'],
        },
        // quiet in Tokyo for 20 more seconds
        messaging: { quietHours: { start: localClock('Asia/Tokyo', -60), end: localClock('Asia/Tokyo', 20) } },
      },
    });
    const vendors = ctx.stack.integrations;
    const twilio = { accountSid: `AC${hex(16)}`, authToken: hex(16) };
    vendors.control('twilio', 'account', twilio);
    if ((await s.http.put('/api/integrations/twilio', { ...twilio, smsFrom: '+15005550006' })).status !== 200) throw new Error('Twilio refused');
    const wa = {
      phoneNumberId: String(crypto.randomInt(1e9, 9e9)),
      accessToken: `EAA${hex(20)}`,
      appSecret: hex(16),
      verifyToken: hex(8),
      templateName: 'review_request',
    };
    // approved in German only: a Japanese customer's template is refused (132001)
    vendors.control('whatsapp-cloud', 'number', {
      phoneNumberId: wa.phoneNumberId,
      token: wa.accessToken,
      templates: [{ name: wa.templateName, language: 'de' }],
    });
    if ((await s.http.put('/api/integrations/whatsapp-cloud', wa)).status !== 200) throw new Error('WhatsApp refused');
    const order = await ctx.order(s.domain, { fulfill: true, country: 'JP', customerPhone: '+819012345678', smsConsent: 'subscribed' });
    const request = await ctx.rec.find('reviewRequest', `${s.domain}:${order.id}`);
    const row = () => ctx.knex('email_queue').where({ shopId: s.shop.id, orderId: order.id, queueType: 'email' }).first();
    await ctx.rec.waiting('whatsapp-refused-sms-quiet-hours', request, async () => (await row())?.skipReason === 'quiet_hours');
    await until('the SMS sent after the quiet hours', async () => (await row())?.channel === 'sms', 60_000);
    await ctx.rec.waiting('whatsapp-refused-sms-sent', request, async () => (await row())?.status === 'success');
  },
};

/**
 * Issue 32, the thank-you block: the customer chose WhatsApp with consent before the order shipped (the
 * block's POST with an extension session token), and the shop's email-only request went by WhatsApp.
 */
const customerChoseWhatsapp: Scenario = {
  types: ['reviewRequest'],
  async run(ctx: Context) {
    const s = await ctx.shop({
      settings: {
        'review-requests': { sendMethod: 'fulfillment', sendAfter: 'custom', sendAfterCustom: 1, timeUnit: 'second', reminders: 0, channels: ['email'] },
        messaging: { quietHours: null },
      },
    });
    const wa = {
      phoneNumberId: String(crypto.randomInt(1e9, 9e9)),
      accessToken: `EAA${hex(20)}`,
      appSecret: hex(16),
      verifyToken: hex(8),
      templateName: 'review_request',
    };
    ctx.stack.integrations.control('whatsapp-cloud', 'number', {
      phoneNumberId: wa.phoneNumberId,
      token: wa.accessToken,
      templates: [{ name: wa.templateName, language: 'en' }],
    });
    if ((await s.http.put('/api/integrations/whatsapp-cloud', wa)).status !== 200) throw new Error('WhatsApp refused');
    const order = await ctx.order(s.domain, { customerPhone: '+14155550123', smsConsent: 'not_subscribed' });
    const request = await ctx.rec.find('reviewRequest', `${s.domain}:${order.id}`);
    const { apiKey, apiSecret } = ctx.stack.api.config.shopify;
    const now = Math.floor(Date.now() / 1000);
    const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const unsigned = `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc({ dest: s.domain, aud: apiKey, iat: now, nbf: now, exp: now + 300, jti: crypto.randomUUID() })}`;
    const token = `${unsigned}.${crypto.createHmac('sha256', apiSecret!).update(unsigned).digest('base64url')}`;
    const chosen = await fetch(`${ctx.stack.appUrl}/extensions/checkout/review-request`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ order: order.admin_graphql_api_id, channel: 'whatsapp', consent: true, target: 'purchase.thank-you.block.render' }),
    });
    if (chosen.status !== 200) throw new Error(`the channel choice: ${chosen.status} ${await chosen.text()}`);
    await ctx.stack.control(`/orders/${order.id}/fulfill`, {});
    const row = () => ctx.knex('email_queue').where({ shopId: s.shop.id, orderId: order.id, queueType: 'email' }).first();
    await ctx.rec.waiting('customer-chose-whatsapp-sent', request, async () => (await row())?.channel === 'whatsapp');
  },
};

/** Issue 32: Twilio takes the SMS, its receipt says undelivered (30003): the workflow sends the email. */
const smsUndelivered: Scenario = {
  types: ['reviewRequest'],
  async run(ctx: Context) {
    const s = await ctx.shop({
      settings: {
        'review-requests': { sendMethod: 'fulfillment', sendAfter: 'custom', sendAfterCustom: 1, timeUnit: 'second', reminders: 0, channels: ['sms', 'email'] },
        messaging: { quietHours: null },
      },
    });
    const twilio = { accountSid: `AC${hex(16)}`, authToken: hex(16) };
    ctx.stack.integrations.control('twilio', 'account', twilio);
    if ((await s.http.put('/api/integrations/twilio', { ...twilio, smsFrom: '+15005550006' })).status !== 200) throw new Error('Twilio refused');
    const phone = '+12015550166';
    ctx.stack.integrations.control('twilio', 'fail', { to: phone, code: '30003' });
    const order = await ctx.order(s.domain, { fulfill: true, country: 'US', customerPhone: phone, smsConsent: 'subscribed' });
    const request = await ctx.rec.find('reviewRequest', `${s.domain}:${order.id}`);
    const row = () => ctx.knex('email_queue').where({ shopId: s.shop.id, orderId: order.id, queueType: 'email' }).first();
    await ctx.rec.waiting('sms-undelivered-email-sent', request, async () => {
      const r = await row();
      return r?.channel === 'email' && !!r.messageId;
    });
  },
};

export const messagingScenarios = { whatsappThenSms, customerChoseWhatsapp, smsUndelivered };
