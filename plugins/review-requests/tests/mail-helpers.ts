// Reading what the local SMTP sink received, and a second real SMTP server standing in for a
// merchant's own (it requires a login, which the sink does not).
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { listMail, mailDir, parseHeaders, type StoredMail } from '@plaudit/kernel/testing';

export const sinkMail = (shopDomain: string) => listMail(process.env.DATA_DIR!).filter((m) => m.shop === shopDomain);

/** The decoded text of a stored message (quoted-printable soft breaks and escapes undone). */
export function decodedMail(mail: StoredMail): string {
  return decodeQuotedPrintable(fs.readFileSync(path.join(mailDir(process.env.DATA_DIR!), mail.file), 'utf8'));
}

export function decodeQuotedPrintable(raw: string): string {
  const soft = raw.replace(/=\r?\n/g, '');
  return Buffer.from(
    soft.replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
}

export interface MerchantSmtp {
  port: number;
  received: { from: string; to: string[]; headers: Record<string, string>; raw: string }[];
  stop(): Promise<void>;
}

/** An SMTP server that accepts mail only after a login with these credentials. */
export async function startMerchantSmtp(user: string, pass: string): Promise<MerchantSmtp> {
  const received: MerchantSmtp['received'] = [];
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) return callback(null, { user });
      return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          headers: parseHeaders(raw),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { port: (server.server.address() as { port: number }).port, received, stop: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The click redirect's links in a mail or its HTML (`/r/click/<token>`), as paths. */
export function clickPaths(text: string): string[] {
  return [...new Set([...text.matchAll(/\/r\/click\/[\w-]+\.[\w-]+/g)].map((m) => m[0]))];
}

/** Follows a click link on this test's API (the shared worker mails another origin): its status and where it leads. */
export async function followClick(appUrl: string, path: string): Promise<{ status: number; location: string | null }> {
  const res = await fetch(`${appUrl}${path.replace(/^https?:\/\/[^/]+/, '')}`, { redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location') };
}
