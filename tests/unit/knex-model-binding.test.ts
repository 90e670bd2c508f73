// objection's models follow the newest pool of the process; a test that starts a worker beside its
// API (two pools) must find the models on the API's pool again once the worker's is destroyed.
import { Model } from 'objection';
import { createKnex } from '../../api/db/knex';

// never connected: knex opens connections on the first query only
const url = 'postgres://nobody@127.0.0.1:1/none';

test("destroying the models' pool hands them back to the pool bound before it", async () => {
  const api = createKnex(url);
  const worker = createKnex(url);
  expect(Model.knex()).toBe(worker);
  await worker.destroy();
  expect(Model.knex()).toBe(api);
  await api.destroy();
});

test('destroying an older pool leaves the models on the newest; a pool not bound to them never moves them', async () => {
  const first = createKnex(url);
  const replica = createKnex(url, { min: 0, max: 1 }, { bindModels: false });
  const second = createKnex(url);
  await first.destroy();
  expect(Model.knex()).toBe(second);
  await replica.destroy();
  expect(Model.knex()).toBe(second);
  await second.destroy();
});
