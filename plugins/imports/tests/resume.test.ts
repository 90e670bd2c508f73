// A run cut off mid-file (a worker restart) resumes after the last batch it wrote: the activity is run
// in Temporal's mock activity context, made to fail at its first heartbeat (the first batch written
// and its position stored), then run again as Temporal's retry would: every row once, counts exact.
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

test('a run stopped after its first batch resumes there: every row once, the counts exact', async () => {
  const shop = await shopOn(stack);
  const lines = Array.from({ length: ROWS }, (_, i) => `linen-tote-bag,published,${(i % 5) + 1},T${i},Ann ${i},,FR,Body ${i},,2024-01-01 10:00:00 UTC,`);
  const up = await upload(stack, shop, { name: 'big.csv', bytes: Buffer.from([HEADER, ...lines].join('\n')) });
  expect(up.status).toBe(201);
  const id = up.body.data.id;
  // what POST /start records, without handing the run to a worker: this test is the worker
  await stack.api
    .knex('imports')
    .where({ id })
    .update({ status: 'running', runLimit: 10_000, mapping: JSON.stringify(up.body.data.mapping), format: up.body.data.format });
  const services = stack.api.runtime.services as KernelServices;
  const input = { shopId: shop.shop.id, shopDomain: shop.domain, importId: id };

  await new MockActivityEnvironment().run(() => countRows(services, input));
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
