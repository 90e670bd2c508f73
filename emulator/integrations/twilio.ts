// Twilio Programmable Messaging (SMS and WhatsApp) as the messaging plugin calls it (twilio.md cites
// the documentation): `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` (form, HTTP Basic with the
// Account SID and Auth Token) answering 201 with the Message, then the status callbacks Twilio POSTs to
// the message's `StatusCallback` (sent, then delivered, or failed / undelivered) signed with
// X-Twilio-Signature; `GET /2010-04-01/Accounts/{AccountSid}.json` (the credentials check);
// `GET .../Messages/{MessageSid}.json` (the Message, its `price` and `price_unit` once final); and, as a
// test control, a reply from a customer's phone POSTed to the number's inbound webhook (STOP, START),
// which also makes Twilio itself refuse later messages to that number with 21610 until START.
import crypto from 'node:crypto';
import type { Vendor, VendorAnswer, VendorRequest } from './types';

export const TWILIO_HOSTS = ['api.twilio.com'];

export interface TwilioMessage {
  sid: string;
  accountSid: string;
  from: string;
  to: string;
  body: string | null;
  contentSid: string | null;
  contentVariables: Record<string, string> | null;
  statusCallback: string | null;
  status: string;
  segments: number;
  /** Twilio's debit once the message is final ('-0.00790'), null before */
  price: string | null;
  createdAt: string;
}

/** The emulator's price list (USD): an SMS segment, a WhatsApp template message, a failed message's processing fee. */
const DEFAULT_PRICES = { sms: 0.0079, whatsapp: 0.005, failed: 0.001, unit: 'USD' };
const FINAL = new Set(['delivered', 'undelivered', 'failed', 'read']);

/** Twilio's request signature: base64 HMAC-SHA1 of the URL and the sorted parameters, keyed with the Auth Token. */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, k) => acc + k + params[k], url);
  return crypto.createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

const OPT_OUT = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT']);
const OPT_IN = new Set(['START', 'UNSTOP', 'YES']);
const E164 = /^\+[1-9]\d{6,14}$/;
const error = (status: number, code: number, message: string): VendorAnswer => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});
/** GSM-7 fits 160 characters a segment (153 when split); anything else is UCS-2, 70 (67). */
const segmentsOf = (body: string) => {
  const gsm = /^[\n\r A-Za-z0-9@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ!"#¤%&'()*+,\-./:;<=>?¡ÄÖÑÜ§¿äöñüà^{}\\[~\]|€]*$/.test(body);
  const [one, part] = gsm ? [160, 153] : [70, 67];
  const length = [...body].length;
  return length <= one ? 1 : Math.ceil(length / part);
};

async function post(url: string, authToken: string, params: Record<string, string>) {
  await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(authToken, url, params) },
    body: new URLSearchParams(params).toString(),
  }).catch(() => undefined);
}

/**
 * A Message SID as Twilio's: SM and 32 hex digits, unique across accounts (random here: several emulators
 * share one database in a test run, and the app keeps a provider's message ids unique).
 */
const messageSid = () => `SM${crypto.randomBytes(16).toString('hex')}`;

export function twilio(): Vendor {
  /** account sid -> auth token */
  const accounts = new Map<string, string>();
  const messages: TwilioMessage[] = [];
  /** numbers (E.164) whose messages fail after acceptance, with the error code */
  const failing = new Map<string, string>();
  /** `<our number>|<customer number>` that replied STOP */
  const stopped = new Set<string>();
  /** the status callbacks and inbound webhooks the emulator POSTed, oldest first */
  const callbacks: { url: string; params: Record<string, string> }[] = [];
  let prices = { ...DEFAULT_PRICES };

  /** What Twilio bills a final message (twilio.md): per segment when delivery was attempted, the processing fee when failed. */
  function priceOf(m: TwilioMessage): string | null {
    if (!FINAL.has(m.status)) return null;
    const amount = m.status === 'failed' ? prices.failed : m.to.startsWith('whatsapp:') ? prices.whatsapp : prices.sms * m.segments;
    return (-amount).toFixed(5);
  }

  /** The Message resource as Twilio answers it. */
  const resource = (m: TwilioMessage, messagingServiceSid: string | null = null) => ({
    account_sid: m.accountSid,
    api_version: '2010-04-01',
    body: m.body ?? '',
    date_created: m.createdAt,
    date_sent: m.status === 'queued' ? null : m.createdAt,
    date_updated: new Date().toUTCString(),
    direction: 'outbound-api',
    error_code: null,
    error_message: null,
    from: m.from,
    messaging_service_sid: messagingServiceSid,
    num_media: '0',
    num_segments: String(m.segments),
    price: priceOf(m),
    price_unit: prices.unit,
    sid: m.sid,
    status: m.status,
    to: m.to,
    uri: `/2010-04-01/Accounts/${m.accountSid}/Messages/${m.sid}.json`,
  });

  function account(req: VendorRequest, sid: string): string | VendorAnswer {
    const [user, pass] = Buffer.from(/^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '', 'base64')
      .toString()
      .split(':');
    const token = accounts.get(sid);
    if (!token || user !== sid || pass !== token) return error(401, 20003, 'Authenticate');
    return token;
  }

  /** Sent, then delivered (or failed / undelivered), each POSTed to the StatusCallback. */
  function later(m: TwilioMessage, authToken: string) {
    if (!m.statusCallback) return;
    const code = failing.get(m.to.replace(/^whatsapp:/, ''));
    const steps = code ? [['sent'], [m.to.startsWith('whatsapp:') ? 'failed' : 'undelivered', code]] : [['sent'], ['delivered']];
    void (async () => {
      for (const [status, errorCode] of steps) {
        m.status = status;
        const params: Record<string, string> = {
          AccountSid: m.accountSid,
          ApiVersion: '2010-04-01',
          From: m.from,
          MessageSid: m.sid,
          MessageStatus: status,
          SmsSid: m.sid,
          SmsStatus: status,
          To: m.to,
          ...(errorCode ? { ErrorCode: errorCode } : {}),
        };
        callbacks.push({ url: m.statusCallback!, params });
        await post(m.statusCallback!, authToken, params);
      }
    })();
  }

  function create(req: VendorRequest, sid: string): VendorAnswer {
    const token = account(req, sid);
    if (typeof token !== 'string') return token;
    const p = Object.fromEntries(new URLSearchParams(req.body));
    if (!p.To) return error(400, 21604, "A 'To' phone number is required.");
    const whatsapp = p.To.startsWith('whatsapp:');
    const to = p.To.replace(/^whatsapp:/, '');
    if (!E164.test(to)) return error(400, 21211, `The 'To' number ${p.To} is not a valid phone number.`);
    const from = p.From ?? p.MessagingServiceSid;
    if (!from) return error(400, 21603, "The 'From' phone number is required.");
    if (!p.Body && !p.ContentSid && !p.MediaUrl) return error(400, 21602, 'Message body is required.');
    if (whatsapp && !p.ContentSid)
      return error(400, 63016, 'Failed to send freeform message because you are outside the allowed window. Please use a Template.');
    if (stopped.has(`${from.replace(/^whatsapp:/, '')}|${to}`)) return error(400, 21610, 'Attempt to send to unsubscribed recipient');
    const m: TwilioMessage = {
      sid: messageSid(),
      accountSid: sid,
      from,
      to: p.To,
      body: p.Body ?? null,
      contentSid: p.ContentSid ?? null,
      contentVariables: p.ContentVariables ? JSON.parse(p.ContentVariables) : null,
      statusCallback: p.StatusCallback ?? null,
      status: 'queued',
      segments: p.Body ? segmentsOf(p.Body) : 1,
      price: null,
      createdAt: new Date().toUTCString(),
    };
    messages.push(m);
    const answer = { status: 201, body: resource(m, p.MessagingServiceSid ?? null) };
    later(m, token);
    return answer;
  }

  function fetchMessage(req: VendorRequest, sid: string, messageSid: string): VendorAnswer {
    const token = account(req, sid);
    if (typeof token !== 'string') return token;
    const m = messages.find((x) => x.sid === messageSid && x.accountSid === sid);
    if (!m) return error(404, 20404, `The requested resource /2010-04-01/Accounts/${sid}/Messages/${messageSid}.json was not found`);
    m.price = priceOf(m);
    return { status: 200, body: resource(m) };
  }

  return {
    name: 'twilio',
    hosts: TWILIO_HOSTS,
    handle(req) {
      const one = /^\/2010-04-01\/Accounts\/(AC[0-9a-fA-F]{32})\/Messages\/([A-Za-z0-9]{34})\.json$/.exec(req.path);
      if (one && req.method === 'GET') return fetchMessage(req, one[1], one[2]);
      const m = /^\/2010-04-01\/Accounts\/(AC[0-9a-fA-F]{32})(\.json|\/Messages\.json)$/.exec(req.path);
      if (!m) return error(404, 20404, 'The requested resource was not found');
      if (req.method === 'POST' && m[2] === '/Messages.json') return create(req, m[1]);
      if (req.method === 'GET' && m[2] === '.json') {
        const token = account(req, m[1]);
        return typeof token === 'string' ? { status: 200, body: { sid: m[1], status: 'active', type: 'Full', friendly_name: 'Plaudit test' } } : token;
      }
      return error(405, 20004, 'Method not allowed');
    },
    control: {
      /** an account and its Auth Token */
      account: ({ accountSid, authToken }: { accountSid: string; authToken: string }) => void accounts.set(accountSid, authToken),
      /** messages to this number are accepted, then fail (`undelivered`, or `failed` on WhatsApp) with the code */
      fail: ({ to, code }: { to: string; code?: string }) => void failing.set(to, code ?? '30003'),
      /**
       * A customer's reply to one of the account's numbers, POSTed (signed) to `url`, the number's
       * inbound webhook: STOP and its synonyms also make Twilio refuse that pair with 21610, START lifts it.
       */
      reply: async ({ accountSid, from, to, body, url }: { accountSid: string; from: string; to: string; body: string; url: string }) => {
        const token = accounts.get(accountSid);
        if (!token) throw Object.assign(new Error(`unknown account ${accountSid}`), { status: 404 });
        const word = body.trim().toUpperCase();
        const pair = `${to}|${from}`;
        const optOutType = OPT_OUT.has(word) ? 'STOP' : OPT_IN.has(word) ? 'START' : undefined;
        if (optOutType === 'STOP') stopped.add(pair);
        if (optOutType === 'START') stopped.delete(pair);
        const params: Record<string, string> = {
          AccountSid: accountSid,
          ApiVersion: '2010-04-01',
          Body: body,
          From: from,
          MessageSid: messageSid(),
          NumMedia: '0',
          NumSegments: '1',
          SmsStatus: 'received',
          To: to,
          ...(optOutType ? { OptOutType: optOutType } : {}),
        };
        callbacks.push({ url, params });
        await post(url, token, params);
        return { ok: true };
      },
      /** the price list (USD amounts, positive): `sms` per segment, `whatsapp` per template message, `failed` the processing fee */
      prices: (given: Partial<typeof DEFAULT_PRICES>) => void (prices = { ...prices, ...given }),
      messages: () => messages,
      callbacks: () => callbacks,
    },
    reset() {
      prices = { ...DEFAULT_PRICES };
      accounts.clear();
      messages.length = 0;
      failing.clear();
      stopped.clear();
      callbacks.length = 0;
    },
  };
}
