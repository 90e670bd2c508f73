// A shop whose review requests went by SMS, WhatsApp and email through the integrations emulator's
// Twilio and WhatsApp Cloud API (issue 32), made the way a real one gets them: the shop's channel
// order (WhatsApp, else SMS, else email), its providers connected through the API, orders fulfilled in
// the store emulator, the providers' signed receipts (and Meta's pricing) POSTed back, Twilio's price
// read by the app. Used by the funnel-by-channel test and the screen's browser test.
import crypto from 'node:crypto';
import { client, eventually, storeSettingsRaw, type PlatformStack } from '@plaudit/kernel/testing';

const hex = (n: number) => crypto.randomBytes(n).toString('hex');
const SMS_FROM = '+15005550006';
/** the template is approved in German only, as a utility template: English-speaking customers fall back to SMS */
const TEMPLATE = { name: 'review_request', language: 'de', category: 'utility' };

export const ORDERS = [
  { country: 'US', customerPhone: '+14155550123', smsConsent: 'subscribed' },
  { country: 'US', customerPhone: '+12125550188', smsConsent: 'subscribed' },
  { country: 'DE', customerPhone: '+4915123456789', smsConsent: 'subscribed' },
  { country: 'US' },
];
/** what ORDERS become: requests per channel */
export const EXPECTED = { sms: 2, whatsapp: 1, email: 1 };

interface QueueRow {
  id: number;
  orderId: string;
  queueType: string;
  status: string;
  channel: string;
  deliveryStatus: string | null;
}

export async function channelShop(stack: PlatformStack) {
  const vendor = (name: string, action: string, body: object) => stack.integrations.control(name, action, body) as unknown;
  const installed = await stack.installShop();
  const http = client(stack.appUrl, installed.appToken);
  await storeSettingsRaw(stack.api, installed.shop.id, 'review-requests', {
    sendMethod: 'fulfillment',
    sendAfter: 'custom',
    sendAfterCustom: 1,
    timeUnit: 'second',
    reminders: 0,
    channels: ['whatsapp', 'sms', 'email'],
  });
  await storeSettingsRaw(stack.api, installed.shop.id, 'messaging', { quietHours: null });
  const twilio = { accountSid: `AC${hex(16)}`, authToken: hex(16) };
  vendor('twilio', 'account', twilio);
  expect((await http.put('/api/integrations/twilio', { ...twilio, smsFrom: SMS_FROM })).status).toBe(200);
  const whatsapp = {
    phoneNumberId: String(crypto.randomInt(1e9, 9e9)),
    accessToken: `EAA${hex(20)}`,
    appSecret: hex(16),
    verifyToken: hex(8),
    templateName: TEMPLATE.name,
  };
  vendor('whatsapp-cloud', 'number', { phoneNumberId: whatsapp.phoneNumberId, token: whatsapp.accessToken, templates: [TEMPLATE] });
  const webhook = `${stack.appUrl}/messaging/whatsapp-cloud/status/${installed.domain}`;
  vendor('whatsapp-cloud', 'webhook', { phoneNumberId: whatsapp.phoneNumberId, url: webhook, appSecret: whatsapp.appSecret });
  expect((await http.put('/api/integrations/whatsapp-cloud', whatsapp)).status).toBe(200);

  for (const o of ORDERS) await stack.control('/orders', { shop: installed.domain, fulfill: true, customerEmail: `${hex(4)}@example.com`, ...o });
  // every request sent, and every text message's receipt back on its row
  const rows = await eventually(async () => {
    const data = (await http.get('/api/email-queue?limitPerPage=50')).body.data as QueueRow[] | undefined;
    const sent = data?.filter((r) => r.queueType === 'email' && r.status === 'success');
    const settled = sent?.length === ORDERS.length && sent.every((r) => r.channel === 'email' || r.deliveryStatus === 'delivered');
    return settled ? sent : undefined;
  }, 60_000);
  const sms = (vendor('twilio', 'messages', {}) as { to: string; segments: number; body: string | null }[]).filter((m) =>
    ORDERS.some((o) => o.customerPhone === m.to),
  );
  return { ...installed, http, rows, sms };
}
