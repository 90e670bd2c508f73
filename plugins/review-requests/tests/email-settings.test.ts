// Email settings: save and validation, the sender email verified through a mailed signed link,
// custom SMTP verified against real servers ('Cannot verify settings' when it does not answer), the
// password sealed at rest and never returned, and a real request sent through the merchant's server.
import crypto from 'node:crypto';
import { open, secretBoxKey } from '@plaudit/kernel';
import { client, downPort, eventually, kernelSettingsAtRest, startPlatformStack, storeSettingsRaw } from '@plaudit/kernel/testing';
import { ReviewAdmin } from '@plaudit/contracts/reviews';
import { decodedMail, sinkMail, startMerchantSmtp, type MerchantSmtp } from './mail-helpers';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
let merchant: MerchantSmtp;
const PASSWORD = `pw-${crypto.randomBytes(6).toString('hex')}`;

beforeAll(async () => {
  stack = await startPlatformStack();
  merchant = await startMerchantSmtp('shop-mailer', PASSWORD);
});
afterAll(async () => {
  await merchant?.stop();
  await stack?.close();
});

// what is at rest in the kernel's settings table (the kernel mail service's namespace)
const storedSettings = (shopId: number) => kernelSettingsAtRest(stack.api, shopId, 'mail');

test('defaults, then save and validation with per-field messages', async () => {
  const { appToken } = await stack.installShop();
  const http = client(stack.appUrl, appToken);
  const initial = await http.get('/api/settings/emailSetting');
  expect(initial.status).toBe(200);
  expect(initial.body.data).toMatchObject({
    senderEmail: null,
    senderName: null,
    replyTo: null,
    smtpType: 'app',
    isCustomSenderEnabled: false,
    isVerified: false,
    isSmtpVerified: false,
    hasPassword: false,
    effectiveFrom: 'reviews@plaudit.local',
    sentRequestCount: 0,
    testEmailsLeft: 25,
  });
  // The shop notifications come from the reviews plugin's ReviewAdmin capability, when it offers one.
  if (stack.api.runtime.services.capabilities.has(ReviewAdmin)) expect(initial.body.data).toMatchObject({ enabledEmailNewReview: true, negativeThreshold: 4 });
  else expect(initial.body.data).not.toHaveProperty('enabledEmailNewReview');
  expect(initial.body.data).not.toHaveProperty('password');

  const bad = await http.put('/api/settings/emailSetting', { senderEmail: 'not-an-email', replyTo: 'x@', senderName: 'Visit https://spam.example' });
  expect(bad.status).toBe(400);
  expect(bad.body.errors).toEqual({ senderEmail: 'Invalid email', replyTo: 'Invalid email', senderName: 'Links are not allowed here' });
  expect((await http.put('/api/settings/emailSetting', { password: 'x' })).body.errors).toEqual({ password: 'Unknown field' });
  // A custom server must have answered before it may carry mail.
  const unverified = await http.put('/api/settings/emailSetting', { smtpType: 'custom' });
  expect(unverified).toMatchObject({ status: 400, body: { message: 'Cannot verify settings', errors: { smtpType: 'Cannot verify settings' } } });
  // A custom sender needs an address.
  expect((await http.put('/api/settings/emailSetting', { isCustomSenderEnabled: true })).body.errors).toEqual({ senderEmail: 'This field is required' });

  const saved = await http.put('/api/settings/emailSetting', { senderName: 'Acme Reviews', replyTo: 'Care@Acme.example', senderEmail: '' });
  expect(saved.status).toBe(200);
  expect(saved.body.data).toMatchObject({ senderName: 'Acme Reviews', replyTo: 'care@acme.example', senderEmail: null });
  expect((await http.get('/api/settings/emailSetting')).body.data).toMatchObject({ senderName: 'Acme Reviews', replyTo: 'care@acme.example' });
});

test('sender email: verified by the mailed link; a changed address is unverified again', async () => {
  const { appToken, domain } = await stack.installShop();
  const http = client(stack.appUrl, appToken);
  const address = `owner+${crypto.randomBytes(3).toString('hex')}@acme.example`;
  const sent = await http.post('/api/settings/emailSetting/verify-sender', { senderEmail: address });
  expect(sent.status).toBe(200);
  expect(sent.body.data).toMatchObject({ senderEmail: address, isVerified: false });

  const [mail] = await eventually(async () => (sinkMail(domain).filter((m) => m.subject === 'Verify your sender email').length ? sinkMail(domain) : undefined));
  expect(mail.envelopeTo).toEqual([address]);
  // The shared worker's APP_URL is not this API's: keep the link's path, use our origin.
  const link = stack.appUrl + /\/r\/verify-sender\/[^"\s<]+/.exec(decodedMail(mail))![0];
  const page = await fetch(link);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Sender email verified');

  expect((await http.put('/api/settings/emailSetting', { isCustomSenderEnabled: true })).body.data).toMatchObject({ isVerified: true, effectiveFrom: address });
  // Another address: not verified, and the old link no longer verifies anything.
  const changed = await http.put('/api/settings/emailSetting', { senderEmail: 'other@acme.example' });
  expect(changed.body.data).toMatchObject({ isVerified: false, effectiveFrom: 'reviews@plaudit.local' });
  expect((await fetch(link)).status).toBe(400);
  // A forged or tampered link is refused.
  expect((await fetch(link.slice(0, -3) + 'abc')).status).toBe(400);
});

test("sender verification that the mail server refuses: 'Verification sent unsuccessfully!'", async () => {
  const { appToken } = await stack.installShop();
  const http = client(stack.appUrl, appToken);
  const refused = await http.post('/api/settings/emailSetting/verify-sender', { senderEmail: 'owner@reject.invalid' });
  expect(refused.status).toBe(502);
  expect(refused.body.message).toBe('Verification sent unsuccessfully!');
});

test("custom SMTP: a server that does not answer or refuses the login -> 'Cannot verify settings', nothing kept", async () => {
  const { appToken, shop } = await stack.installShop();
  const http = client(stack.appUrl, appToken);
  const down = await downPort();
  const closed = await http
    .post('/api/settings/emailSetting/verify-smtp', { host: '127.0.0.1', port: down.port, authentication: false })
    .finally(() => down.close());
  expect(closed.status).toBe(400);
  expect(closed.body).toMatchObject({ message: 'Cannot verify settings', code: 'SMTP_NOT_VERIFIED' });
  expect(closed.body.errors.smtp).toMatch(/ECONNRESET|connect/i);

  const wrong = await http.post('/api/settings/emailSetting/verify-smtp', {
    host: '127.0.0.1',
    port: merchant.port,
    authentication: true,
    username: 'shop-mailer',
    password: 'wrong',
  });
  expect(wrong.body).toMatchObject({ message: 'Cannot verify settings' });
  expect(wrong.body.errors.smtp).toMatch(/535|Invalid/);
  expect((await http.get('/api/settings/emailSetting')).body.data).toMatchObject({ host: null, isSmtpVerified: false, hasPassword: false });
  expect((await storedSettings(shop.id))?.smtp ?? null).toBeNull();

  const invalid = await http.post('/api/settings/emailSetting/verify-smtp', { host: 'smtp.acme.example', port: 'abc', authentication: true, username: 'u' });
  expect(invalid).toMatchObject({ status: 400, body: { errors: { port: 'Must be digits' } } });
  const noUser = await http.post('/api/settings/emailSetting/verify-smtp', { host: 'smtp.acme.example', port: 587, authentication: true, username: '' });
  expect(noUser).toMatchObject({ status: 400, body: { errors: { username: 'This field is required' } } });
  const noPassword = await http.post('/api/settings/emailSetting/verify-smtp', { host: 'smtp.acme.example', port: 587, authentication: true, username: 'u' });
  expect(noPassword).toMatchObject({ status: 400, body: { errors: { password: 'This field is required' } } });
});

test('custom SMTP: verified against the local sink (no login)', async () => {
  const { appToken } = await stack.installShop();
  const http = client(stack.appUrl, appToken);
  const sinkPort = Number(new URL(process.env.SMTP_URL!).port);
  const ok = await http.post('/api/settings/emailSetting/verify-smtp', { host: '127.0.0.1', port: sinkPort, authentication: false });
  expect(ok.status).toBe(200);
  expect(ok.body.data).toMatchObject({ host: '127.0.0.1', port: sinkPort, authentication: false, isSmtpVerified: true, hasPassword: false });
});

test("custom SMTP with a login: password sealed at rest, never returned, and requests go out through the merchant's server", async () => {
  const { appToken, shop, domain } = await stack.installShop();
  const http = client(stack.appUrl, appToken);
  const verified = await http.post('/api/settings/emailSetting/verify-smtp', {
    host: '127.0.0.1',
    port: String(merchant.port),
    authentication: true,
    username: 'shop-mailer',
    password: PASSWORD,
  });
  expect(verified.status).toBe(200);
  expect(verified.body.data).toMatchObject({ isSmtpVerified: true, hasPassword: true, username: 'shop-mailer' });
  expect(JSON.stringify(verified.body)).not.toContain(PASSWORD);
  expect(JSON.stringify((await http.get('/api/settings/emailSetting')).body)).not.toContain(PASSWORD);

  const stored = await storedSettings(shop.id);
  expect(JSON.stringify(stored)).not.toContain(PASSWORD);
  expect(open(secretBoxKey(stack.api.config.encryptionKey!), stored.smtp.passwordSealed)).toBe(PASSWORD);
  // Verifying again without the password keeps the sealed one.
  expect(
    (await http.post('/api/settings/emailSetting/verify-smtp', { host: '127.0.0.1', port: merchant.port, authentication: true, username: 'shop-mailer' }))
      .status,
  ).toBe(200);

  const saved = await http.put('/api/settings/emailSetting', {
    smtpType: 'custom',
    senderEmail: 'reviews@acme.example',
    senderName: 'Acme Reviews',
    replyTo: 'care@acme.example',
  });
  expect(saved.body.data).toMatchObject({ smtpType: 'custom', effectiveFrom: 'reviews@acme.example' });

  await storeSettingsRaw(stack.api, shop.id, 'review-requests', {
    sendMethod: 'fulfillment',
    sendAfter: 'custom',
    sendAfterCustom: 1,
    timeUnit: 'second',
    reminders: 0,
  });
  const before = sinkMail(domain).length;
  const { order } = await stack.control('/orders', { shop: domain, fulfill: true });
  const mail = await eventually(async () => merchant.received.find((m) => m.headers['x-plaudit-shop'] === domain), 40_000);
  expect(mail.headers.subject).toContain(order.name);
  expect(mail.headers.from).toBe('Acme Reviews <reviews@acme.example>');
  expect(mail.headers['reply-to']).toBe('care@acme.example');
  expect(mail.from).toBe('reviews@acme.example');
  await eventually(async () =>
    (await stack.api.knex('email_queue').where({ shopId: shop.id, orderId: order.id }).first())?.status === 'success' ? true : undefined,
  );
  // Nothing of this shop went through the app's own server.
  expect(sinkMail(domain).length).toBe(before);
});
