// Issue 32, requests by SMS and WhatsApp on the real stack: the API, PostgreSQL, Temporal with this
// file's own worker, the SMTP sink, the store emulator (orders with a phone and Shopify's SMS marketing
// consent) and the integrations emulator's Twilio and WhatsApp Cloud API, which POST their signed
// status callbacks and the customer's replies back to the API. Delays of seconds from the shop's settings.
// The scenario goes through the messaging plugin (its routes, its capability): skipped where it is removed.
import crypto from 'node:crypto';
import { client, eventually, listMail, storeSettingsRaw, usePlatformStackWithWorker, withPlugins } from '@plaudit/kernel/testing';
import { timerSummaries } from './timer-summaries';

jest.setTimeout(120_000);

const env = usePlatformStackWithWorker('messaging');
const withMessaging = withPlugins('messaging');
const vendor = (name: string, action: string, body: object) => env.stack.integrations.control(name, action, body) as unknown;
const hex = (n: number) => crypto.randomBytes(n).toString('hex');
const SMS_FROM = '+15005550006';

interface Options {
  channels: string[];
  quietHours?: { start: string; end: string } | null;
  /** WhatsApp Cloud API with templates approved in these languages */
  whatsappLanguages?: string[];
}

/** A shop whose requests go a second after fulfillment, on the channels given, with Twilio (SMS) and maybe WhatsApp connected. */
async function messagingShop(o: Options) {
  const installed = await env.stack.installShop();
  const http = client(env.stack.appUrl, installed.appToken);
  await storeSettingsRaw(env.stack.api, installed.shop.id, 'review-requests', {
    sendMethod: 'fulfillment',
    sendAfter: 'custom',
    sendAfterCustom: 1,
    timeUnit: 'second',
    reminders: 0,
    channels: o.channels,
  });
  await storeSettingsRaw(env.stack.api, installed.shop.id, 'messaging', { quietHours: o.quietHours ?? null });
  const twilio = { accountSid: `AC${hex(16)}`, authToken: hex(16) };
  vendor('twilio', 'account', twilio);
  expect((await http.put('/api/integrations/twilio', { ...twilio, smsFrom: SMS_FROM })).status).toBe(200);
  const whatsapp = {
    phoneNumberId: String(crypto.randomInt(1e9, 9e9)),
    accessToken: `EAA${hex(20)}`,
    appSecret: hex(16),
    verifyToken: hex(8),
    templateName: 'review_request',
  };
  if (o.whatsappLanguages) {
    vendor('whatsapp-cloud', 'number', {
      phoneNumberId: whatsapp.phoneNumberId,
      token: whatsapp.accessToken,
      templates: o.whatsappLanguages.map((language) => ({ name: whatsapp.templateName, language })),
    });
    const url = `${env.stack.appUrl}/messaging/whatsapp-cloud/status/${installed.domain}`;
    vendor('whatsapp-cloud', 'webhook', { phoneNumberId: whatsapp.phoneNumberId, url, appSecret: whatsapp.appSecret });
    expect((await http.put('/api/integrations/whatsapp-cloud', whatsapp)).status).toBe(200);
  }
  return { ...installed, http, twilio, whatsapp };
}

const entry = (shopId: number, orderId: string) => env.stack.api.knex('email_queue').where({ shopId, orderId, queueType: 'email' }).first();
const sentRow = (shopId: number, orderId: string) =>
  eventually(async () => {
    const row = await entry(shopId, orderId);
    return row && ['success', 'cancel', 'failed'].includes(row.status) ? row : undefined;
  }, 60_000);
const order = async (domain: string, o: Record<string, unknown>) =>
  (await env.stack.control('/orders', { shop: domain, fulfill: true, country: 'US', customerEmail: `${hex(4)}@example.com`, ...o })).order as { id: string };
const twilioMessages = () => vendor('twilio', 'messages', {}) as { to: string; body: string | null; sid: string }[];

withMessaging('WhatsApp first: a template Meta refuses falls back to SMS; the receipts mark the row delivered', async () => {
  // the template is approved in German only: an English-speaking customer's WhatsApp message is refused (132001)
  const s = await messagingShop({ channels: ['whatsapp', 'sms', 'email'], whatsappLanguages: ['de'] });
  const phone = '+14155550123';
  const { id } = await order(s.domain, { customerPhone: phone, smsConsent: 'subscribed' });
  const row = await sentRow(s.shop.id, id);
  expect(row).toMatchObject({ status: 'success', channel: 'sms', channelProvider: 'twilio' });
  expect(row.channelAttempts).toEqual([expect.objectContaining({ channel: 'whatsapp', refusal: 'template_rejected' })]);
  const sms = twilioMessages().find((m) => m.sid === row.channelMessageId)!;
  expect(sms.to).toBe(phone);
  expect(sms.body).toMatch(/\/r\/s\/[A-Za-z0-9]{10}\b/);
  expect(row.channelText).toBe(sms.body);
  // its short link leads through the click redirect (the click recorded) to the review page
  const short = sms.body!.match(/https?:\/\/\S+\/r\/s\/[A-Za-z0-9]{10}/)![0];
  const hop = await fetch(short, { redirect: 'manual' });
  expect(hop.status).toBe(302);
  const click = hop.headers.get('location')!;
  expect(click).toContain(`${env.stack.appUrl}/r/click/`);
  expect((await fetch(click, { redirect: 'manual' })).status).toBe(302);
  expect((await entry(s.shop.id, id)).clickedAt).not.toBeNull();
  expect((await fetch(`${env.stack.appUrl}/r/s/ZZZZZZZZZZ`, { redirect: 'manual' })).status).toBe(400);
  // no email for it
  expect(listMail(process.env.DATA_DIR!).filter((m) => m.shop === s.domain)).toHaveLength(0);
  // Twilio's signed status callbacks (sent, delivered) reach the row through MessageStatusChanged
  await eventually(async () => ((await entry(s.shop.id, id)).deliveryStatus === 'delivered' ? true : undefined), 30_000);
  const listed = (await s.http.get('/api/email-queue?limitPerPage=10')).body.data.find((r: { orderId: string }) => r.orderId === id);
  expect(listed).toMatchObject({ channel: 'sms', deliveryStatus: 'delivered' });

  // a German customer: the approved template goes out on WhatsApp, Meta's signed webhook marks it delivered
  const german = await order(s.domain, { customerPhone: '+4915123456789', smsConsent: 'subscribed', country: 'DE' });
  const wa = await sentRow(s.shop.id, german.id);
  expect(wa).toMatchObject({ status: 'success', channel: 'whatsapp', channelProvider: 'whatsapp-cloud', channelAttempts: null });
  const sent = (vendor('whatsapp-cloud', 'messages', {}) as { id: string; to: string; template: { language: string; parameters: string[] } }[]).find(
    (m) => m.id === wa.channelMessageId,
  )!;
  expect(sent).toMatchObject({ to: '4915123456789', template: { language: 'de' } });
  expect(sent.template.parameters[2]).toMatch(/\/r\/s\/[A-Za-z0-9]{10}$/);
  await eventually(async () => ((await entry(s.shop.id, german.id)).deliveryStatus === 'delivered' ? true : undefined), 30_000);
});

withMessaging('a STOP reply blocks later SMS to that number (email instead) until START', async () => {
  const s = await messagingShop({ channels: ['sms', 'email'] });
  const phone = '+12015550123';
  const first = await order(s.domain, { customerPhone: phone, smsConsent: 'subscribed' });
  expect(await sentRow(s.shop.id, first.id)).toMatchObject({ status: 'success', channel: 'sms' });
  const inbound = `${env.stack.appUrl}/messaging/twilio/inbound/${s.domain}`;
  await vendor('twilio', 'reply', { accountSid: s.twilio.accountSid, from: phone, to: SMS_FROM, body: 'Stop', url: inbound });
  // the request it answered shows it (the opt-out is stored: the next request below)
  await eventually(async () => ((await entry(s.shop.id, first.id)).deliveryStatus === 'opted_out' ? true : undefined), 30_000);

  const second = await order(s.domain, { customerPhone: phone, smsConsent: 'subscribed' });
  const row = await sentRow(s.shop.id, second.id);
  expect(row).toMatchObject({ status: 'success', channel: 'email' });
  expect(row.channelAttempts).toEqual([expect.objectContaining({ channel: 'sms', refusal: 'opted_out' })]);
  expect(twilioMessages().filter((m) => m.to === phone)).toHaveLength(1);

  // START opts the number in again
  await vendor('twilio', 'reply', { accountSid: s.twilio.accountSid, from: phone, to: SMS_FROM, body: 'START', url: inbound });
  const third = await order(s.domain, { customerPhone: phone, smsConsent: 'subscribed' });
  expect(await sentRow(s.shop.id, third.id)).toMatchObject({ status: 'success', channel: 'sms' });
  // no consent on the order: no SMS, whatever the number
  const unconsented = await order(s.domain, { customerPhone: '+12125551234', smsConsent: 'not_subscribed' });
  expect(await sentRow(s.shop.id, unconsented.id)).toMatchObject({
    channel: 'email',
    channelAttempts: [expect.objectContaining({ channel: 'sms', refusal: 'no_consent' })],
  });
});

/** The wall-clock time in a zone, shifted by some seconds, as 'HH:MM:SS'. */
function localClock(timeZone: string, shiftSeconds: number): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(
    new Date(Date.now() + shiftSeconds * 1000),
  );
}

withMessaging('credentials the provider no longer accepts: Twilio disconnected with its answer, the merchant told once, requests by email', async () => {
  const s = await messagingShop({ channels: ['sms', 'email'] });
  const phone = '+12015550188';
  // the merchant rotated the Auth Token in Twilio's console: the saved one answers 401, code 20003
  vendor('twilio', 'account', { accountSid: s.twilio.accountSid, authToken: hex(16) });
  const first = await order(s.domain, { customerPhone: phone, smsConsent: 'subscribed' });
  const row = await sentRow(s.shop.id, first.id);
  expect(row).toMatchObject({ status: 'success', channel: 'email' });
  expect(row.channelAttempts).toEqual([expect.objectContaining({ channel: 'sms', refusal: 'not_connected' })]);
  const state = (await s.http.get('/api/integrations/twilio')).body.data;
  expect(state).toMatchObject({ status: 'disconnected', reason: expect.stringContaining('20003') });
  const told = () => listMail(process.env.DATA_DIR!).filter((m) => m.shop === s.domain && m.subject?.includes('Twilio was disconnected'));
  await eventually(async () => told().length === 1);

  // the next request finds no provider (refused before any call) and tells nobody again
  const second = await order(s.domain, { customerPhone: phone, smsConsent: 'subscribed' });
  const next = await sentRow(s.shop.id, second.id);
  expect(next).toMatchObject({ status: 'success', channel: 'email' });
  expect(next.channelAttempts).toEqual([expect.objectContaining({ channel: 'sms', refusal: 'not_connected' })]);
  expect(told()).toHaveLength(1);
  expect(twilioMessages().filter((m) => m.to === phone)).toHaveLength(0);
});

withMessaging('quiet hours in the customer local time: a Japanese customer waits for their end (a durable timer), an American one does not', async () => {
  // quiet now in Tokyo, for 15 more seconds; the US is 13 hours or more away from it
  const quietHours = { start: localClock('Asia/Tokyo', -60), end: localClock('Asia/Tokyo', 15) };
  const s = await messagingShop({ channels: ['sms'], quietHours });
  const jp = await order(s.domain, { customerPhone: '+819012345678', smsConsent: 'subscribed', country: 'JP' });
  const us = await order(s.domain, { customerPhone: '+12125551234', smsConsent: 'subscribed', country: 'US' });

  const waiting = await eventually(async () => {
    const row = await entry(s.shop.id, jp.id);
    return row?.status === 'waiting' && row.skipReason === 'quiet_hours' ? row : undefined;
  }, 30_000);
  const endOfQuiet = new Date(waiting.scheduledAt);
  expect(endOfQuiet.getTime()).toBeGreaterThan(Date.now() - 30_000);
  expect(await sentRow(s.shop.id, us.id)).toMatchObject({ status: 'success', channel: 'sms', skipReason: null });

  const sent = await sentRow(s.shop.id, jp.id);
  expect(sent).toMatchObject({ status: 'success', channel: 'sms' });
  expect(new Date(sent.sentAt).getTime()).toBeGreaterThanOrEqual(endOfQuiet.getTime());
  // the wait is the workflow's timer, named in its history
  const timers = await timerSummaries(env.stack.api.runtime.services.temporal.client.workflow.getHandle(sent.workflowId));
  expect(timers.some((t) => t.includes('Quiet hours for the customer: send at'))).toBe(true);
});

withMessaging('a forged or unsigned provider callback is refused with 403; an unknown shop with 404', async () => {
  const s = await messagingShop({ channels: ['sms'], whatsappLanguages: ['en'] });
  const url = `${env.stack.appUrl}/messaging/twilio/status/${s.domain}`;
  const form = new URLSearchParams({ MessageSid: `SM${hex(16)}`, MessageStatus: 'delivered', AccountSid: s.twilio.accountSid }).toString();
  const post = (u: string, body: string, headers: Record<string, string>) => fetch(u, { method: 'POST', headers, body });
  const formType = { 'content-type': 'application/x-www-form-urlencoded' };
  // signed with another token, or not at all
  const forged = crypto.createHmac('sha1', 'not-the-token').update(url).digest('base64');
  expect((await post(url, form, { ...formType, 'x-twilio-signature': forged })).status).toBe(403);
  expect((await post(url, form, formType)).status).toBe(403);
  // Meta's webhook with a signature of another secret
  const meta = `${env.stack.appUrl}/messaging/whatsapp-cloud/status/${s.domain}`;
  const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [] });
  const badHub = `sha256=${crypto.createHmac('sha256', 'other-secret').update(body).digest('hex')}`;
  expect((await post(meta, body, { 'content-type': 'application/json', 'x-hub-signature-256': badHub })).status).toBe(403);
  // the same body signed with the app's secret is taken
  const goodHub = `sha256=${crypto.createHmac('sha256', s.whatsapp.appSecret).update(body).digest('hex')}`;
  expect((await post(meta, body, { 'content-type': 'application/json', 'x-hub-signature-256': goodHub })).status).toBe(200);
  // the subscription check echoes the challenge only with the verify token
  expect((await fetch(`${meta}?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=42`)).status).toBe(403);
  expect(await (await fetch(`${meta}?hub.mode=subscribe&hub.verify_token=${s.whatsapp.verifyToken}&hub.challenge=42`)).text()).toBe('42');
  expect((await post(`${env.stack.appUrl}/messaging/twilio/status/nobody-${hex(3)}.myshopify.com`, form, formType)).status).toBe(404);
});

withMessaging('an SMS the carrier does not deliver: its receipt sends the request by email, once, and the row says why', async () => {
  const s = await messagingShop({ channels: ['sms', 'email'] });
  const phone = '+12015550177';
  // Twilio takes the message, then its status callback says undelivered, 30003 (unreachable handset)
  vendor('twilio', 'fail', { to: phone, code: '30003' });
  const { id } = await order(s.domain, { customerPhone: phone, smsConsent: 'subscribed' });
  const emailed = await eventually(async () => {
    const row = await entry(s.shop.id, id);
    return row?.channel === 'email' && row.messageId ? row : undefined;
  }, 60_000);
  expect(emailed).toMatchObject({ status: 'success', channelMessageId: null, deliveryStatus: null });
  expect(emailed.channelAttempts).toEqual([{ channel: 'sms', refusal: 'undelivered', detail: 'The provider reported the message undelivered (error 30003)' }]);
  expect(twilioMessages().filter((m) => m.to === phone)).toHaveLength(1);
  const mail = listMail(process.env.DATA_DIR!).filter((m) => m.shop === s.domain && m.messageId === emailed.messageId);
  expect(mail).toHaveLength(1);
  // the workflow took the receipt from its signal (before or while it waited for it: no timer then)
  const handle = env.stack.api.runtime.services.temporal.client.workflow.getHandle(emailed.workflowId);
  const { events } = await handle.fetchHistory();
  const signals = (events ?? []).map((e) => e.workflowExecutionSignaledEventAttributes?.signalName).filter(Boolean);
  expect(signals).toContain('messageReceipt');

  // a delivered SMS ends the wait, and the request goes on past it (no reminders: to the photo
  // reminder's window) with its one send
  const delivered = await order(s.domain, { customerPhone: '+12015550178', smsConsent: 'subscribed' });
  const row = await sentRow(s.shop.id, delivered.id);
  expect(row).toMatchObject({ status: 'success', channel: 'sms' });
  const later = env.stack.api.runtime.services.temporal.client.workflow.getHandle(row.workflowId);
  const scheduled = await eventually(async () => {
    const names = ((await later.fetchHistory()).events ?? []).map((e) => e.activityTaskScheduledEventAttributes?.activityType?.name).filter(Boolean);
    return names.includes('photoReminderWindow') ? names : undefined;
  }, 60_000);
  expect(scheduled.filter((n) => n === 'sendRequest')).toHaveLength(1);
  expect(await entry(s.shop.id, delivered.id)).toMatchObject({ channel: 'sms', deliveryStatus: 'delivered', messageId: null });
  expect(listMail(process.env.DATA_DIR!).filter((m) => m.shop === s.domain)).toHaveLength(1);
});
