// Issue 32's admin side in Chromium, against the integrations emulator's Twilio: the SMS and WhatsApp
// screen (a missing field, a malformed Account SID and a wrong Auth Token each refused and explained,
// then connected, the token never read back; the inbound webhook URL to paste into Twilio; the quiet
// hours saved), the channel order on the request settings (WhatsApp, else SMS, else email, stored and
// shown again, WhatsApp marked not connected until the WhatsApp Cloud API is connected from its card) and the
// onboarding request step showing the same choice.
// Desktop (1280) and phone (390) screenshots.
import crypto from 'node:crypto';
import { adminPage, client, screenshot, usePlatformBrowser, withPlugins } from '@plaudit/kernel/testing';

jest.setTimeout(120_000);

const env = usePlatformBrowser();
const withMessaging = withPlugins('messaging', 'review-requests');
const hex = (n: number) => crypto.randomBytes(n).toString('hex');

withMessaging('connect Twilio, set quiet hours, choose a channel order and see it stored (desktop and phone)', async () => {
  const { stack, browser } = env;
  const { appToken, domain } = await stack.installShop();
  const http = client(stack.appUrl, appToken);
  const twilio = { accountSid: `AC${hex(16)}`, authToken: hex(16) };
  stack.integrations.control('twilio', 'account', twilio);
  const { page, errors } = await adminPage(browser, stack.appUrl, appToken);

  await page.goto(`${stack.appUrl}/settings/integration/messaging`);
  await page.getByRole('heading', { level: 1, name: 'SMS and WhatsApp' }).waitFor();
  const card = page.locator('[data-provider="twilio"]');
  await card.getByText('Not connected', { exact: true }).waitFor();
  await card.getByRole('button', { name: 'Connect' }).click();
  expect(await card.getByText('This field is required').count()).toBe(2);

  await card.getByLabel('Account SID').fill('AC123');
  await card.getByLabel('Auth Token').fill(twilio.authToken);
  await card.getByRole('button', { name: 'Connect' }).click();
  await card.getByRole('alert').getByText('Check these fields: Account SID').waitFor();

  await card.getByLabel('Account SID').fill(twilio.accountSid);
  await card.getByLabel('Auth Token').fill('not-the-token');
  await card.getByRole('button', { name: 'Connect' }).click();
  await card.getByRole('alert').getByText('Please re-check the App ID, Secret key or network condition').waitFor();
  await card.getByRole('alert').getByText('Twilio did not accept these credentials', { exact: false }).waitFor();

  await card.getByLabel('Auth Token').fill(twilio.authToken);
  await card.getByLabel('SMS sender').fill('+15005550006');
  await card.getByRole('button', { name: 'Connect' }).click();
  await card.getByText('Connected', { exact: true }).waitFor();
  await card.getByRole('button', { name: 'Disconnect' }).waitFor();
  expect(await page.content()).not.toContain(twilio.authToken);
  expect((await http.get('/api/integrations/twilio')).body.data.status).toBe('connected');
  // what the request settings offer: Twilio with an SMS sender only carries SMS
  expect((await http.get('/api/email/channels')).body.data).toEqual([
    { channel: 'email', connected: true },
    { channel: 'sms', connected: true },
    { channel: 'whatsapp', connected: false },
  ]);
  expect(await card.getByRole('textbox', { name: 'Incoming messages webhook' }).inputValue()).toBe(`${stack.appUrl}/messaging/twilio/inbound/${domain}`);
  const meta = page.locator('[data-provider="whatsapp-cloud"]');
  expect(await meta.getByRole('textbox', { name: 'Callback URL' }).inputValue()).toBe(`${stack.appUrl}/messaging/whatsapp-cloud/status/${domain}`);

  // quiet hours: the default shown, then 22:00 to 07:30 saved
  expect(await page.getByLabel('From').inputValue()).toBe('21:00');
  await page.getByLabel('From').fill('22:00');
  await page.getByLabel('Until').fill('07:30');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved successfully').waitFor();
  expect((await http.get('/api/messaging/settings')).body.data).toEqual({ quietHours: { start: '22:00', end: '07:30' } });
  await page.getByText('Sender rules by country').scrollIntoViewIfNeeded();
  await screenshot(page, 'messaging-1-connected-desktop');

  // the request settings: email only until chosen; WhatsApp (not connected), SMS, then email
  await page.goto(`${stack.appUrl}/collect-reviews/setting-request`);
  const order = page.getByRole('list', { name: 'Channels, tried in order' });
  await order.locator('li').first().getByText('1. Email').waitFor();
  await page.getByRole('button', { name: 'Add WhatsApp' }).click();
  await page.getByRole('button', { name: 'Add SMS' }).click();
  await page.getByRole('button', { name: 'Move Email down' }).click();
  await page.getByRole('button', { name: 'Move Email down' }).click();
  await order.locator('[data-channel="whatsapp"]').getByText('Not connected').waitFor();
  expect(await order.locator('[data-channel="sms"]').getByText('Not connected').count()).toBe(0);
  await page.getByText('Not connected: WhatsApp.', { exact: false }).waitFor();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved successfully').waitFor();
  expect((await http.get('/api/email')).body.data.channels).toEqual(['whatsapp', 'sms', 'email']);
  // a channel listed twice or an unknown one is refused, naming the field; the stored order stays
  const settings = (await http.get('/api/email')).body.data;
  for (const channels of [['sms', 'sms'], ['pigeon'], []]) {
    const refused = await http.post('/api/emails', { ...settings, channels });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors)).toEqual([expect.stringMatching(/^channels/)]);
  }
  expect((await http.get('/api/email')).body.data.channels).toEqual(['whatsapp', 'sms', 'email']);
  await page.reload();
  await order.locator('li').nth(2).waitFor();
  expect(await order.locator('li').allInnerTexts()).toEqual([
    expect.stringContaining('1. WhatsApp'),
    expect.stringContaining('2. SMS'),
    expect.stringContaining('3. Email'),
  ]);
  await order.scrollIntoViewIfNeeded();
  await screenshot(page, 'messaging-2-request-channels-desktop');

  // the onboarding request step offers the same order, chosen
  await page.goto(`${stack.appUrl}/onboarding?step=requestTiming`);
  await page.getByRole('radio', { name: 'WhatsApp, else SMS, else email' }).waitFor();
  expect(await page.getByRole('radio', { name: 'WhatsApp, else SMS, else email' }).isChecked()).toBe(true);
  await page.getByText('WhatsApp is not connected yet', { exact: false }).waitFor();
  await screenshot(page, 'messaging-3-onboarding-desktop');
  // WhatsApp through Meta: connected from its card, the request settings no longer warn
  const whatsapp = { phoneNumberId: String(crypto.randomInt(1e9, 9e9)), accessToken: `EAA${hex(20)}` };
  stack.integrations.control('whatsapp-cloud', 'number', { phoneNumberId: whatsapp.phoneNumberId, token: whatsapp.accessToken });
  await page.goto(`${stack.appUrl}/settings/integration/messaging`);
  await meta.getByLabel('Phone number ID').fill(whatsapp.phoneNumberId);
  await meta.getByLabel('Access token').fill(whatsapp.accessToken);
  await meta.getByLabel('App secret').fill(hex(16));
  await meta.getByLabel('Verify token').fill(hex(8));
  await meta.getByLabel('Template name').fill('review_request');
  await meta.getByRole('button', { name: 'Connect' }).click();
  await meta.getByText('Connected', { exact: true }).waitFor();
  expect(await page.content()).not.toContain(whatsapp.accessToken);
  await page.goto(`${stack.appUrl}/collect-reviews/setting-request`);
  await order.locator('li').nth(2).waitFor();
  expect(await order.getByText('Not connected').count()).toBe(0);
  // the one failed calls are the refused connects, on purpose
  expect(errors).toEqual([
    expect.stringMatching(/status of 400 .*\/api\/integrations\/twilio\)$/),
    expect.stringMatching(/status of 400 .*\/api\/integrations\/twilio\)$/),
  ]);

  const phone = await adminPage(browser, stack.appUrl, appToken, { width: 390, height: 844 });
  await phone.page.goto(`${stack.appUrl}/settings/integration/messaging`);
  await phone.page.locator('[data-provider="twilio"]').getByText('Connected', { exact: true }).waitFor();
  await screenshot(phone.page, 'messaging-4-phone');
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.page.goto(`${stack.appUrl}/collect-reviews/setting-request`);
  await phone.page.getByRole('list', { name: 'Channels, tried in order' }).getByText('1. WhatsApp').waitFor();
  await screenshot(phone.page, 'messaging-5-request-channels-phone');
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(phone.errors).toEqual([]);
});
