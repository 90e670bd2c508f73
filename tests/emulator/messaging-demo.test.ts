// `npm start`'s integrations emulator (`demo: true`) takes the text-message providers' demo
// credentials (emulator/integrations/README.md), so the demo shop's merchant can connect Twilio and the
// WhatsApp Cloud API from the messaging screen, and send WhatsApp requests with the demo template in a
// shopper language, whose notifications go to the demo shop's callback URL.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_CREDENTIALS, startIntegrationsEmulator } from '../../emulator/integrations';

const { twilio, 'whatsapp-cloud': wa } = DEMO_CREDENTIALS;
let emulator: Awaited<ReturnType<typeof startIntegrationsEmulator>>;
let app: http.Server;
let notified: (path: string) => void;
const firstNotification = new Promise<string>((resolve) => {
  notified = resolve;
});

beforeAll(async () => {
  // the demo shop's callback URL: collects what Meta's emulator POSTs there
  app = http.createServer((req, res) => {
    notified(req.url ?? '');
    req.resume();
    res.end();
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  const appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  emulator = await startIntegrationsEmulator({ port: 0, demo: true, demoWebhooks: { appUrl, shop: 'plaudit-demo.myshopify.com' } });
});
afterAll(async () => {
  await emulator?.stop();
  await new Promise((resolve) => app?.close(resolve));
});

const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;

test("Twilio's account check takes the demo Account SID and Auth Token, and refuses another token", async () => {
  const url = `${emulator.url}/hosts/api.twilio.com/2010-04-01/Accounts/${twilio.accountSid}.json`;
  expect((await fetch(url, { headers: { authorization: basic(twilio.accountSid, twilio.authToken) } })).status).toBe(200);
  expect((await fetch(url, { headers: { authorization: basic(twilio.accountSid, 'wrong') } })).status).toBe(401);
});

test('the demo WhatsApp number takes its token and sends the demo template in German; its notification reaches the demo shop', async () => {
  const graph = `${emulator.url}/hosts/graph.facebook.com/v21.0/${wa.phoneNumberId}`;
  const auth = { authorization: `Bearer ${wa.accessToken}` };
  expect((await fetch(graph, { headers: auth })).status).toBe(200);
  const sent = await fetch(`${graph}/messages`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      messaging_product: 'whatsapp',
      to: '4915112345678',
      type: 'template',
      template: {
        name: wa.templateName,
        language: { code: 'de' },
        components: [{ type: 'body', parameters: ['Alex', 'Plaudit', 'https://x'].map((text) => ({ type: 'text', text })) }],
      },
    }),
  });
  expect(sent.status).toBe(200);
  expect((await sent.json()).messages[0].id).toMatch(/^wamid\./);
  expect(await firstNotification).toBe('/messaging/whatsapp-cloud/status/plaudit-demo.myshopify.com');
});
