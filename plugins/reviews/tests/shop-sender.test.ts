// The shop-sender test of issue 11: a review reply leaves from the shop's own verified SMTP server,
// with the shop's sender name, address and reply-to (the kernel's mail service), not from the app's.
import crypto from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { eventually, startTestApi, type TestApi, listMail, sealPassword, storeEmailSettings, DEFAULT_EMAIL_SETTINGS } from '@plaudit/kernel/testing';
import { insertReviews, shopOn } from './helpers';

let api: TestApi;
let merchant: { port: number; received: { from: string; to: string[]; raw: string }[]; stop(): Promise<void> };
const USER = 'shop-mailer';
const PASSWORD = `pw-${crypto.randomBytes(6).toString('hex')}`;

/** The merchant's own SMTP server: it takes mail only after a login with the shop's credentials. */
async function startMerchantSmtp() {
  const received: { from: string; to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (auth, _session, cb) =>
      auth.username === USER && auth.password === PASSWORD ? cb(null, { user: USER }) : cb(Object.assign(new Error('Invalid login'), { responseCode: 535 })),
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { port: (server.server.address() as { port: number }).port, received, stop: () => new Promise<void>((r) => server.close(() => r())) };
}

beforeAll(async () => {
  api = await startTestApi();
  merchant = await startMerchantSmtp();
});
afterAll(async () => {
  await merchant?.stop();
  await api?.close();
});

test("a reply email leaves from the shop's verified custom SMTP server, as the shop", async () => {
  const { http, shop } = await shopOn(api, 'pro');
  // The shop's email settings as the kernel keeps them once the merchant's server answered verification.
  await storeEmailSettings(api.runtime.services.settings, shop.id, {
    ...DEFAULT_EMAIL_SETTINGS,
    senderName: 'Acme Reviews',
    senderEmail: 'reviews@acme.example',
    replyTo: 'care@acme.example',
    smtpType: 'custom',
    smtp: {
      host: '127.0.0.1',
      port: merchant.port,
      authentication: true,
      username: USER,
      passwordSealed: sealPassword(api.config, PASSWORD),
      verifiedAt: new Date().toISOString(),
    },
  });
  const email = `rita-${Date.now()}@example.com`;
  const [r] = await insertReviews(api, shop.id, 1, { email, firstName: 'Rita', productTitle: 'Steel kettle' });

  expect((await http.post(`/api/reviews/${r.id}/reply`, { content: 'Thank you, Rita!' })).status).toBe(200);
  // the reply goes out through its workflow on the run's worker: on a busy machine (load 15+) that took over 30 s once
  const mail = await eventually(async () => merchant.received.find((m) => m.to.includes(email)), 90_000);
  expect(mail.from).toBe('reviews@acme.example');
  expect(mail.raw).toMatch(/^From: "?Acme Reviews"? <reviews@acme\.example>/m);
  expect(mail.raw).toMatch(/^Reply-To: care@acme\.example/m);
  expect(mail.raw).toContain(`X-Plaudit-Shop: ${shop.shopifyDomain}`);
  // ... and not through the app's own server
  expect(listMail(process.env.DATA_DIR!).filter((m) => m.envelopeTo.includes(email))).toEqual([]);
}, 120_000);
