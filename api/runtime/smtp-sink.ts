// Embedded default for mail: a loopback SMTP server that keeps every message it receives under
// DATA_DIR/mail (one .eml each, plus an index line) for the developer zone's mail viewer and tests.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { Logger } from '../log';

export interface StoredMail {
  id: string;
  receivedAt: string;
  envelopeFrom: string;
  envelopeTo: string[];
  from?: string;
  to?: string;
  subject?: string;
  messageId?: string;
  /** X-Plaudit-Shop: the shop a message was sent for, so the developer zone shows each shop its own */
  shop?: string;
  file: string;
  size: number;
}

export interface RunningSmtpSink {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;

/** Decodes RFC 2047 encoded words (=?utf-8?B?...?= / =?utf-8?Q?...?=) in a header value. */
export function decodeHeader(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g, (_m, charset: string, enc: string, text: string) => {
    const bytes =
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          );
    try {
      return new TextDecoder(charset.toLowerCase()).decode(bytes);
    } catch {
      return bytes.toString('latin1');
    }
  });
}

export function parseHeaders(raw: string): Record<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] ??= decodeHeader(line.slice(i + 1).trim());
  }
  return headers;
}

export function mailDir(dataDir: string) {
  return path.join(dataDir, 'mail');
}

/** What was read of each index so far: it only grows (the sink appends a line per message). */
const indexes = new Map<string, { first: Buffer; bytes: number; mails: StoredMail[] }>();

function readAt(file: string, from: number, length: number): Buffer {
  const chunk = Buffer.alloc(length);
  const fd = fs.openSync(file, 'r');
  try {
    return chunk.subarray(0, fs.readSync(fd, chunk, 0, length, from));
  } finally {
    fs.closeSync(fd);
  }
}

/** Reads the sink's index, newest first. */
export function listMail(dataDir: string): StoredMail[] {
  const index = path.join(mailDir(dataDir), 'index.jsonl');
  if (!fs.existsSync(index)) return [];
  // Only the lines appended since the last call are read and parsed: tests poll this while they wait
  // for mail, and a run's index holds thousands of messages. A line still being written waits for its newline.
  let read = indexes.get(index);
  const { size } = fs.statSync(index);
  // another file in its place (the folder emptied, a new sink) no longer starts with the line read first
  if (!read || size < read.bytes || !readAt(index, 0, read.first.length).equals(read.first))
    indexes.set(index, (read = { first: Buffer.alloc(0), bytes: 0, mails: [] }));
  if (size > read.bytes) {
    const chunk = readAt(index, read.bytes, size - read.bytes);
    const complete = chunk.lastIndexOf(0x0a) + 1;
    for (const line of chunk.subarray(0, complete).toString('utf8').split('\n').filter(Boolean)) {
      const mail = JSON.parse(line) as StoredMail;
      Object.freeze(mail.envelopeTo);
      read.mails.push(Object.freeze(mail));
    }
    if (!read.bytes) read.first = Buffer.from(chunk.subarray(0, chunk.indexOf(0x0a) + 1));
    read.bytes += complete;
  }
  // newest first
  return read.mails.slice().reverse();
}

/**
 * Bounces on demand, for trying failure paths: any address at `reject.invalid` is refused for good
 * (550), any address at `tempfail.invalid` is refused once (451) and accepted when retried.
 */
export const PERMANENT_BOUNCE_DOMAIN = 'reject.invalid';
export const TEMPORARY_BOUNCE_DOMAIN = 'tempfail.invalid';

export async function startSmtpSink(dataDir: string, port: number, log: Logger): Promise<RunningSmtpSink> {
  const dir = mailDir(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const deferredOnce = new Set<string>();
  const server = new SMTPServer({
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      const refuse = (code: number, text: string) => callback(Object.assign(new Error(text), { responseCode: code }));
      if (to.endsWith(`@${PERMANENT_BOUNCE_DOMAIN}`)) return refuse(550, '5.1.1 Mailbox does not exist');
      if (to.endsWith(`@${TEMPORARY_BOUNCE_DOMAIN}`) && !deferredOnce.has(to)) {
        deferredOnce.add(to);
        return refuse(451, '4.3.0 Try again later');
      }
      callback();
    },
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const headers = parseHeaders(raw.toString('utf8'));
        const id = `${Date.now()}-${crypto.randomBytes(4).toString('hex')}`;
        const file = path.join(dir, `${id}.eml`);
        fs.writeFileSync(file, raw);
        const mail: StoredMail = {
          id,
          receivedAt: new Date().toISOString(),
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          from: headers.from,
          to: headers.to,
          subject: headers.subject,
          messageId: headers['message-id'],
          shop: headers['x-plaudit-shop'],
          file: path.basename(file),
          size: raw.length,
        };
        fs.appendFileSync(path.join(dir, 'index.jsonl'), JSON.stringify(mail) + '\n');
        log.debug({ mail: mail.id, subject: mail.subject }, 'mail received by the local sink');
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  // A client that dies mid-session (a worker killed with SIGKILL) resets its connection: that is the
  // client's trouble, not the sink's; without a listener the error would end the sink's process.
  server.on('error', (err) => log.debug({ err: err.message }, 'a mail client connection failed'));
  const actualPort = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
