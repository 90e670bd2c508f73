// A run cut off mid-file (a worker restart) resumes after the last batch it wrote: the activity is run
// in Temporal's mock activity context, made to fail at its first heartbeat (the first batch written
// and its position stored), then run again as Temporal's retry would: every row once, counts exact.
// A retry started while the attempt it replaces still runs (its heartbeat timed out on a stalled
// machine) waits until that one has stopped: again every row once.
import { CancelledFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import type { KernelServices } from '@plaudit/kernel';
import { countRows, finishImport, runImport, BATCH_ROWS } from '../activities/run';
import { importStack, shopOn, upload, type Stack } from './stack';

jest.setTimeout(120_000);

let stack: Stack;
let close: () => Promise<void>;
beforeAll(async () => ({ stack, close } = await importStack('resume')), 120_000);
afterAll(() => close?.());

const HEADER = 'product_handle,state,rating,title,author,email,location,body,reply,created_at,replied_at';
const ROWS = BATCH_ROWS * 2 + 10;

/** A file of `rows` rows uploaded and started as POST /start records it, without handing the run to a worker: the test is the worker. */
async function startedRun(rows: number) {
  const shop = await shopOn(stack);
  const lines = Array.from({ length: rows }, (_, i) => `linen-tote-bag,published,${(i % 5) + 1},T${i},Ann ${i},,FR,Body ${i},,2024-01-01 10:00:00 UTC,`);
  const up = await upload(stack, shop, { name: 'big.csv', bytes: Buffer.from([HEADER, ...lines].join('\n')) });
  expect(up.status).toBe(201);
  const id = up.body.data.id;
  await stack.api
    .knex('imports')
    .where({ id })
    .update({ status: 'running', runLimit: 10_000, mapping: JSON.stringify(up.body.data.mapping), format: up.body.data.format });
  const services = stack.api.runtime.services as KernelServices;
  const input = { shopId: shop.shop.id, shopDomain: shop.domain, importId: id };
  await new MockActivityEnvironment().run(() => countRows(services, input));
  return { shop, id, services, input };
}

test('a run stopped after its first batch resumes there: every row once, the counts exact', async () => {
  const { shop, id, services, input } = await startedRun(ROWS);
  const crashing = new MockActivityEnvironment();
  crashing.on('heartbeat', () => {
    throw new Error('worker lost');
  });
  await expect(crashing.run(() => runImport(services, input))).rejects.toThrow('worker lost');
  const cut = await stack.api.knex('imports').where({ id }).first();
  expect(cut).toMatchObject({ processed: BATCH_ROWS, imported: BATCH_ROWS, resumeLine: BATCH_ROWS + 2 });
  expect((await shop.http.get('/api/reviews?tab=all&limit=1')).body.total).toBe(BATCH_ROWS);

  await new MockActivityEnvironment().run(() => runImport(services, input));
  const outcome = await new MockActivityEnvironment().run(() => finishImport(services, input, null));
  expect(outcome).toEqual({ status: 'completed', imported: ROWS, skipped: 0, failed: 0, error: null });
  expect(await stack.api.knex('imports').where({ id }).first()).toMatchObject({
    total: ROWS,
    processed: ROWS,
    imported: ROWS,
    status: 'completed',
    storedFile: null,
  });
  expect((await shop.http.get('/api/reviews?tab=all&limit=1')).body.total).toBe(ROWS);
});

test('a retry beside the attempt it replaces waits until that one stops: every row once, the counts exact', async () => {
  // ten batches: the first attempt is still writing when the retry asks for the run
  const rows = BATCH_ROWS * 10 + 10;
  const { shop, id, services, input } = await startedRun(rows);
  const first = new MockActivityEnvironment();
  const retry = new MockActivityEnvironment();
  let retried: Promise<unknown> = Promise.resolve();
  // the first attempt's first batch is written when Temporal gives up on it and starts the retry
  first.once('heartbeat', () => (retried = retry.run(() => runImport(services, input))));
  // a retry waiting for the run heartbeats without a position; then the worker, its heartbeat refused, cancels the first
  const retryFirstHeartbeat = new Promise((resolve) => retry.once('heartbeat', resolve));
  const firstRun = first.run(() => runImport(services, input));
  expect(await retryFirstHeartbeat).toBeUndefined();
  first.cancel('TIMED_OUT');
  const [firstEnded] = await Promise.allSettled([firstRun]);
  expect(firstEnded.status === 'fulfilled' || firstEnded.reason instanceof CancelledFailure).toBe(true);
  await retried;

  const outcome = await new MockActivityEnvironment().run(() => finishImport(services, input, null));
  expect(outcome).toEqual({ status: 'completed', imported: rows, skipped: 0, failed: 0, error: null });
  expect(await stack.api.knex('imports').where({ id }).first()).toMatchObject({ total: rows, processed: rows, imported: rows });
  expect((await shop.http.get('/api/reviews?tab=all&limit=1')).body.total).toBe(rows);
});
