// Issue 32: the request funnel split by channel and the text messages' costs, end to end on the real
// stack (PostgreSQL, Temporal, the SMTP sink, the store emulator, the integrations emulator's Twilio and
// WhatsApp Cloud API): requests go by SMS, WhatsApp and email, the providers' receipts come back, a
// customer clicks the SMS link; the email screen's answer splits the funnel by channel, prices the SMS
// from Twilio's Message resource, counts Meta's WhatsApp message by pricing category without an
// amount, and the rollups equal a full recount.
import { eventually, usePlatformStackWithWorker, withPlugins } from '@plaudit/kernel/testing';
import { foldChanges, rebuildShop } from '../activities/count';
import { differencesFromRecount } from '../activities/verify';
import type { EmailAnswer } from '../shared/api';
import { channelShop, EXPECTED } from './channel-shop';

jest.setTimeout(180_000);

const env = usePlatformStackWithWorker('analytics-channels');
const withMessaging = withPlugins('messaging', 'review-requests');
const services = () => env.stack.api.runtime.services;
const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

async function foldUntilCounted(shopId: number) {
  const result = await foldChanges(services());
  if (result.rebuild.includes(shopId)) await rebuildShop(services(), shopId);
}

withMessaging('the funnel by channel and the cost of each text message, from the providers’ receipts and prices', async () => {
  const s = await channelShop(env.stack);
  expect(s.sms).toHaveLength(EXPECTED.sms);
  // a customer taps the first SMS's review link: its short link, then the click redirect it leads to
  const link = /https?:\/\/\S+\/r\/s\/[A-Za-z0-9]{10}/.exec(s.sms[0].body ?? '')?.[0];
  expect(link).toBeDefined();
  const hop = await fetch(env.stack.appUrl + pathOf(link!), { redirect: 'manual' });
  expect(hop.status).toBe(302);
  const click = hop.headers.get('location')!;
  expect(pathOf(click)).toMatch(/^\/r\/click\//);
  expect((await fetch(env.stack.appUrl + pathOf(click), { redirect: 'manual' })).status).toBe(302);

  await rebuildShop(services(), s.shop.id);
  const answer = await eventually(async () => {
    await foldUntilCounted(s.shop.id);
    const res = await s.http.get('/api/analytics/email?period=7d');
    const body = res.body as EmailAnswer;
    const sms = body.channels?.find((c) => c.channel === 'sms');
    const priced = body.costs?.find((c) => c.channel === 'sms')?.amounts[0]?.messages;
    return body.status === 'ready' && sms?.clicked === 1 && priced === EXPECTED.sms ? body : undefined;
  }, 60_000);

  expect(answer.channels).toEqual([
    { channel: 'email', sent: EXPECTED.email, delivered: null, clicked: 0, started: 0, reviewed: 0, reviewRate: 0 },
    { channel: 'sms', sent: EXPECTED.sms, delivered: EXPECTED.sms, clicked: 1, started: 0, reviewed: 0, reviewRate: 0 },
    { channel: 'whatsapp', sent: EXPECTED.whatsapp, delivered: EXPECTED.whatsapp, clicked: 0, started: 0, reviewed: 0, reviewRate: 0 },
  ]);
  // Twilio's price per segment (the emulator's list: USD 0.0079), read from the Message resource once delivered
  const total = s.sms.reduce((sum, m) => sum + 0.0079 * m.segments, 0);
  const [sms, whatsapp] = answer.costs!;
  expect(sms).toMatchObject({ channel: 'sms', messages: EXPECTED.sms, billable: [], free: 0, unpriced: 0 });
  expect(sms.amounts).toEqual([
    { currency: 'USD', messages: EXPECTED.sms, total: expect.closeTo(total, 6), perMessage: expect.closeTo(total / EXPECTED.sms, 6) },
  ]);
  // Meta's pricing: the template's category, billable, and no amount
  expect(whatsapp).toEqual({ channel: 'whatsapp', messages: 1, amounts: [], billable: [{ category: 'utility', count: 1 }], free: 0, unpriced: 1 });
  // the whole funnel still counts every request once
  expect(answer.funnel[0]).toMatchObject({ step: 'sent', count: EXPECTED.sms + EXPECTED.whatsapp + EXPECTED.email });
  expect(await differencesFromRecount(services(), s.shop.id)).toEqual([]);
});
