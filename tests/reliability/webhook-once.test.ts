// One webhook, one `processWebhook` run (issue 30.6). The same signed delivery posted 20 times at
// once used to give one delivery row but two runs: a redelivery that read the row still `received`
// recorded its start again after the first run had closed, and Temporal's default id reuse policy
// let that second start open a new run (the outbox's START_POLICY now refuses it). Runs are counted
// in Temporal's visibility, closed ones included.
import crypto from 'node:crypto';
import { processWebhookStart, webhookWorkflowId } from '../../api/platform/webhook-intake';
import { ProcessWebhook } from '../../api/temporal/kernel-workflows';
import { eventually } from '../support/api';
import { startPlatformStack, webhookHmac } from '../support/platform';

jest.setTimeout(240_000);

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;

beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(() => stack?.close());

function deliver(domain: string, webhookId: string, body: string) {
  return fetch(`${stack.appUrl}/webhooks`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': 'orders/fulfilled',
      'x-shopify-shop-domain': domain,
      'x-shopify-api-version': '2025-10',
      'x-shopify-webhook-id': webhookId,
      'x-shopify-hmac-sha256': webhookHmac(body),
    },
  }).then(async (res) => ({ status: res.status, body: await res.json() }));
}

const order = (name: string) => `{"id":5000000000000000001,"name":"${name}","email":"buyer@example.com"}`;

/** Every run of the workflow id, open or closed, once none is open and no start is left in the outbox. */
async function settledRuns(workflowId: string) {
  const { client } = stack.api.runtime.services.temporal;
  return eventually(async () => {
    if (await stack.api.knex('workflow_outbox').where({ workflowId }).first()) return undefined;
    const runs: { runId: string; status: string }[] = [];
    for await (const run of client.workflow.list({ query: `WorkflowId = '${workflowId}'` })) runs.push({ runId: run.runId, status: run.status.name });
    return runs.length && runs.every((r) => r.status !== 'RUNNING') ? runs : undefined;
  }, 90_000);
}

async function processed(domain: string, webhookId: string) {
  return eventually(async () => {
    const row = await stack.api.knex('webhook_deliveries').where({ shopDomain: domain, webhookId }).first();
    return row?.status === 'processed' ? row : undefined;
  }, 90_000);
}

/** Shopify's redeliveries one after another until the delivery is processed (the first run closing meanwhile). */
async function redeliverUntilProcessed(post: () => Promise<{ status: number; body: any }>) {
  const answers = [];
  for (let i = 0; i < 300; i++) {
    const answer = await post();
    answers.push(answer);
    if (answer.body.duplicate) break;
  }
  return answers;
}

/** One trial: 20 posts of one delivery at once, then one after another until it is processed. */
async function trial(domain: string) {
  const webhookId = crypto.randomUUID();
  const post = () => deliver(domain, webhookId, order('#ONCE1'));
  const [burst, stream] = await Promise.all([Promise.all(Array.from({ length: 20 }, post)), redeliverUntilProcessed(post)]);
  expect([...burst, ...stream].filter((a) => a.status !== 200)).toEqual([]);
  const row = await processed(domain, webhookId);
  expect(row.attempts).toBe(1);
  expect(await stack.api.knex('webhook_deliveries').where({ shopDomain: domain, webhookId })).toHaveLength(1);
  return settledRuns(webhookWorkflowId(domain, webhookId));
}

test('the same webhook posted 20 times at once, then redelivered until processed, is stored once and processed by one run (3 trials)', async () => {
  const { domain, shop } = await stack.installShop();
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await trial(domain));
  expect(runs.map((r) => r.map((run) => run.status))).toEqual(Array(3).fill(['COMPLETED']));
  expect(await stack.api.knex('fixture_notes').where({ shopId: shop.id }).pluck('text')).toEqual(Array(3).fill('order #ONCE1 (5000000000000000001) fulfilled'));
});

test('a start recorded again after the run completed (a redelivery that read the row before it was processed) opens no second run', async () => {
  const { domain } = await stack.installShop();
  const webhookId = crypto.randomUUID();
  expect((await deliver(domain, webhookId, order('#ONCE2'))).status).toBe(200);
  const row = await processed(domain, webhookId);
  const workflowId = webhookWorkflowId(domain, webhookId);
  expect(await settledRuns(workflowId)).toHaveLength(1);
  // handled in the worker that ran the workflow (`local-dispatch`): no activity task went through the task queue
  const { events } = await stack.api.runtime.services.temporal.client.workflow.getHandle(workflowId).fetchHistory();
  const localActivity = events!.some((e) => e.markerRecordedEventAttributes?.markerName === 'core_local_activity');
  expect({ activities: events!.filter((e) => e.activityTaskScheduledEventAttributes).length, localActivity }).toEqual({ activities: 0, localActivity: true });

  // The late half of the race, made deterministic: the redelivery's start reaches Temporal now.
  const { outbox } = stack.api.runtime.services;
  const outboxId = await outbox.enqueue(ProcessWebhook, processWebhookStart(row));
  expect(outboxId).toEqual(expect.any(Number));
  // "Already started" counts as done: the recorded start is removed, not retried forever.
  expect(await outbox.dispatch(outboxId!)).toBe('started');
  expect(await settledRuns(workflowId)).toEqual([{ runId: expect.any(String), status: 'COMPLETED' }]);
});
