// The local mail sink keeps what the app sends, readable by a developer: subjects decoded, raw .eml kept.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { decodeHeader, listMail, mailDir, parseHeaders } from '../../api/runtime/smtp-sink';

describe('a mail sent to SMTP_URL', () => {
  const tag = crypto.randomBytes(4).toString('hex');
  const subject = `Avis ★ reçu ${tag}`;

  beforeAll(async () => {
    const transport = nodemailer.createTransport(process.env.SMTP_URL!);
    try {
      await transport.sendMail({
        from: '"Boutique Élodie" <shop@plaudit.local>',
        to: ['client@example.com', 'second@example.com'],
        subject,
        text: 'Merci pour votre avis ★★★★★',
        messageId: `<${tag}@plaudit.test>`,
      });
      await transport.sendMail({
        from: 'shop@plaudit.local',
        to: 'client@example.com',
        subject: 'Reminder',
        text: '.',
        messageId: `<${tag}-later@plaudit.test>`,
      });
    } finally {
      transport.close();
    }
  });

  test('is listed with its decoded subject, sender and recipients', () => {
    const mail = listMail(process.env.DATA_DIR!).find((m) => m.messageId === `<${tag}@plaudit.test>`);
    expect(mail).toMatchObject({
      subject,
      from: 'Boutique Élodie <shop@plaudit.local>',
      envelopeFrom: 'shop@plaudit.local',
      envelopeTo: ['client@example.com', 'second@example.com'],
    });
  });

  test('is kept as an .eml file holding the encoded original', () => {
    const mail = listMail(process.env.DATA_DIR!).find((m) => m.messageId === `<${tag}@plaudit.test>`)!;
    const file = path.join(mailDir(process.env.DATA_DIR!), mail.file);
    expect(mail.file).toMatch(/\.eml$/);
    const raw = fs.readFileSync(file, 'utf8');
    expect(fs.statSync(file).size).toBe(mail.size);
    expect(raw).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/im);
    expect(parseHeaders(raw).subject).toBe(subject);
  });

  test('is listed after a mail received later: newest first', () => {
    const ids = listMail(process.env.DATA_DIR!).map((m) => m.messageId);
    expect(ids.indexOf(`<${tag}-later@plaudit.test>`)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(`<${tag}-later@plaudit.test>`)).toBeLessThan(ids.indexOf(`<${tag}@plaudit.test>`));
  });
});

describe('listMail', () => {
  test('an empty data directory has no mail', () => {
    expect(listMail(fs.mkdtempSync(path.join(process.env.DATA_DIR!, 'empty-')))).toEqual([]);
  });

  test('reads what the index gained since the last call: a line still being written waits for its newline; a new file is read anew', () => {
    const dataDir = fs.mkdtempSync(path.join(process.env.DATA_DIR!, 'growing-'));
    fs.mkdirSync(mailDir(dataDir));
    const index = path.join(mailDir(dataDir), 'index.jsonl');
    const line = (id: string) =>
      `${JSON.stringify({ id, receivedAt: '2026-12-04T00:00:00.000Z', envelopeFrom: 'a@x.test', envelopeTo: ['b@x.test'], file: `${id}.eml`, size: 1 })}\n`;
    const ids = () => listMail(dataDir).map((m) => m.id);
    fs.writeFileSync(index, line('m1') + line('m2'));
    expect(ids()).toEqual(['m2', 'm1']);
    const third = line('m3');
    fs.appendFileSync(index, third.slice(0, 20));
    expect(ids()).toEqual(['m2', 'm1']);
    fs.appendFileSync(index, third.slice(20) + line('m4'));
    expect(ids()).toEqual(['m4', 'm3', 'm2', 'm1']);
    // what a caller gets is its own list: reversing it changes nothing the next caller sees
    listMail(dataDir).reverse();
    expect(ids()).toEqual(['m4', 'm3', 'm2', 'm1']);
    fs.rmSync(index);
    fs.writeFileSync(index, line('n1') + line('n2') + line('n3') + line('n4') + line('n5'));
    expect(ids()).toEqual(['n5', 'n4', 'n3', 'n2', 'n1']);
  });
});

describe('decodeHeader', () => {
  test.each([
    ['=?UTF-8?B?QXZpcyDimIUgcmXDp3U=?=', 'Avis ★ reçu'],
    ['=?utf-8?b?QXZpcyDimIUgcmXDp3U=?=', 'Avis ★ reçu'],
    ['=?UTF-8?Q?Avis_=E2=98=85_re=C3=A7u?=', 'Avis ★ reçu'],
    ['=?ISO-8859-1?Q?Caf=E9?=', 'Café'],
    ['=?UTF-8?B?QXZpcyDimIU=?= =?UTF-8?B?IHJlw6d1?=', 'Avis ★ reçu'],
    ['Re: =?UTF-8?Q?re=C3=A7u?= today', 'Re: reçu today'],
    ['plain ASCII subject', 'plain ASCII subject'],
    ['=?x-unknown-charset?Q?caf=E9?=', 'café'],
  ])('%s -> %s', (encoded, decoded) => {
    expect(decodeHeader(encoded)).toBe(decoded);
  });
});
