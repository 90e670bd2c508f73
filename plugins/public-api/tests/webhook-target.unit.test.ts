// Where webhooks may go (activities/webhook-target.ts, WEBHOOKS.md "Where endpoints may point"):
// the production rules cannot be reached through a test API (it is not production), so they are
// checked here on the functions themselves, including the connection-time address check that a
// name resolving to this machine meets even when it passed the URL check.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkWebhookUrl, isPrivateAddress, postWebhook, publicLookup, urlProblem } from '../activities/webhook-target';

test('outside production: https anywhere, plain http only to this machine, no credentials', () => {
  expect(urlProblem('https://hooks.example.com/plaudit', false)).toBeUndefined();
  expect(urlProblem('https://10.0.0.5/hook', false)).toBeUndefined();
  for (const local of ['http://localhost:3000/h', 'http://127.0.0.1:3000/h', 'http://[::1]:3000/h']) expect(urlProblem(local, false)).toBeUndefined();
  expect(urlProblem('http://example.com/h', false)).toBe('https');
  expect(urlProblem('http://10.0.0.5/h', false)).toBe('https');
  expect(urlProblem('ftp://example.com/h', false)).toBe('https');
  expect(urlProblem('https://user:pw@example.com/h', false)).toBe('credentials');
  expect(urlProblem('nonsense', false)).toBe('invalid');
});

test('in production: https only, and never a private, loopback or link-local address', async () => {
  expect(urlProblem('https://hooks.example.com/plaudit', true)).toBeUndefined();
  expect(urlProblem('http://localhost:3000/h', true)).toBe('https');
  for (const url of [
    'https://localhost/h',
    'https://localhost./h',
    'https://api.localhost/h',
    'https://127.0.0.1/h',
    'https://10.1.2.3/h',
    'https://192.168.1.1/h',
    'https://172.16.0.1/h',
    'https://169.254.169.254/latest',
    'https://[::1]/h',
    'https://[fd00::1]/h',
    'https://[::ffff:127.0.0.1]/h',
    'https://2130706433/h',
  ]) {
    expect([url, urlProblem(url, true)]).toEqual([url, 'private']);
  }
  expect(isPrivateAddress('8.8.8.8')).toBe(false);
  expect(isPrivateAddress('2001:4860:4860::8888')).toBe(false);
  expect(isPrivateAddress('100.64.0.1')).toBe(true);
  // a name that does not resolve is refused when saved
  expect(await checkWebhookUrl('https://no-such-host.invalid/h', true)).toBe('unresolved');
});

test('outside production the POST goes through and is cut at 2 KB; in production the connection lookup refuses private addresses', async () => {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(500).end('x'.repeat(10_000)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const allowed = await postWebhook(`http://127.0.0.1:${port}/h`, '{}', {}, false);
    expect(allowed.statusCode).toBe(500);
    expect(allowed.response).toHaveLength(2048);
    expect((await postWebhook(`http://127.0.0.1:${port}/h`, '{}', {}, true)).error).toMatch(/refused/);
    // the lookup production connections use: a name that resolves to this machine fails there
    const looked = await new Promise<Error | null>((resolve) => publicLookup('localhost', {}, (err) => resolve(err)));
    expect(looked?.message).toMatch(/not a public address/);
  } finally {
    server.close();
  }
});
