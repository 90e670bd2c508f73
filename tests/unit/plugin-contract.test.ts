// Start-up refuses a broken plugin contract with a message that says what to fix: a required
// capability nobody provides (naming both plugins), and a durable listener without its handler.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Capabilities, MissingCapabilityError } from '../../api/kernel/capabilities';
import { EventBus } from '../../api/kernel/events';
import { definePlugin } from '../../api/kernel/manifest';
import { createLogger } from '../../api/log';
import type { DiscoveredPlugin } from '../../api/plugins/discover';
import type { WorkflowOutbox } from '../../api/temporal/outbox';
import { loadEventHandlers } from '../../workflows/registry';
import type { ActivityDeps } from '../../workflows/plugin';

const widgets = definePlugin({ id: 'widgets', needs: { 'reviews.feed': 'required' } });
const reviews = definePlugin({ id: 'reviews', provides: { 'reviews.feed': () => ({ version: async () => '1' }) } });

test('a required capability that no plugin provides stops start-up, naming the user and the usual provider', () => {
  const register = () => new Capabilities().register([widgets]);
  expect(register).toThrow(MissingCapabilityError);
  expect(register).toThrow('Plugin "widgets" requires capability "reviews.feed", which no installed plugin provides (it is usually provided by plugin "reviews")');
});

test('the same capability provided lets start-up go on; a missing optional one is reported as degraded', () => {
  const provided = new Capabilities();
  provided.register([widgets, reviews]);
  expect(provided.has('reviews.feed')).toBe(true);
  expect(provided.degraded).toEqual([]);

  const optional = new Capabilities();
  optional.register([definePlugin({ id: 'widgets', needs: { 'reviews.feed': 'optional' } })]);
  expect(optional.get('reviews.feed')).toBeUndefined();
  expect(optional.degraded).toEqual(['Plugin "widgets" runs without capability "reviews.feed", which no installed plugin provides (it is usually provided by plugin "reviews")']);
});

test('a plugin that listens to an event without a handler for it stops the worker with a clear message', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-listener-'));
  fs.mkdirSync(path.join(dir, 'activities'));
  const activities = path.join(dir, 'activities', 'index.js');
  fs.writeFileSync(activities, "exports.createEventHandlers = () => ({ 'order.paid': async () => {} });\n");
  const discovered: DiscoveredPlugin[] = [{ id: 'loyalty', dir, sides: { activities } }];
  const events = new EventBus(createLogger('silent', 'test'), {} as WorkflowOutbox);
  events.register([definePlugin({ id: 'loyalty', listens: ['order.paid', 'review.created'] })]);
  const deps = { events } as ActivityDeps;

  expect(() => loadEventHandlers(discovered, deps)).toThrow(
    'Plugin "loyalty" listens to "review.created" in plugin.ts but its activities export no handler for it (createEventHandlers)',
  );
  const fixed = path.join(dir, 'activities', 'fixed.js');
  fs.writeFileSync(fixed, "exports.createEventHandlers = () => ({ 'order.paid': async () => {}, 'review.created': async () => {} });\n");
  expect(Object.keys(loadEventHandlers([{ id: 'loyalty', dir, sides: { activities: fixed } }], deps).get('loyalty')!)).toEqual(['order.paid', 'review.created']);
  fs.rmSync(dir, { recursive: true, force: true });
});
