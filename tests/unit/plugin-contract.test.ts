// Start-up refuses a broken plugin contract with a message that says what to fix: a required
// capability nobody provides (naming both plugins), a durable listener without its handler, and
// handlers not made from event references. The typed forms are checked by the compiler too: the
// `@ts-expect-error` lines below fail `tsc` if a bare name or a wrong payload is ever accepted.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineCapability, defineEvent } from '../../contracts/define';
import { Capabilities, MissingCapabilityError, required } from '../../api/kernel/capabilities';
import { EventBus, eventHandlers, handleEvent, type EventHandlers } from '../../api/kernel/events';
import { definePlugin, provide } from '../../api/kernel/manifest';
import { createLogger } from '../../api/log';
import type { DiscoveredPlugin } from '../../api/plugins/discover';
import type { WorkflowOutbox } from '../../api/temporal/outbox';
import { loadEventHandlers } from '../../workflows/registry';
import type { ActivityDeps } from '../../workflows/plugin';

const NotesCount = defineCapability<{ count(): Promise<number> }>('notes.count');
const OrderPaid = defineEvent<{ shopId: number; orderId: string }>('order.paid');
// made-up events: the kernel's loading is the subject, not a real contract
const PointsAwarded = defineEvent<{ shopId: number; points: number }>('points.awarded');

const widgets = definePlugin({ id: 'widgets', needs: [required(NotesCount)] });
const notes = definePlugin({ id: 'notes', provides: [provide(NotesCount, () => ({ count: async () => 1 }))] });

test('a required capability that no plugin provides stops start-up, naming the user and the usual provider', () => {
  const register = () => new Capabilities().register([widgets]);
  expect(register).toThrow(MissingCapabilityError);
  expect(register).toThrow('Plugin "widgets" requires capability "notes.count", which no installed plugin provides (it is usually provided by plugin "notes")');
});

test('the same capability provided lets start-up go on; a missing optional one is reported as degraded', () => {
  const provided = new Capabilities();
  provided.register([widgets, notes]);
  expect(provided.has(NotesCount)).toBe(true);
  expect(provided.degraded).toEqual([]);

  const optional = new Capabilities();
  optional.register([definePlugin({ id: 'widgets', needs: [NotesCount] })]);
  expect(optional.get(NotesCount)).toBeUndefined();
  expect(optional.degraded).toEqual([
    'Plugin "widgets" runs without capability "notes.count", which no installed plugin provides (it is usually provided by plugin "notes")',
  ]);
});

describe('durable event handlers', () => {
  let dir: string;
  const events = new EventBus(createLogger('silent', 'test'), {} as WorkflowOutbox);
  events.register([definePlugin({ id: 'loyalty', listens: [OrderPaid, PointsAwarded] })]);
  const deps = { events } as ActivityDeps;
  const kernel = (file: string) => JSON.stringify(path.resolve(__dirname, '../..', file));
  /** a plugin's activities/index.js exporting `createEventHandlers = () => <body>` */
  const plugin = (name: string, body: string): DiscoveredPlugin[] => {
    const activities = path.join(dir, `${name}.js`);
    fs.writeFileSync(
      activities,
      [
        `const { eventHandlers, handleEvent } = require(${kernel('api/kernel/events')});`,
        `const { defineEvent } = require(${kernel('contracts/define')});`,
        `exports.createEventHandlers = () => ${body};`,
      ].join('\n'),
    );
    return [{ id: 'loyalty', dir, sides: { activities } }];
  };

  beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-listener-'))));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('a plugin that listens to an event without a handler for it stops the worker with a clear message', () => {
    const partial = plugin('partial', "eventHandlers(handleEvent(defineEvent('order.paid'), async () => {}))");
    expect(() => loadEventHandlers(partial, deps)).toThrow(
      'Plugin "loyalty" listens to "points.awarded" in plugin.ts but its activities export no handler for it (createEventHandlers)',
    );
    const complete = plugin(
      'complete',
      "eventHandlers(handleEvent(defineEvent('order.paid'), async () => {}), handleEvent(defineEvent('points.awarded'), async () => {}))",
    );
    expect(loadEventHandlers(complete, deps).get('loyalty')!.events).toEqual(['order.paid', 'points.awarded']);
  });

  test('handlers keyed by bare names (the old record form) are refused, saying what to return', () => {
    const record = plugin('record', "({ 'order.paid': async () => {}, 'points.awarded': async () => {} })");
    expect(() => loadEventHandlers(record, deps)).toThrow(
      'Plugin "loyalty": createEventHandlers(deps) must return eventHandlers(handleEvent(Ref, handler), ...) (@plaudit/kernel)',
    );
  });

  test('a handler is found by its event and gets the payload; an event handled twice is refused', async () => {
    const paid: string[] = [];
    const handlers = eventHandlers(handleEvent(OrderPaid, async ({ orderId }) => void paid.push(orderId)));
    await handlers.handle(OrderPaid, { shopId: 1, orderId: '1001' });
    await handlers.of('order.paid')!({ shopId: 1, orderId: '1002' });
    expect(paid).toEqual(['1001', '1002']);
    expect(handlers.of('points.awarded')).toBeUndefined();
    await expect(handlers.handle(PointsAwarded, {} as never)).rejects.toThrow('No handler of event "points.awarded"');
    expect(() =>
      eventHandlers(
        handleEvent(OrderPaid, async () => {}),
        handleEvent(OrderPaid, async () => {}),
      ),
    ).toThrow('Two handlers of event "order.paid"');
  });
});

/** Checked by `tsc`, never run: event names, payloads and handlers are typed by the reference. */
export function typeChecks(): void {
  // @ts-expect-error a bare name is not an event reference
  handleEvent('order.paid', async () => {});
  // @ts-expect-error handlers are made by eventHandlers(...), not a record keyed by name
  const record: EventHandlers = { 'order.paid': async () => {} };
  // @ts-expect-error a manifest listens to references only
  definePlugin({ id: 'loyalty', listens: ['order.paid'] });
  const bus = new EventBus(createLogger('silent', 'test'), {} as WorkflowOutbox);
  // @ts-expect-error emit takes the reference, not its name
  void bus.emit('order.paid', { shopId: 1, orderId: '1' }, { key: 1 });
  // @ts-expect-error the payload must be the event's: orderId is a string
  void bus.emit(OrderPaid, { shopId: 1, orderId: 1 }, { key: 1 });
  // @ts-expect-error a handler cannot read a field the event does not carry
  handleEvent(OrderPaid, async (paid: { refundId: string }) => void paid.refundId);
  void record;
}
