// QuestionsExport and QuestionsImport (@plaudit/contracts/questions) against the run's PostgreSQL: the
// import is all or none per call and idempotent by key (a question's rows split over two calls add
// their answers to it; one merchant answer per question), keeps dates, states and votes, stamps the
// rows notified and counts published answers; the export pages oldest first, each question with all
// its answers, and never another shop's. The file formats around them are the imports plugin's tests.
import { createShop, startTestApi, type TestApi } from '@plaudit/kernel/testing';
import {
  QuestionsExport,
  QuestionsImport,
  type ExportedQuestion,
  type ImportedQuestionInput,
  type QuestionsExportApi,
  type QuestionsImportApi,
} from '@plaudit/contracts/questions';

let api: TestApi;
let transfer: QuestionsExportApi & QuestionsImportApi;
beforeAll(async () => {
  api = await startTestApi();
  const { capabilities } = api.runtime.services;
  transfer = { ...capabilities.require(QuestionsExport), ...capabilities.require(QuestionsImport) };
});
afterAll(() => api.close());

async function tenant() {
  const { shop } = await createShop(api);
  return api.runtime.services.tenant(shop.id, shop.shopifyDomain);
}

const question = (key: string, extra: Partial<ImportedQuestionInput> = {}): ImportedQuestionInput => ({
  importKey: key,
  productId: 'gid://shopify/Product/1',
  productHandle: 'mug',
  askerName: 'Ann',
  body: `Question ${key}?`,
  createdAt: new Date('2025-01-01T00:00:00Z'),
  ...extra,
});
const answer = (key: string, extra: object = {}) => ({
  importKey: key,
  authorName: 'Shop',
  body: `Answer ${key}`,
  createdAt: new Date('2025-01-02T00:00:00Z'),
  ...extra,
});

async function all(t: Awaited<ReturnType<typeof tenant>>, size?: number): Promise<ExportedQuestion[][]> {
  const batches = [];
  for await (const b of transfer.exportBatches(t, size)) batches.push(b);
  return batches;
}

test('all or none: a bad row writes nothing and names its index and field', async () => {
  const t = await tenant();
  const err = await transfer
    .importQuestions(t, [question('1'), question('2', { askerName: ' ', answers: [answer('a', { status: 'maybe' })] as never })])
    .catch((e: Error) => e);
  expect(err).toMatchObject({ name: 'ZodError' });
  expect((err as unknown as { issues: { path: unknown[] }[] }).issues.map((i) => i.path)).toEqual([
    [1, 'askerName'],
    [1, 'answers', 0, 'status'],
  ]);
  expect(await all(t)).toEqual([]);
});

test('idempotent by key; split rows add answers; one merchant answer per question; counts and stamps', async () => {
  const t = await tenant();
  const first = await transfer.importQuestions(t, [
    question('q1', { answers: [answer('m1'), answer('c1', { author: 'community', status: 'unpublished' })] }),
    question('q2', { status: 'pending', helpfulCount: 4 }),
  ]);
  expect(first).toEqual({ questions: ['q1', 'q2'], answers: ['m1', 'c1'] });
  // the same again: nothing; then q1's later rows in another call: its new community answer only
  expect(await transfer.importQuestions(t, [question('q1', { answers: [answer('m1')] }), question('q2')])).toEqual({ questions: [], answers: [] });
  expect(await transfer.importQuestions(t, [question('q1', { answers: [answer('m2'), answer('c2', { author: 'community' })] })])).toEqual({
    questions: [],
    answers: ['c2'],
  });

  const [[q1, q2]] = await all(t);
  expect(q1).toMatchObject({ status: 'published', answeredAt: new Date('2025-01-02T00:00:00Z'), createdAt: new Date('2025-01-01T00:00:00Z') });
  expect(q1.answers.map((a) => [a.body, a.author, a.status])).toEqual([
    ['Answer m1', 'merchant', 'published'],
    ['Answer c1', 'community', 'unpublished'],
    ['Answer c2', 'community', 'published'],
  ]);
  expect(q2).toMatchObject({ status: 'pending', helpfulCount: 4, answeredAt: null, answers: [] });
  const rows = await t.table('questions').select('publishedAnswers', 'merchantNotifiedAt').orderBy('id');
  expect(rows.map((r: { publishedAnswers: number }) => r.publishedAnswers)).toEqual([2, 0]);
  expect(rows.every((r: { merchantNotifiedAt: Date | null }) => r.merchantNotifiedAt)).toBe(true);
  expect(await t.table('question_answers').whereNull('askerNotifiedAt')).toEqual([]);
});

test('the export pages oldest first (created at, then id) and never includes another shop', async () => {
  const [t, other] = [await tenant(), await tenant()];
  const same = new Date('2025-03-01T10:00:00.500Z');
  await transfer.importQuestions(t, [
    question('c', { createdAt: new Date('2025-04-01T00:00:00Z') }),
    question('a', { createdAt: same }),
    question('b', { createdAt: same }),
  ]);
  await transfer.importQuestions(other, [question('secret')]);
  const batches = await all(t, 1);
  expect(batches.map((b) => b.map((q) => q.body))).toEqual([['Question a?'], ['Question b?'], ['Question c?']]);
  expect((await all(t)).flat().map((q) => q.body)).toEqual(['Question a?', 'Question b?', 'Question c?']);
});
