// Auto-publish of held reviews and the recycle-bin purge, on the real Temporal dev server and the
// real worker: the schedule exists, and the workflow it runs acts on per-shop settings.
import { eventually, startTestApi, type TestApi } from '@plaudit/kernel/testing';
import { ensureMaintenanceSchedule, MAINTENANCE_SCHEDULE_ID } from '../api/schedule';
import { insertReviews, shopOn } from './helpers';
import { ReviewsMaintenance } from '../shared/workflows';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

test('the hourly schedule is created at start, idempotently', async () => {
  const handle = api.runtime.services.temporal.client.schedule.getHandle(MAINTENANCE_SCHEDULE_ID);
  const description = await handle.describe();
  expect(description.action).toMatchObject({ type: 'startWorkflow', workflowType: ReviewsMaintenance.type });
  expect(description.spec.intervals?.[0].every).toBe(3_600_000);
  // a second start finds it there and carries on
  await ensureMaintenanceSchedule(api.runtime.services);
  expect((await handle.describe()).action).toMatchObject({ workflowType: ReviewsMaintenance.type });
});

test('held reviews publish after the shop setting and old trash is purged, on the dev server', async () => {
  // A "day" of a minute: held reviews publish after 14 minutes, the 15-day bin keeps 15. The rows due
  // are dated 20 minutes back, so the fresh ones stay however long the busy machine takes to get there
  // (with a day of 1 s, a run beside CI purged a row trashed 15 s before).
  const dayMs = 60_000;
  const due = () => new Date(Date.now() - 20 * dayMs);
  const fast = await shopOn(api, 'pro');
  const never = await shopOn(api, 'pro');
  expect((await fast.http.put('/api/reviews/settings', { autoPublish: 'hold', trashRetentionDays: 15 })).status).toBe(200);
  expect((await never.http.put('/api/reviews/settings', { autoPublishHeldAfterDays: null })).body.data).toMatchObject({ autoPublishHeldAfterDays: null });
  const held = await fast.http.post('/api/reviews', { productId: 'gid://shopify/Product/77', rating: 1, content: 'negative, held like every other rating' });
  expect(held.body.status).toBe('pending');
  const [fresh] = await insertReviews(api, fast.shop.id, 1, { status: 'pending' });
  await api.knex('reviews').where({ id: held.body.id }).update({ createdAt: due() });
  const [oldTrash, newTrash] = await insertReviews(api, fast.shop.id, 2, { status: 'trash', trashedFrom: 'published' });
  await api.knex('reviews').where({ id: oldTrash.id }).update({ deletedAt: due() });
  await api.knex('reviews').where({ id: newTrash.id }).update({ deletedAt: new Date() });
  const [neverHeld] = await insertReviews(api, never.shop.id, 1, { status: 'pending', createdAt: new Date(Date.now() - 3_600_000) });

  const result = await api.runtime.services.temporal.execute(ReviewsMaintenance, {
    workflowId: `reviews-maintenance-test-${fast.shop.id}`,
    taskQueue: api.config.temporal.taskQueue,
    // its shops only: the short day would publish and purge other test files' reviews in the same database
    args: [{ dayMs, shopIds: [fast.shop.id, never.shop.id] }],
  });
  expect(result).toEqual({ published: 1, purged: 1 });
  const status = async (id: number) => (await api.knex('reviews').where({ id }).first())?.status;
  expect(await status(held.body.id)).toBe('published');
  expect(await status(fresh.id)).toBe('pending');
  expect(await status(oldTrash.id)).toBeUndefined();
  expect(await status(newTrash.id)).toBe('trash');
  expect(await status(neverHeld.id)).toBe('pending');
  const summary = await api.knex('review_summaries').where({ shopId: fast.shop.id, productKey: 'gid://shopify/Product/77' }).first();
  expect(summary).toMatchObject({ count: 1, stars1: 1 });
});

test('the schedule itself runs the workflow when triggered', async () => {
  const handle = api.runtime.services.temporal.client.schedule.getHandle(MAINTENANCE_SCHEDULE_ID);
  const before = (await handle.describe()).info.numActionsTaken;
  await handle.trigger();
  await eventually(async () => (await handle.describe()).info.recentActions.length > 0 && (await handle.describe()).info.numActionsTaken > before);
});
