// Issue 30.2: with production settings (the outbound guard on), no fetch of a URL that came from
// outside reaches our own machine, whatever the spelling of the address: an import's photo URLs, a
// marketplace page and its redirects, Instagram's media URLs, a webhook endpoint, the kernel's guard
// itself and a custom SMTP host. A listener on loopback counts the connections it accepts: none.
// Only loopback addresses are used as targets. The test API is not production, so the production
// paths are exercised on the functions themselves, with `production: true` as config.env gives them.
import dns from 'node:dns/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import type { Config } from '@plaudit/kernel';
import { outboundFetch } from '../../api/http/outbound-fetch';
import { smtpTarget } from '../../api/mail/sender';
import { fetchPhoto } from '../../plugins/imports/activities/photos';
import { fetchMarketplaceReviews } from '../../plugins/imports/marketplaces';
import { instagramClient } from '../../plugins/instagram/shared/client';
import { postWebhook } from '../../plugins/public-api/activities/webhook-target';

/** An HTTP server counting the connections it accepts. */
async function listener(host: string, port = 0, handler: http.RequestListener = (_req, res) => res.end('not an image')) {
  const server = http.createServer(handler);
  const counted = { accepted: 0, server, port: 0 };
  server.on('connection', () => counted.accepted++);
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, () => resolve()));
  counted.port = (server.address() as AddressInfo).port;
  return counted;
}

type Listener = Awaited<ReturnType<typeof listener>>;
let v4: Listener;
let v6: Listener | undefined;
// the test double the guard lets through (the emulator's origin, as MARKETPLACE_BASE_URL and
// INTEGRATIONS_BASE_URL are): it answers every request with a redirect to `redirectTo`
let double: Listener;
let redirectTo = '';
let hostName: string | undefined;

const accepted = () => v4.accepted + (v6?.accepted ?? 0);

beforeAll(async () => {
  v4 = await listener('127.0.0.1');
  // the same port on ::1 when this machine has IPv6 loopback
  v6 = await listener('::1', v4.port).catch(() => undefined);
  double = await listener('127.0.0.1', 0, (_req, res) => res.writeHead(302, { location: redirectTo }).end());
  // this machine's name, when it resolves to loopback (/etc/hosts): a name checked through DNS
  const found = await dns.lookup(os.hostname(), { all: true }).catch(() => []);
  if (found.length && found.every((a) => a.address.startsWith('127.') || a.address === '::1')) hostName = os.hostname();
});
afterAll(async () => {
  for (const l of [v4, v6, double]) if (l) await new Promise((resolve) => l.server.close(resolve));
});

/** Every spelling of this machine's loopback address on the listener's port. */
function loopbackUrls(path = '/x.jpg'): string[] {
  const p = v4.port;
  const hosts = [
    '127.0.0.1',
    '127.1',
    '2130706433',
    '0x7f000001',
    '0177.0.0.1',
    '127.0.0.1.',
    '[::ffff:127.0.0.1]',
    '[::ffff:7f00:1]',
    '[0:0:0:0:0:ffff:127.0.0.1]',
    '[::1]',
    '[0:0:0:0:0:0:0:1]',
    'localhost',
    'LOCALHOST.',
    'photos.localhost',
    ...(hostName ? [hostName] : []),
  ];
  return hosts.flatMap((h) => [`http://${h}:${p}${path}`, `https://${h}:${p}${path}`]);
}

const double$ = () => `http://127.0.0.1:${double.port}`;

test('the listeners answer when the guard is off (development): a refusal below is the guard, not a dead port', async () => {
  const before = accepted();
  expect((await fetchPhoto(`http://127.0.0.1:${v4.port}/x.jpg`, { production: false })).toString()).toBe('not an image');
  if (v6) expect((await fetchPhoto(`http://[::1]:${v4.port}/x.jpg`, { production: false })).toString()).toBe('not an image');
  expect(accepted()).toBeGreaterThan(before);
  v4.accepted = 0;
  if (v6) v6.accepted = 0;
});

test("an import's photo URLs: every loopback spelling refused, directly and through a redirect", async () => {
  const outcomes: string[] = [];
  for (const url of loopbackUrls()) {
    outcomes.push(
      await fetchPhoto(url, { production: true }).then(
        () => `${url} fetched`,
        () => 'refused',
      ),
    );
    // the emulator's origin is let through; what it redirects to is checked like the first URL
    redirectTo = url;
    const viaDouble = { production: true, rewrite: () => `${double$()}/hosts/cdn.example.com/x.jpg`, trusted: double$() };
    outcomes.push(
      await fetchPhoto('https://cdn.example.com/x.jpg', viaDouble).then(
        () => `${url} fetched after a redirect`,
        () => 'refused',
      ),
    );
  }
  expect(outcomes.filter((o) => o !== 'refused')).toEqual([]);
  expect(accepted()).toBe(0);
});

test('a marketplace page redirected to a loopback address is refused as a wrong URL, never fetched', async () => {
  const outcomes: string[] = [];
  for (const url of loopbackUrls('/product-reviews/B07ZPKN6YR')) {
    redirectTo = url;
    const got = await fetchMarketplaceReviews(
      { url: 'https://www.amazon.com/dp/B07ZPKN6YR', maxReviews: 10, stars: [], withPhotos: false },
      { baseUrl: double$(), production: true },
    ).then(
      () => `${url} fetched`,
      (err: Error) => err.message,
    );
    outcomes.push(got);
  }
  expect([...new Set(outcomes)]).toEqual(['Import failed, wrong URL']);
  expect(accepted()).toBe(0);
});

test("Instagram's media URLs (re-hosted by us) are refused on loopback, directly and through a redirect", async () => {
  const direct = instagramClient({ env: 'production' } as Config);
  const viaEmulator = instagramClient({ env: 'production', integrationsBaseUrl: double$() } as Config);
  const outcomes: string[] = [];
  for (const url of loopbackUrls()) {
    outcomes.push(
      await direct.download(url).then(
        () => `${url} fetched`,
        () => 'refused',
      ),
    );
    redirectTo = url;
    outcomes.push(
      await viaEmulator.download('https://scontent.cdninstagram.com/v/x.jpg').then(
        () => `${url} fetched after a redirect`,
        () => 'refused',
      ),
    );
  }
  expect(outcomes.filter((o) => o !== 'refused')).toEqual([]);
  expect(accepted()).toBe(0);
});

test('a webhook endpoint on loopback gets no POST', async () => {
  const outcomes: string[] = [];
  for (const url of loopbackUrls('/hook')) {
    const result = await postWebhook(url, '{}', {}, true);
    outcomes.push(result.statusCode === null && result.error ? 'refused' : `${url} answered ${result.statusCode}`);
  }
  expect(outcomes.filter((o) => o !== 'refused')).toEqual([]);
  expect(accepted()).toBe(0);
});

test('the guard itself: every spelling and every redirect to one refused with the reason, nothing connected', async () => {
  const guard = { production: true, timeoutMs: 5_000, maxBytes: 1024, maxRedirects: 3, trusted: [double$()] };
  const reasons = new Set<string>();
  for (const url of loopbackUrls()) {
    for (const start of [url, `${double$()}/r`]) {
      redirectTo = url;
      reasons.add(
        await outboundFetch(start, guard).then(
          (res) => `${start} answered ${res.status}`,
          (err: { reason?: string }) => err.reason ?? 'other',
        ),
      );
    }
  }
  expect([...reasons]).toEqual(['private']);
  // a redirect is never followed when none is allowed: the 302 is the answer
  redirectTo = `http://127.0.0.1:${v4.port}/`;
  expect((await outboundFetch(`${double$()}/r`, { ...guard, maxRedirects: 0 })).status).toBe(302);
  expect(accepted()).toBe(0);
});

test('a custom SMTP host on loopback is refused before connecting', async () => {
  const production = { env: 'production' } as Config;
  const hosts = ['127.0.0.1', '2130706433', '::1', '::ffff:127.0.0.1', 'localhost', ...(hostName ? [hostName] : [])];
  const outcomes = await Promise.all(
    hosts.map((h) =>
      smtpTarget(production, h).then(
        () => `${h} accepted`,
        () => 'refused',
      ),
    ),
  );
  expect(outcomes.filter((o) => o !== 'refused')).toEqual([]);
});
