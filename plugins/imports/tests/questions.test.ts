// Questions and answers both ways (issue 20) against the real stack: GET /api/imports/export?content=questions
// writes exactly what the shop has stored (every status, one row per answer, formula cells quoted,
// no other shop's), and that file uploaded into another shop recreates the questions and answers
// (products matched by handle) through QuestionsImport, the second time creating nothing.
import { parse } from 'csv-parse/sync';
import { tenantFor } from '@plaudit/kernel/testing';
import { QUESTION_COLUMNS } from '../formats/questions';
import { QuestionsImport, type ImportedQuestionInput } from '@plaudit/contracts/questions';
import { errorReport, importFile, importStack, shopOn, upload, type Shop, type Stack } from './stack';

jest.setTimeout(180_000);

let stack: Stack;
let close: () => Promise<void>;
let from: Shop;
beforeAll(async () => ({ stack, close } = await importStack('questions')), 120_000);
afterAll(() => close?.());

const knex = () => stack.api.runtime.services.knex;
const at = (iso: string) => new Date(iso);
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

function seed(shop: Shop): ImportedQuestionInput[] {
  const [mug, lamp] = shop.products;
  const product = (p: typeof mug) => ({ productId: `gid://shopify/Product/${p.id}`, productTitle: p.title, productHandle: p.handle });
  return [
    {
      importKey: 'seed:1',
      ...product(mug),
      askerName: 'Ann Lee',
      askerEmail: 'ann@example.com',
      body: 'Is it safe in the dishwasher?',
      locale: 'fr',
      status: 'published',
      helpfulCount: 3,
      createdAt: at('2025-01-05T10:00:00.123Z'),
      answeredAt: at('2025-01-06T08:00:00Z'),
      answers: [
        {
          importKey: 'seed:a1',
          author: 'merchant',
          authorName: 'The shop',
          body: 'Yes, "top rack", 60 °C, at most',
          status: 'published',
          helpfulCount: 2,
          createdAt: at('2025-01-06T08:00:00Z'),
        },
        {
          importKey: 'seed:a2',
          author: 'community',
          authorName: 'Bo',
          body: '=HYPERLINK("x") mine survived\nfor years',
          status: 'unpublished',
          helpfulCount: 0,
          createdAt: at('2025-01-07T09:30:00Z'),
        },
      ],
    },
    {
      importKey: 'seed:2',
      ...product(lamp),
      askerName: 'Cy',
      askerEmail: null,
      body: '-Which bulb does it take?',
      locale: 'en',
      status: 'pending',
      helpfulCount: 0,
      createdAt: at('2025-02-10T12:00:00Z'),
      answers: [],
    },
  ];
}

/** The shop's questions and answers as stored, oldest first, with their product's handle. */
async function stored(shop: Shop) {
  const questions = await knex()('questions')
    .where({ shopId: shop.shop.id })
    .orderBy([{ column: 'createdAt' }, { column: 'id' }]);
  const answers = await knex()('questionAnswers')
    .where({ shopId: shop.shop.id })
    .orderBy([{ column: 'createdAt' }, { column: 'id' }]);
  return questions.map((q: any) => ({
    id: String(q.id),
    handle: q.productHandle,
    productId: q.productId,
    body: q.body,
    askerName: q.askerName,
    askerEmail: q.askerEmail,
    locale: q.locale,
    status: q.status,
    helpfulCount: q.helpfulCount,
    publishedAnswers: q.publishedAnswers,
    createdAt: iso(q.createdAt),
    answeredAt: q.publishedAnswers > 0 ? iso(q.answeredAt) : null,
    answers: answers
      .filter((a: any) => a.questionId === q.id)
      .map((a: any) => ({
        id: String(a.id),
        author: a.author,
        authorName: a.authorName,
        body: a.body,
        status: a.status,
        helpfulCount: a.helpfulCount,
        createdAt: iso(a.createdAt),
      })),
  }));
}

async function download(shop: Shop, query: string) {
  const res = await fetch(`${stack.appUrl}/api/imports/export?${query}`, { headers: { authorization: `Bearer ${shop.appToken}` } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const rowsOf = (bytes: Buffer): Record<string, string>[] => parse(bytes, { bom: true, columns: true });
/** What a spreadsheet shows of a cell our CSV escaped: the reader drops the quote again (EXPORT.md). */
const unescaped = (v: string) => v.replace(/^'(?=[=+\-@])/, '');

test('the Q&A export is what the shop stored: one row per answer, every status, formula cells quoted, no other shop', async () => {
  from = await shopOn(stack);
  const other = await shopOn(stack);
  const importer = stack.api.runtime.services.capabilities.require(QuestionsImport);
  await importer.importQuestions(tenantFor(from.shop.id, from.domain), seed(from));
  await importer.importQuestions(tenantFor(other.shop.id, other.domain), [{ ...seed(other)[1], importKey: 'x', body: 'Other shop secret' }]);

  const res = await download(from, 'content=questions');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(res.headers.get('content-disposition')).toBe(
    `attachment; filename="questions-${from.domain.replace('.myshopify.com', '')}-${new Date().toISOString().slice(0, 10)}.csv"`,
  );
  expect(res.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const text = res.bytes.toString('utf8');
  expect(text).toContain('\r\n');
  expect(text).not.toContain('Other shop secret');
  expect(parse(res.bytes, { bom: true })[0]).toEqual([...QUESTION_COLUMNS]);
  const rows = rowsOf(res.bytes);
  expect(rows.map((r) => r.answer)).toEqual(['Yes, "top rack", 60 °C, at most', `'=HYPERLINK("x") mine survived\nfor years`, '']);
  expect(rows[2].question).toBe("'-Which bulb does it take?");

  // row by row, the stored questions and answers (a question without answers has one row, its answer cells blank)
  const expected = (await stored(from)).flatMap((q) =>
    (q.answers.length ? q.answers : [null]).map((a) => ({
      questionId: q.id,
      productId: q.productId,
      productHandle: q.handle,
      question: q.body,
      askerName: q.askerName,
      askerEmail: q.askerEmail ?? '',
      locale: q.locale,
      questionStatus: q.status,
      questionHelpfulVotes: String(q.helpfulCount),
      askedAt: q.createdAt,
      answeredAt: q.answeredAt ?? '',
      answerId: a?.id ?? '',
      answer: a?.body ?? '',
      answerBy: a?.author ?? '',
      answerName: a?.authorName ?? '',
      answerStatus: a?.status ?? '',
      answerHelpfulVotes: a ? String(a.helpfulCount) : '',
      answerCreatedAt: a?.createdAt ?? '',
    })),
  );
  expect(
    rows.map((r) => ({
      ...Object.fromEntries(
        Object.entries(r)
          .filter(([k]) => k !== 'productTitle')
          .map(([k, v]) => [k, unescaped(v)]),
      ),
    })),
  ).toEqual(expected);
  expect(expected[0]).toMatchObject({
    askedAt: '2025-01-05T10:00:00.123Z',
    answeredAt: '2025-01-06T08:00:00.000Z',
    questionStatus: 'published',
    answerBy: 'merchant',
  });
});

test('bad export input is a 400 naming the field', async () => {
  for (const [query, field] of [
    ['content=questions&type=xlsx', 'type'],
    ['content=questions&format=judgeme', 'format'],
    ['content=answers', 'content'],
  ]) {
    const res = await download(from, query);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.bytes.toString()).errors).toHaveProperty(field, 'The value is invalid');
  }
});

test('a Plaudit Q&A export imported into another shop recreates its questions and answers; the same file again creates nothing', async () => {
  const file = { name: 'questions.csv', bytes: (await download(from, 'content=questions')).bytes };
  const to = await shopOn(stack);
  const up = await upload(stack, to, file);
  expect(up.status).toBe(201);
  expect(up.body.data).toMatchObject({ format: 'plaudit-questions', formats: [{ id: 'plaudit-questions', required: [] }], required: [] });

  const { run } = await importFile(stack, to, file);
  expect(run).toMatchObject({ status: 'completed', total: 3, processed: 3, imported: 3, skipped: 0, failed: 0 });
  // the same questions and answers, on the new shop's own products (found by handle)
  const same = (rows: Awaited<ReturnType<typeof stored>>) =>
    rows.map(({ id: _id, productId: _p, answers, ...q }) => ({ ...q, answers: answers.map(({ id: _a, ...a }) => a) }));
  const copy = await stored(to);
  expect(same(copy)).toEqual(same(await stored(from)));
  expect(copy.map((q) => q.productId)).toEqual(copy.map((q) => `gid://shopify/Product/${to.products.find((p) => p.handle === q.handle)!.id}`));
  // imported questions are not new: nothing waits for the merchant's mail or digest
  expect(await knex()('questions').where({ shopId: to.shop.id }).whereNull('merchantNotifiedAt')).toEqual([]);

  const again = await importFile(stack, to, file);
  expect(again.run).toMatchObject({ status: 'completed', imported: 0, skipped: 3, failed: 0 });
  expect(await stored(to)).toEqual(copy);
});

test('a Q&A row is refused with its line and column; the others are imported', async () => {
  const to = await shopOn(stack);
  const header = QUESTION_COLUMNS.join(',');
  const line = (cells: Partial<Record<(typeof QUESTION_COLUMNS)[number], string>>) => QUESTION_COLUMNS.map((c) => JSON.stringify(cells[c] ?? '')).join(',');
  const handle = to.products[0].handle;
  const csv = [
    header,
    line({
      questionId: '7',
      productHandle: handle,
      question: 'Does it come in blue?',
      askerName: 'Di',
      answerId: '70',
      answer: 'Not yet',
      answerBy: 'merchant',
    }),
    line({ questionId: '8', productHandle: 'no-such-product', question: 'Where?', askerName: 'Ed' }),
    line({ questionId: '9', productHandle: handle, question: 'Soon?', askerName: 'Flo', questionStatus: 'maybe' }),
  ].join('\n');
  const { run } = await importFile(stack, to, { name: 'qa.csv', bytes: Buffer.from(csv) });
  expect(run).toMatchObject({ status: 'completed', imported: 1, failed: 2 });
  expect(await errorReport(stack, to, run.id)).toEqual([
    { line: '3', column: 'productHandle', reason: 'The store has no product with handle "no-such-product"' },
    { line: '4', column: 'questionStatus', reason: 'The value is invalid' },
  ]);
  expect((await stored(to)).map((q) => [q.body, q.status, q.publishedAnswers, q.answers.map((a) => a.body)])).toEqual([
    ['Does it come in blue?', 'published', 1, ['Not yet']],
  ]);
});
