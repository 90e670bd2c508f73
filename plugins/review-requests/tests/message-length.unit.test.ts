// Issue 32: how long the request SMS is in each of the twelve shopper languages, measured with
// Twilio's segment calculator (sms-segments-calculator): the default text with a sample name, shop
// and order, and the review link as a signed click link (the click redirect's token: a stand-in of 258
// characters, the length varies with the target) and as the short link text messages carry (`/r/s/<code>`,
// db/short-links.ts: 46 characters on this host).
// Prints the table recorded in plugins/review-requests/README.md ("Requests by SMS and WhatsApp").
import fs from 'node:fs';
import path from 'node:path';
import { SegmentedMessage } from 'sms-segments-calculator';

const LANGS = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt-BR', 'ja', 'ko', 'zh-CN', 'hi', 'vi'];
const SIGNED = `https://plaudit-app.example.com/r/click/${'x'.repeat(218)}`;
const SHORT = 'https://plaudit-app.example.com/r/s/AbCdEf2345';

function text(lang: string, url: string): string {
  const template: string = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'locales', `${lang}.json`), 'utf8')).message.request;
  const values: Record<string, string> = { name: 'Anna', shop: 'Linen & Co', order: '#1042', url };
  return template.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => values[k]);
}

test('the request SMS in the twelve shopper languages: encoding, length and segments', () => {
  const rows = LANGS.map((lang) => {
    const long = new SegmentedMessage(text(lang, SIGNED));
    const short = new SegmentedMessage(text(lang, SHORT));
    return {
      lang,
      encoding: long.encodingName,
      chars: long.numberOfCharacters,
      segments: long.segmentsCount,
      shortChars: short.numberOfCharacters,
      shortSegments: short.segmentsCount,
    };
  });
  console.log(
    [
      'lang | encoding | chars (signed link) | segments | chars (short link) | segments',
      ...rows.map((r) => `${r.lang} | ${r.encoding} | ${r.chars} | ${r.segments} | ${r.shortChars} | ${r.shortSegments}`),
    ].join('\n'),
  );
  // the Latin-script texts stay GSM-7 (no curly quotes, no emoji) except where the language needs more
  for (const r of rows.filter((x) => ['en', 'de', 'nl'].includes(x.lang))) expect(r.encoding).toBe('GSM-7');
  for (const r of rows.filter((x) => ['ja', 'ko', 'zh-CN', 'hi', 'vi'].includes(x.lang))) expect(r.encoding).toBe('UCS-2');
  // a short link always saves at least one segment
  for (const r of rows) expect(r.shortSegments).toBeLessThan(r.segments);
});
