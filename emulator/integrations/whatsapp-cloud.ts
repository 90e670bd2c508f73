// Meta's WhatsApp Cloud API as the messaging plugin calls it (whatsapp-cloud.md cites the
// documentation): `POST /{version}/{phone-number-id}/messages` with a Bearer token and a template
// message, answering `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id: 'wamid...' }] }`
// or `{ error: { message, type, code, error_data, fbtrace_id } }` (132001 for a template that does not
// exist in the language, 190 for a bad token); `GET /{version}/{phone-number-id}` (the credentials
// check); then the app's webhook gets the message's statuses (sent, delivered, or failed; sent and
// delivered with the message's `pricing`: its template's category, billable, no amount), each POST
// signed with X-Hub-Signature-256 (HMAC-SHA256 of the body with the app secret). A test control
// injects a customer's text reply (STOP) the same way.
import crypto from 'node:crypto';
import type { Vendor, VendorAnswer, VendorRequest } from './types';

export const GRAPH_HOSTS = ['graph.facebook.com'];

interface PhoneNumber {
  token: string;
  /** the app's webhook (App Dashboard > WhatsApp > Configuration) and its app secret */
  webhook?: { url: string; appSecret: string };
  /** approved templates: `<name>|<language code>` -> the template's category (Meta bills by it) */
  templates: Map<string, TemplateCategory>;
}

/** Meta's template categories (the pricing categories of a template message) */
export type TemplateCategory = 'marketing' | 'utility' | 'authentication';

export interface WhatsAppMessage {
  id: string;
  phoneNumberId: string;
  to: string;
  template: { name: string; language: string; parameters: string[]; category: TemplateCategory };
}

const graphError = (status: number, code: number, message: string, details?: string): VendorAnswer => ({
  status,
  body: {
    error: {
      message,
      type: 'OAuthException',
      code,
      ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}),
      fbtrace_id: crypto.randomBytes(8).toString('base64url'),
    },
  },
});

export const hubSignature = (appSecret: string, body: string) => `sha256=${crypto.createHmac('sha256', appSecret).update(body, 'utf8').digest('hex')}`;

export function whatsappCloud(): Vendor {
  const numbers = new Map<string, PhoneNumber>();
  const messages: WhatsAppMessage[] = [];
  /** recipients (digits) whose messages fail after acceptance, with the error code */
  const failing = new Map<string, number>();
  const webhooks: { url: string; body: unknown }[] = [];

  async function notify(phoneNumberId: string, value: Record<string, unknown>) {
    const n = numbers.get(phoneNumberId);
    if (!n?.webhook) return;
    const body = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '100000000000001',
          changes: [
            {
              field: 'messages',
              value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '15550000000', phone_number_id: phoneNumberId }, ...value },
            },
          ],
        },
      ],
    };
    const text = JSON.stringify(body);
    webhooks.push({ url: n.webhook.url, body });
    await fetch(n.webhook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(n.webhook.appSecret, text) },
      body: text,
    }).catch(() => undefined);
  }

  function statuses(phoneNumberId: string, m: WhatsAppMessage) {
    const code = failing.get(m.to);
    const steps = code ? ['failed'] : ['sent', 'delivered'];
    void (async () => {
      for (const status of steps) {
        const timestamp = String(Math.floor(Date.now() / 1000));
        const errors = status === 'failed' ? [{ code, title: 'Message undeliverable.' }] : undefined;
        // per-message pricing: a business-initiated template message is billed in its template's category
        const pricing = status === 'failed' ? undefined : { billable: true, pricing_model: 'PMP', category: m.template.category, type: 'regular' };
        await notify(phoneNumberId, {
          statuses: [{ id: m.id, status, timestamp, recipient_id: m.to, ...(errors ? { errors } : {}), ...(pricing ? { pricing } : {}) }],
        });
      }
    })();
  }

  function authorised(req: VendorRequest, id: string): PhoneNumber | VendorAnswer {
    const n = numbers.get(id);
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!token) return graphError(400, 2500, 'An active access token must be used to query information about the current user.');
    if (!n || n.token !== token) return graphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');
    return n;
  }

  function send(req: VendorRequest, id: string): VendorAnswer {
    const n = authorised(req, id);
    if (!('templates' in n)) return n;
    let b: any;
    try {
      b = JSON.parse(req.body || 'null');
    } catch {
      return graphError(400, 100, 'Invalid parameter');
    }
    if (b?.messaging_product !== 'whatsapp') return graphError(400, 100, 'Invalid parameter', 'The parameter messaging_product is required.');
    if (typeof b.to !== 'string' || !/^\d{7,15}$/.test(b.to))
      return graphError(400, 100, 'Invalid parameter', 'The parameter to is not a valid WhatsApp phone number.');
    if (b.type !== 'template' || typeof b.template?.name !== 'string')
      return graphError(400, 131047, 'Re-engagement message', 'More than 24 hours have passed since the recipient last replied to the sender number.');
    const language = b.template.language?.code;
    const category = n.templates.get(`${b.template.name}|${language}`);
    if (!category)
      return graphError(404, 132001, 'Template name does not exist in the translation', `template name (${b.template.name}) does not exist in ${language}`);
    const parameters: string[] = (b.template.components ?? []).flatMap((c: any) => (c.type === 'body' ? (c.parameters ?? []).map((p: any) => p.text) : []));
    const m: WhatsAppMessage = {
      id: `wamid.${crypto.randomBytes(24).toString('base64url')}`,
      phoneNumberId: id,
      to: b.to,
      template: { name: b.template.name, language, parameters, category },
    };
    messages.push(m);
    statuses(id, m);
    return { status: 200, body: { messaging_product: 'whatsapp', contacts: [{ input: b.to, wa_id: b.to }], messages: [{ id: m.id }] } };
  }

  return {
    name: 'whatsapp-cloud',
    hosts: GRAPH_HOSTS,
    handle(req) {
      const m = /^\/v\d+\.\d+\/(\d+)(\/messages)?$/.exec(req.path);
      if (!m) return graphError(400, 100, 'Unsupported request');
      if (req.method === 'POST' && m[2]) return send(req, m[1]);
      if (req.method === 'GET' && !m[2]) {
        const n = authorised(req, m[1]);
        return 'templates' in n
          ? { status: 200, body: { id: m[1], display_phone_number: '+1 555-000-0000', verified_name: 'Plaudit test', quality_rating: 'GREEN' } }
          : n;
      }
      return graphError(400, 100, 'Unsupported request');
    },
    control: {
      /** a phone number id, the system user token allowed on it, and its approved templates (`name`, language codes, category: marketing unless said) */
      number: ({
        phoneNumberId,
        token,
        templates = [],
      }: {
        phoneNumberId: string;
        token: string;
        templates?: { name: string; language: string; category?: TemplateCategory }[];
      }) => {
        numbers.set(phoneNumberId, {
          token,
          templates: new Map(templates.map((t) => [`${t.name}|${t.language}`, t.category ?? 'marketing'])),
          webhook: numbers.get(phoneNumberId)?.webhook,
        });
      },
      /** the app's webhook URL and secret for that number's notifications */
      webhook: ({ phoneNumberId, url, appSecret }: { phoneNumberId: string; url: string; appSecret: string }) => {
        const n = numbers.get(phoneNumberId);
        if (!n) throw Object.assign(new Error(`unknown phone number ${phoneNumberId}`), { status: 404 });
        n.webhook = { url, appSecret };
      },
      /** messages to this recipient (digits) are accepted, then fail with the code (131026: undeliverable) */
      fail: ({ to, code }: { to: string; code?: number }) => void failing.set(to.replace(/^\+/, ''), code ?? 131026),
      /** a customer's text message to the number (STOP), POSTed to the webhook */
      reply: ({ phoneNumberId, from, body }: { phoneNumberId: string; from: string; body: string }) =>
        notify(phoneNumberId, {
          contacts: [{ profile: { name: 'Customer' }, wa_id: from.replace(/^\+/, '') }],
          messages: [
            {
              from: from.replace(/^\+/, ''),
              id: `wamid.${crypto.randomBytes(24).toString('base64url')}`,
              timestamp: String(Math.floor(Date.now() / 1000)),
              type: 'text',
              text: { body },
            },
          ],
        }).then(() => ({ ok: true })),
      messages: () => messages,
      webhooks: () => webhooks,
    },
    reset() {
      numbers.clear();
      messages.length = 0;
      failing.clear();
      webhooks.length = 0;
    },
  };
}
