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
