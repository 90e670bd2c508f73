// Doubles of the two self-hosted servers for the adapters' wire-format tests: LibreTranslate and
// Apertium APy have no vendor host (the merchant or `npm start` runs them at a URL of its own), so
// they are small local servers here, answering the documented shapes (README.md cites them).
// The real APy is tested in apertium.test.ts when it is installed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Double {
  url: string;
  requests: { method: string; path: string; type: string; body: string }[];
  down: boolean;
  stop(): Promise<void>;
}

async function serve(answer: (method: string, url: URL, body: string, type: string) => { status: number; body: unknown }): Promise<Double> {
  const double: Double = { url: '', requests: [], down: false, stop: () => new Promise((r) => server.close(() => r())) };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://double');
      const type = req.headers['content-type'] ?? '';
      double.requests.push({ method: req.method ?? 'GET', path: url.pathname, type, body });
      const a = double.down ? { status: 503, body: { error: 'down' } } : answer(req.method ?? 'GET', url, body, type);
      res.writeHead(a.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(a.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  double.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return double;
}

/** LibreTranslate: /languages, /translate (q a string or an array), api_key checked when set. */
export function libreTranslateDouble(apiKey?: string) {
  const languages = [
    { code: 'en', name: 'English', targets: ['es', 'de'] },
    { code: 'es', name: 'Spanish', targets: ['en'] },
    { code: 'de', name: 'German', targets: ['en'] },
  ];
  return serve((method, url, body) => {
    if (method === 'GET' && url.pathname === '/languages') return { status: 200, body: languages };
    if (method !== 'POST' || url.pathname !== '/translate') return { status: 404, body: { error: 'Not Found' } };
    const b = JSON.parse(body || '{}') as { q?: string | string[]; source?: string; target?: string; api_key?: string };
    if (apiKey && b.api_key !== apiKey) return { status: 403, body: { error: 'Invalid API key' } };
    if (!b.q || !b.target) return { status: 400, body: { error: 'Invalid request: missing q parameter' } };
    const qs = Array.isArray(b.q) ? b.q : [b.q];
    const out = qs.map((q) => `[${b.target}] ${q}`);
    const detected = qs.map(() => ({ confidence: 90, language: 'es' }));
    return {
      status: 200,
      body: {
        translatedText: Array.isArray(b.q) ? out : out[0],
        ...(b.source === 'auto' ? { detectedLanguage: Array.isArray(b.q) ? detected : detected[0] } : {}),
      },
    };
  });
}

/** Apertium APy: /listPairs and /translate (GET query or form POST), ISO 639-3 pairs. */
export function apertiumDouble() {
  const pairs = [
    ['spa', 'eng'],
    ['eng', 'spa'],
    ['fra', 'spa'],
  ];
  return serve((method, url, body, type) => {
    if (url.pathname === '/listPairs')
      return {
        status: 200,
        body: {
          responseData: pairs.map(([sourceLanguage, targetLanguage]) => ({ sourceLanguage, targetLanguage })),
          responseDetails: null,
          responseStatus: 200,
        },
      };
    if (url.pathname !== '/translate') return { status: 404, body: { status: 'error', code: 404, message: 'Not Found' } };
    const params = method === 'POST' && /x-www-form-urlencoded/.test(type) ? new URLSearchParams(body) : url.searchParams;
    const [from, to] = (params.get('langpair') ?? '').split('|');
    if (!pairs.some(([a, b]) => a === from && b === to))
      return { status: 400, body: { status: 'error', code: 400, message: 'Bad Request', explanation: 'That pair is not installed' } };
    return { status: 200, body: { responseData: { translatedText: `[${to}] ${params.get('q')}` }, responseDetails: null, responseStatus: 200 } };
  });
}
