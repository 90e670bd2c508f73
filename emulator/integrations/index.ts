// The integrations emulator: the vendors Plaudit's integrations call (emulator/integrations/<vendor>.ts),
// with their real request and response shapes, so each adapter runs unchanged but for one URL
// rewrite, as with the store and marketplace emulators: https://<host>/<path> is served at
// `${url}/hosts/<host>/<path>`. Every answered request is recorded; each vendor has test controls at
// `POST ${url}/_control/<vendor>/<action>` (valid keys, revoking one). README.md cites the shapes.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { keepIdleConnections } from '../keep-alive';
import type { Received, Vendor, VendorAnswer } from './types';
import { VENDORS } from './vendors';

export type { Received, Vendor } from './types';

export interface RunningIntegrationsEmulator {
  url: string;
  /** every request answered under /hosts, oldest first */
  received: Received[];
  /** a vendor's test control, as POST /_control/<vendor>/<action> */
  control(vendor: string, action: string, body?: unknown): unknown;
  stop(): Promise<void>;
}

const KEEP_RECEIVED = 10_000;

/**
 * Credentials every vendor accepts on `npm start` (`demo: true`), so a merchant on the demo shop can
 * connect each integration from its screen. Tests register their own keys.
 */
export const DEMO_CREDENTIALS = {
  klaviyo: { privateKey: 'pk_plaudit_demo' },
  omnisend: { apiKey: 'plaudit-demo-omnisend-key' },
  smile: { privateKey: 'plaudit_demo_smile_key', activityToken: 'activity_PlauditDemo' },
  onesignal: { appId: '00000000-0000-4000-8000-0000000d3e30', restApiKey: 'os_v2_app_plaudit_demo' },
  // issue 32's text messages: Twilio's SMS and WhatsApp senders, and Meta's WhatsApp Cloud API
  twilio: {
    accountSid: `AC${'d3e0'.repeat(8)}`,
    authToken: 'plaudit_demo_twilio_token',
    smsFrom: '+15005550006',
    whatsappFrom: '+14155238886',
    whatsappContentSid: `HX${'d3e0'.repeat(8)}`,
  },
  'whatsapp-cloud': {
    phoneNumberId: '100000000000001',
    accessToken: 'EAAPlauditDemo',
    appSecret: 'plaudit-demo-app-secret',
    verifyToken: 'plaudit-demo-verify',
    templateName: 'review_request',
  },
} as const;

/** WhatsApp's template languages the demo number has `review_request` approved in (the shopper languages). */
const DEMO_TEMPLATE_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'ja', 'ko', 'nl', 'pt_BR', 'zh_CN', 'hi', 'vi'];

/** The translation providers' demo credentials (not integrations: the translations plugin's settings). */
export const DEMO_TRANSLATION_CREDENTIALS = {
  deepl: { apiKey: 'plaudit-demo-deepl-key:fx' },
  google: { projectId: 'plaudit-demo', accessToken: 'ya29.plaudit-demo' },
} as const;

/** The language models' demo keys (not integrations: the insights plugin's settings, Settings → Review insights). */
export const DEMO_MODEL_CREDENTIALS = {
  openai: { apiKey: 'sk-plaudit-demo' },
  anthropic: { apiKey: 'sk-ant-plaudit-demo' },
} as const;

/**
 * `demo.webhooks`: where the demo shop's WhatsApp notifications go (`<app URL>/messaging/whatsapp-cloud/status/<shop>`),
 * the callback URL a merchant would enter in Meta's App Dashboard; Twilio's come with each message.
 */
function registerDemo(control: (vendor: string, action: string, body?: unknown) => unknown, webhooks?: { appUrl: string; shop: string }) {
  const { twilio, 'whatsapp-cloud': wa } = DEMO_CREDENTIALS;
  control('twilio', 'account', { accountSid: twilio.accountSid, authToken: twilio.authToken });
  control('whatsapp-cloud', 'number', {
    phoneNumberId: wa.phoneNumberId,
    token: wa.accessToken,
    templates: DEMO_TEMPLATE_LANGUAGES.map((language) => ({ name: wa.templateName, language, category: 'utility' })),
  });
  if (webhooks)
    control('whatsapp-cloud', 'webhook', {
      phoneNumberId: wa.phoneNumberId,
      url: `${webhooks.appUrl}/messaging/whatsapp-cloud/status/${webhooks.shop}`,
      appSecret: wa.appSecret,
    });
  control('klaviyo', 'key', { key: DEMO_CREDENTIALS.klaviyo.privateKey });
  control('omnisend', 'key', { key: DEMO_CREDENTIALS.omnisend.apiKey });
  control('smile', 'key', { key: DEMO_CREDENTIALS.smile.privateKey });
  control('onesignal', 'key', { appId: DEMO_CREDENTIALS.onesignal.appId, key: DEMO_CREDENTIALS.onesignal.restApiKey });
  control('deepl', 'key', { key: DEMO_TRANSLATION_CREDENTIALS.deepl.apiKey });
  control('google-translate', 'token', { token: DEMO_TRANSLATION_CREDENTIALS.google.accessToken, project: DEMO_TRANSLATION_CREDENTIALS.google.projectId });
  control('openai', 'key', { key: DEMO_MODEL_CREDENTIALS.openai.apiKey });
  control('anthropic', 'key', { key: DEMO_MODEL_CREDENTIALS.anthropic.apiKey });
}

function read(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: http.ServerResponse, a: VendorAnswer) {
  // a Buffer is sent as it is (a vendor's image), under the content type its headers give
  const text = a.body === undefined ? '' : typeof a.body === 'string' || Buffer.isBuffer(a.body) ? a.body : JSON.stringify(a.body);
  res.writeHead(a.status, { 'content-type': typeof a.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json', ...(a.headers ?? {}) });
  res.end(text);
}

export async function startIntegrationsEmulator(
  o: { port: number; vendors?: Vendor[]; demo?: boolean; demoWebhooks?: { appUrl: string; shop: string } } = { port: 0 },
): Promise<RunningIntegrationsEmulator> {
  const vendors = o.vendors ?? VENDORS();
  const byHost = new Map(vendors.flatMap((v) => v.hosts.map((h) => [h, v] as const)));
  const received: Received[] = [];

  function control(vendor: string, action: string, body: unknown = {}) {
    if (vendor === 'all' && action === 'reset') {
      received.length = 0;
      for (const v of vendors) v.reset?.();
      return { ok: true };
    }
    const fn = vendors.find((v) => v.name === vendor)?.control?.[action];
    if (!fn) throw Object.assign(new Error(`no control ${vendor}/${action}`), { status: 404 });
    return fn(body) ?? { ok: true };
  }

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://emulator');
      const body = await read(req);
      const [, kind, first, ...rest] = url.pathname.split('/');
      if (kind === '_control' && req.method === 'POST') return send(res, { status: 200, body: control(first, rest.join('/'), body ? JSON.parse(body) : {}) });
      if (kind === '_control' && req.method === 'GET' && first === 'received') return send(res, { status: 200, body: received });
      if (kind !== 'hosts' || !first) return send(res, { status: 404, body: { error: 'not found' } });
      const vendor = byHost.get(first.toLowerCase());
      if (!vendor) return send(res, { status: 404, body: { error: `no vendor at ${first}` } });
      const path = `/${rest.join('/')}`;
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]));
      const answer = await vendor.handle({ method: req.method ?? 'GET', host: first, path, query: url.searchParams, headers, body });
      received.push({
        vendor: vendor.name,
        method: req.method ?? 'GET',
        host: first,
        path,
        query: Object.fromEntries(url.searchParams),
        headers,
        body,
        status: answer.status,
        at: Date.now(),
      });
      if (received.length > KEEP_RECEIVED) received.shift();
      send(res, answer);
    } catch (err) {
      send(res, { status: (err as { status?: number }).status ?? 500, body: { error: (err as Error).message } });
    }
  });
  keepIdleConnections(server);
  if (o.demo) registerDemo(control, o.demoWebhooks);
  await new Promise<void>((resolve) => server.listen(o.port, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    control,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
