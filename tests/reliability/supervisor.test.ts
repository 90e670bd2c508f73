// The supervisor `npm start` runs the API and the worker under: a child that dies is restarted with
// a doubling back-off (reset after a healthy run) and each death is said in one line; a real worker
// killed with SIGKILL while a review request waits on its timer comes back, and the request is sent
// exactly once.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { listMail } from '../../api/runtime/smtp-sink';
import { ROOT } from '../../api/runtime/stack';
import { Supervisor } from '../../api/runtime/supervisor';
import { eventually } from '../support/api';
import { startPlatformStack } from '../support/platform';
import { workflowBundleFile } from '../setup/workflow-bundle';

jest.setTimeout(240_000);

const supervisors: Supervisor[] = [];
afterAll(() => Promise.all(supervisors.map((s) => s.stop())));

test('a crashing child is restarted after 0.1, 0.2, 0.4, 0.4 s, and after a healthy run from 0.1 s again', async () => {
  const lines: string[] = [];
  let spawned = 0;
  const supervisor = new Supervisor({
    name: 'crasher',
    say: (line) => lines.push(line),
    initialDelayMs: 100,
    maxDelayMs: 400,
    healthyAfterMs: 2000,
    // the fifth one runs healthy for a while before it dies
    spawn: () => spawn('sh', ['-c', spawned++ === 4 ? 'sleep 3; exit 3' : 'exit 3'], { stdio: 'ignore' }),
  });
  supervisors.push(supervisor);
  const deaths = () => lines.filter((l) => l.includes('exited'));
  await eventually(async () => deaths().length >= 6, 30_000, 50);
  await supervisor.stop();
  expect(lines).toContain('the crasher restarted (restart 5)');
  const delays = deaths()
    .slice(0, 6)
    .map((l) => {
      expect(l).toMatch(/^the crasher exited \(code 3\) after [\d.]+ s; restarting it in [\d.]+ s$/);
      return l.match(/in ([\d.]+) s$/)![1];
    });
  expect(delays).toEqual(['0.1', '0.2', '0.4', '0.4', '0.1', '0.2']);
  expect(supervisor.restarts).toBeGreaterThanOrEqual(5);
  expect(supervisor.child.exitCode !== null || supervisor.child.signalCode !== null).toBe(true);
});

describe('the real worker under the supervisor', () => {
  type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
  let stack: Stack;
  let worker: Supervisor;
  const lines: string[] = [];

  beforeAll(async () => {
    // Its own task queue: only the supervised worker runs this test's workflows.
    const queue = `supervised-${process.pid}`;
    stack = await startPlatformStack({ TEMPORAL_TASK_QUEUE: queue });
    const env = {
      ...process.env,
      ...stack.processEnv(),
      TEMPORAL_TASK_QUEUE: queue,
      LOG_LEVEL: 'warn',
      // the run's workflow bundle: each start loads it (bundling is start.test's subject, not this one's)
      PLAUDIT_WORKFLOW_BUNDLE: await workflowBundleFile(stack.api.config),
    };
    worker = new Supervisor({
      name: 'worker',
      say: (line) => lines.push(line),
      spawn: () =>
        spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'workflows/worker.ts')], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'ignore', 'ipc'] }),
    });
    supervisors.push(worker);
    await worker.ready();
  }, 180_000);
  afterAll(async () => {
    await worker?.stop();
    await stack?.close();
  });

  test('killed with SIGKILL while a request waits on its timer, it is restarted and the request is sent exactly once', async () => {
    const { domain, shop } = await stack.installShop();
    await stack.api.knex('settings').insert({
      shopId: shop.id,
      namespace: 'review-requests',
      value: JSON.stringify({ sendMethod: 'fulfillment', sendAfter: 'custom', sendAfterCustom: 20, timeUnit: 'second', reminders: 0 }),
    });
    const { order } = await stack.control('/orders', { shop: domain, fulfill: true });
    const waiting = await eventually(async () => {
      const row = await stack.api.knex('email_queue').where({ shopId: shop.id, orderId: order.id }).first();
      return row?.status === 'waiting' ? row : undefined;
    }, 60_000);

    const killed = worker.child.pid!;
    const restarted = new Promise((resolve) => worker.once('restart', resolve));
    const killedAt = Date.now();
    process.kill(killed, 'SIGKILL');
    expect(new Date(waiting.scheduledAt).getTime()).toBeGreaterThan(killedAt);
    await restarted;
    await worker.ready();
    expect(worker.child.pid).not.toBe(killed);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^the worker exited \(signal SIGKILL\) after [\d.]+ s; restarting it in 1 s$/);
    expect(lines[1]).toBe('the worker restarted (restart 1)');
    expect(lines[2]).toMatch(/^the worker is ready again after [\d.]+ s \(restart 1\)$/);

    await eventually(async () => (await stack.api.knex('email_queue').where({ id: waiting.id }).first()).status === 'success', 90_000);
    const sent = listMail(process.env.DATA_DIR!).filter((m) => m.shop === domain && m.messageId?.startsWith(`<review-request-${waiting.id}-0@`));
    expect(sent).toHaveLength(1);
  });
});
