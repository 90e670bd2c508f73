// QuestionsAnalytics against the run's PostgreSQL: questions asked and answered count on the
// shop's local days (created_at and answered_at apart), only questions with a published answer count
// as answered, and the sweep sees every change to those dates, plain updates and deletes included,
// but not bookkeeping. The rows are written as the admin routes write them (db/moderation.ts): the
// routes themselves, with mails, are moderation.test.ts's.
import { createShop, startTestApi, type TestApi } from '@plaudit/kernel/testing';
import { deleteAnswer, runAction, setAnswerStatus } from '../db/moderation';
import { QuestionRow } from '../db/models';
import { QuestionsAnalytics, type QuestionsAnalyticsApi } from '@plaudit/contracts/questions';

let api: TestApi;
let source: QuestionsAnalyticsApi;
beforeAll(async () => {
  api = await startTestApi();
  source = api.runtime.services.capabilities.require(QuestionsAnalytics);
});
afterAll(() => api.close());

async function shopWithTenant() {
  const { shop } = await createShop(api);
  return { shopId: shop.id as number, tenant: api.runtime.services.tenant(shop.id, shop.shopifyDomain) };
}

type Tenant = Awaited<ReturnType<typeof shopWithTenant>>['tenant'];
/** the answer mails are moderation.test.ts's: here the events go nowhere */
const events = { emit: async () => undefined };

async function ask(tenant: Tenant, createdAt: string): Promise<number> {
  const row = await tenant.insert(QuestionRow, {
    productId: 'gid://shopify/Product/1',
    askerName: 'Quinn',
    body: 'Dishwasher safe?',
    createdAt: new Date(createdAt),
  });
  return Number(row.id);
}

/** A community answer written at `createdAt` (the answered date), published as the merchant does unless said. */
async function answer(tenant: Tenant, questionId: number, createdAt: string, publish = true): Promise<number> {
  const [{ id }] = await tenant
    .insertInto('question_answers', { questionId, author: 'community', authorName: 'Bo', body: 'Yes.', status: 'pending', createdAt: new Date(createdAt) })
    .returning('id');
  if (publish) await setAnswerStatus(api.knex, tenant, questionId, Number(id), 'published', events);
  return Number(id);
}

/** the database's clock: the sweep compares with marks as PostgreSQL stamps them */
const dbNow = async (): Promise<Date> => (await api.knex.raw('SELECT clock_timestamp() AS now')).rows[0].now;
/**
 * A boundary between changes: the database's next millisecond, returned once its clock has passed
 * it. A Date has no microseconds, so a plain reading could fall before a change stamped in the same
 * millisecond. The fold itself reads two minutes back (FOLD_OVERLAP_MS).
 */
async function mark(): Promise<Date> {
  const boundary = new Date((await dbNow()).getTime() + 1);
  while ((await dbNow()) <= boundary);
  return boundary;
}

test('questions asked and answered count on their local days; only a published answer counts', async () => {
  const { tenant } = await shopWithTenant();
  // asked at 23:30 on the 9th in New York (EDT, UTC-4), the 10th in UTC
  const late = await ask(tenant, '2026-03-10T03:30:00Z');
  await answer(tenant, late, '2026-03-10T14:00:00Z');
  // answered at 23:45 on the 10th in New York, the 11th in UTC
  const second = await ask(tenant, '2026-03-10T12:00:00Z');
  await answer(tenant, second, '2026-03-11T03:45:00Z');
  // an answer still pending, and one published then deleted: not answered
  await answer(tenant, await ask(tenant, '2026-03-12T12:00:00Z'), '2026-03-13T12:00:00Z', false);
  const withdrawn = await ask(tenant, '2026-03-12T13:00:00Z');
  await deleteAnswer(api.knex, tenant, withdrawn, await answer(tenant, withdrawn, '2026-03-13T12:00:00Z'));

  expect(await source.days(tenant, { from: '2026-03-01', to: '2026-03-31', timezone: 'America/New_York' })).toEqual({
    '2026-03-09': { 'questions.asked': 1 },
    '2026-03-10': { 'questions.asked': 1, 'questions.answered': 2 },
    '2026-03-12': { 'questions.asked': 2 },
  });
  expect(await source.days(tenant, { from: '2026-03-10', to: '2026-03-11', timezone: 'UTC' })).toEqual({
    '2026-03-10': { 'questions.asked': 2, 'questions.answered': 1 },
    '2026-03-11': { 'questions.answered': 1 },
  });
  expect(await source.days(tenant, { from: '2026-03-10', to: '2026-03-10', timezone: 'Asia/Kolkata' })).toEqual({
    '2026-03-10': { 'questions.asked': 2, 'questions.answered': 1 },
  });

  expect(await source.firstDay(tenant, 'America/New_York')).toBe('2026-03-09');
  expect(await source.firstDay(tenant, 'UTC')).toBe('2026-03-10');
  const empty = await shopWithTenant();
  expect(await source.firstDay(empty.tenant, 'UTC')).toBeUndefined();
  expect(await source.days(empty.tenant, { from: '2026-03-01', to: '2026-03-31', timezone: 'UTC' })).toEqual({});
});

test('the sweep reports asking, answering, re-dating and deleting by their buckets, whatever wrote it, and not bookkeeping', async () => {
  const { shopId, tenant } = await shopWithTenant();
  const bucketsOf = async (since: Date, until: Date) =>
    ((await source.touched(since, until)).find((t) => t.shopId === shopId)?.buckets ?? []).map((b) => b.toISOString());
  const asked = '2026-03-10T03:30:00.000Z';

  let since = await mark();
  const id = await ask(tenant, '2026-03-10T03:37:00Z');
  let until = await mark();
  expect(await bucketsOf(since, until)).toEqual([asked]);
  expect(await bucketsOf(until, await mark())).toEqual([]);

  since = await mark();
  const answerId = await answer(tenant, id, '2026-03-11T09:59:00Z');
  until = await mark();
  expect(await bucketsOf(since, until)).toEqual([asked, '2026-03-11T09:45:00.000Z']);

  // publishing the question and the mail's stamp change no count; a bookkeeping write leaves
  // updated_at alone (public API clients sync on it)
  since = await mark();
  await runAction(api.knex, tenant, 'publish', [id]);
  const published = await tenant.query(QuestionRow).findById(id);
  await tenant.table('questions').where({ id }).update({ merchantNotifiedAt: new Date() });
  until = await mark();
  expect(await bucketsOf(since, until)).toEqual([]);
  expect((await tenant.query(QuestionRow).findById(id))!.updatedAt).toEqual(published!.updatedAt);

  // the answer unpublished: the question no longer counts as answered on that day
  since = await mark();
  await setAnswerStatus(api.knex, tenant, id, answerId, 'unpublished', events);
  until = await mark();
  expect(await bucketsOf(since, until)).toEqual([asked, '2026-03-11T09:45:00.000Z']);

  // a plain update of the date is marked by the database, old day and new
  since = await mark();
  await tenant
    .table('questions')
    .where({ id })
    .update({ createdAt: new Date('2026-03-12T00:05:00Z') });
  until = await mark();
  expect(await bucketsOf(since, until)).toEqual([asked, '2026-03-12T00:00:00.000Z']);

  // deleted for good: its day is marked though the row is gone
  since = await mark();
  expect(await runAction(api.knex, tenant, 'delete', [id])).toBe(1);
  until = await mark();
  expect(await bucketsOf(since, until)).toEqual(['2026-03-12T00:00:00.000Z']);
});
