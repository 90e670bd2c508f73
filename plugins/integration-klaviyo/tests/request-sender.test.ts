// The review requests sent through Klaviyo (issue 15's optional sender app; spec sections 3, 4): with
// Klaviyo chosen in the request settings and connected, a due request sends no Plaudit email, the
// queue row is sent by Klaviyo, and the "Request Eligible" event (sent_by klaviyo) carries what the
// merchant's flow mails. Chosen but disconnected since, Plaudit's own email goes out; choosing it
// while disconnected is refused. Real API, PostgreSQL, Temporal with this file's own worker, the SMTP sink,
// the store emulator and the integrations emulator's Klaviyo; only HTTP APIs of the other plugins.
import crypto from 'node:crypto';
import { client, eventually, listMail, usePlatformStackWithWorker } from '@plaudit/kernel/testing';

jest.setTimeout(150_000);

// this file's own worker: it knows this stack's integrations emulator (the run's worker does not)
const env = usePlatformStackWithWorker('klaviyo-sender');

interface StoredEvent {
  key: string;
  metric: string;
  email: string;
  properties: Record<string, any>;
}

interface QueueRow {
  id: number;
  orderId: string;
  status: string;
  senderApp: string | null;
  customerEmail: string | null;
}

const NOT_CONNECTED = 'Fail to connect to the email-marketing app';
const vendor = (action: string, body: object = {}) => env.stack.integrations.control('klaviyo', action, body);

/** An installed shop connected to Klaviyo with a fresh key. */
async function connected() {
  const installed = await env.stack.installShop();
  const http = client(env.stack.appUrl, installed.appToken);
  const key = `pk_${crypto.randomBytes(16).toString('hex')}`;
  vendor('key', { key });
  expect((await http.put('/api/integrations/klaviyo', { privateKey: key })).status).toBe(200);
  return { ...installed, http, key };
}

/** The request settings as the settings screen saves them, with `senderApp`. */
async function chooseSender(http: ReturnType<typeof client>, senderApp: string | null) {
  const { data } = (await http.get('/api/email')).body;
  return http.post('/api/emails', { ...data, senderApp, isRequestSetting: true });
}

/** A new order's request, sent now with "send anyway"; the row once its send is recorded. */
async function sendAnOrder(domain: string, http: ReturnType<typeof client>): Promise<QueueRow> {
  const { order } = await env.stack.control('/orders', { shop: domain });
  const queued = async () => ((await http.get('/api/email-queue')).body.data as QueueRow[]).find((r) => r.orderId === String(order.id));
  const row = await eventually(async () => {
    const r = await queued();
    return r && ['waiting', 'waitingCondition'].includes(r.status) ? r : undefined;
  }, 40_000);
  // the workflow may open the row a moment before it listens: asked again until it takes the send
  await eventually(async () => (await http.post('/api/email-queue/bulk-send-anyway', { ids: [row.id] })).status === 200, 20_000);
  return eventually(async () => {
    const r = await queued();
    return r && r.status === 'success' ? r : undefined;
  }, 40_000);
}

// every test file's mail lands in one spool and queue ids repeat across their databases: the shop tells them apart
const requestMails = (domain: string, id: number) =>
  listMail(process.env.DATA_DIR!).filter((m) => m.shop === domain && m.messageId?.startsWith(`<review-request-${id}-`));

test('with Klaviyo chosen and connected a request sends no Plaudit email, is sent by Klaviyo, and its event carries the links', async () => {
  const { domain, http, key } = await connected();
  expect((await http.get('/api/email/sender-apps')).body.data).toEqual([{ app: 'klaviyo', label: 'Klaviyo', connected: true }]);
  expect((await chooseSender(http, 'klaviyo')).status).toBe(200);
  expect((await http.get('/api/email')).body.data.senderApp).toBe('klaviyo');

  const row = await sendAnOrder(domain, http);
  expect(row.senderApp).toBe('klaviyo');
  // the row is recorded after any email of ours would have been handed to SMTP: none was
  expect(requestMails(domain, row.id)).toEqual([]);

  const eligible = await eventually(
    async () => (vendor('events') as StoredEvent[]).find((e) => e.key === key && e.metric === 'Plaudit Review Request Eligible'),
    40_000,
  );
  expect(eligible.email).toBe(row.customerEmail);
  expect(eligible.properties).toMatchObject({ request_id: row.id, sent_by: 'klaviyo' });
  const [first] = eligible.properties.products;
  expect(new URL(first.rating_url_5).searchParams.get('rating')).toBe('5');
  // the signed write page of this request, not the click redirect of our emails
  expect(first.review_url).toMatch(/\/r\/write\/[\w-]+\.[\w-]+$/);
});

test('Klaviyo chosen then disconnected: Plaudit sends the email; choosing a disconnected Klaviyo is refused', async () => {
  const { domain, http } = await connected();
  expect((await chooseSender(http, 'klaviyo')).status).toBe(200);
  expect((await http.delete('/api/integrations/klaviyo')).status).toBe(200);
  expect((await http.get('/api/email/sender-apps')).body.data).toEqual([{ app: 'klaviyo', label: 'Klaviyo', connected: false }]);

  const refused = await chooseSender(http, 'klaviyo');
  expect(refused.status).toBe(400);
  expect(refused.body.errors).toEqual({ senderApp: NOT_CONNECTED });
  const unknown = await chooseSender(http, 'mailchimp');
  expect(unknown.body.errors).toEqual({ senderApp: NOT_CONNECTED });

  // the stored choice still names Klaviyo: at the send time it is not connected, so Plaudit mails
  expect((await http.get('/api/email')).body.data.senderApp).toBe('klaviyo');
  const row = await sendAnOrder(domain, http);
  expect(row.senderApp).toBeNull();
  expect(requestMails(domain, row.id)).toHaveLength(1);
  expect(requestMails(domain, row.id)[0].envelopeTo).toContain(row.customerEmail);
});
