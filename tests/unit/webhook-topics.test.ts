// The webhook subscriptions of shopify.app.toml are exactly the topics someone handles: the
// kernel's own and those the plugins declare in their plugin.ts (the worker refuses a plugin that
// handles a topic it did not declare).
import fs from 'node:fs';
import path from 'node:path';
import { loadManifests } from '../../api/kernel/assemble';
import { KERNEL_WEBHOOK_TOPICS } from '../../api/platform/webhook-routes';
import { discoverPlugins } from '../../api/plugins/discover';

const ROOT = path.resolve(__dirname, '../..');

function subscribedTopics(): string[] {
  const toml = fs.readFileSync(path.join(ROOT, 'shopify.app.toml'), 'utf8');
  const lists = [...toml.matchAll(/^\s*(?:compliance_)?topics\s*=\s*\[([^\]]*)\]/gm)].map((m) => m[1]);
  return lists.flatMap((list) => [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1])).sort();
}

test('shopify.app.toml subscribes exactly the kernel topics and the topics plugins declare', () => {
  const declared = loadManifests(discoverPlugins([path.join(ROOT, 'plugins')])).flatMap((m) => m.webhookTopics ?? []);
  expect(declared).toContain('orders/fulfilled');
  expect(subscribedTopics()).toEqual([...new Set([...KERNEL_WEBHOOK_TOPICS, ...declared])].sort());
});
