// The demo commands the ops CLI wires in: each calls the running emulator and returns its lines.
import { parse } from 'lossless-json';
import { runDemoCommand } from '../../emulator/cli';
import { DEMO_SHOP, startTestEmulator, type TestEmulator } from './support';

let t: TestEmulator;
beforeAll(async () => {
  t = await startTestEmulator();
});
afterAll(() => t.stop());

const topics = () => t.app.webhooks.map((h) => h.headers['x-shopify-topic']);

test('demo:order prints the order id alone on its last line, then fulfil and deliver it', async () => {
  const lines = await runDemoCommand('demo:order', { shop: DEMO_SHOP, country: 'vn' }, t.em.url);
  const id = lines.at(-1)!;
  expect(id).toMatch(/^\d{16,}$/);
  expect(lines[0]).toMatch(/^order #\d+ \(gid:\/\/shopify\/Order\/\d+\) created on plaudit-demo\.myshopify\.com$/);
  expect(lines[1]).toMatch(/^webhook orders\/create .*: delivered \(HTTP 200\)$/);
  expect((parse(t.app.webhooks[0].body) as any).shipping_address.country_code).toBe('VN');

  expect((await runDemoCommand('demo:fulfill', { shop: DEMO_SHOP, order: id }, t.em.url))[0]).toMatch(/fulfilled$/);
  expect((await runDemoCommand('demo:deliver', { shop: DEMO_SHOP, order: id }, t.em.url))[0]).toMatch(/delivered$/);
  expect(topics()).toEqual(['orders/create', 'fulfillments/create', 'orders/fulfilled', 'fulfillment_events/create', 'fulfillments/update']);
  await expect(runDemoCommand('demo:fulfill', { shop: DEMO_SHOP, order: id }, t.em.url)).rejects.toThrow(/already fulfilled/);
});

test('demo:order with --deliver and --email sends the whole chain for that customer', async () => {
  t.app.webhooks.length = 0;
  const lines = await runDemoCommand('demo:order', { shop: DEMO_SHOP, deliver: true, email: 'new.buyer@example.com', country: 'BR' }, t.em.url);
  expect(lines).toHaveLength(7);
  expect((parse(t.app.webhooks[0].body) as any).customer.email).toBe('new.buyer@example.com');
});

test('demo:compliance and demo:uninstall', async () => {
  t.app.webhooks.length = 0;
  const lines = await runDemoCommand('demo:compliance', { shop: DEMO_SHOP, topic: 'customers/redact', email: 'olivia.bennett@example.com' }, t.em.url);
  expect(lines[0]).toContain('customers/redact');
  expect(await runDemoCommand('demo:uninstall', { shop: DEMO_SHOP }, t.em.url)).toHaveLength(2);
  expect(topics()).toEqual(['customers/redact', 'app/uninstalled']);
  await expect(runDemoCommand('demo:compliance', { shop: DEMO_SHOP, topic: 'nope' }, t.em.url)).rejects.toThrow(/--topic/);
  await expect(runDemoCommand('demo:order', { shop: DEMO_SHOP }, 'http://127.0.0.1:9')).rejects.toThrow(/does not answer/);
});
