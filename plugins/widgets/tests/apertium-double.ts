// A local stand-in for Apertium's APy server (the translations plugin's default provider) for the
// storefront's translation tests: `GET /listPairs` -> { responseData: [{ sourceLanguage,
// targetLanguage }] } (ISO 639-3) and `/translate` (form POST `langpair=spa|eng&q=...`) ->
// { responseData: { translatedText } }, as https://wiki.apertium.org/wiki/Apertium-apy documents.
// Its "translation" is a readable fake: a small Spanish -> English word list, the rest marked [eng].
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const WORDS: Record<string, string> = {
  el: 'the',
  la: 'the',
  es: 'is',
  muy: 'very',
  bonita: 'pretty',
  bueno: 'good',
  y: 'and',
  color: 'colour',
  precioso: 'lovely',
  taza: 'mug',
  producto: 'product',
  llegó: 'arrived',
  rápido: 'quickly',
};

export interface ApyDouble {
  url: string;
  translations: number;
  down: boolean;
  stop(): Promise<void>;
}

/** Spanish words it knows in English, in order; a text it cannot read stays marked. */
export function fakeEnglish(q: string): string {
  return q.replace(/[\p{L}]+/gu, (w) => WORDS[w.toLowerCase()] ?? w).replace(/^./, (c) => c.toUpperCase());
}

export async function apyDouble(): Promise<ApyDouble> {
  const pairs = [
    ['spa', 'eng'],
    ['eng', 'spa'],
  ];
  const double: ApyDouble = {
    url: '',
    translations: 0,
    down: false,
    stop: () =>
      new Promise((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://apy');
      const answer = (status: number, json: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      if (double.down) return answer(503, { status: 'error', code: 503, message: 'Service Unavailable' });
      if (url.pathname === '/listPairs')
        return answer(200, {
          responseData: pairs.map(([sourceLanguage, targetLanguage]) => ({ sourceLanguage, targetLanguage })),
          responseDetails: null,
          responseStatus: 200,
        });
      if (url.pathname !== '/translate') return answer(404, { status: 'error', code: 404, message: 'Not Found' });
      const params = new URLSearchParams(body || url.search);
      const [from, to] = (params.get('langpair') ?? '').split('|');
      if (!pairs.some(([a, b]) => a === from && b === to))
        return answer(400, { status: 'error', code: 400, message: 'Bad Request', explanation: 'That pair is not installed' });
      double.translations += 1;
      const q = params.get('q') ?? '';
      answer(200, { responseData: { translatedText: to === 'eng' ? fakeEnglish(q) : `[${to}] ${q}` }, responseDetails: null, responseStatus: 200 });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  double.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return double;
}
