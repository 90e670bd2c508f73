// QuestionsExport and QuestionsImport (@plaudit/contracts/questions): a shop's questions with their
// answers in keyset batches, and questions from a file written in one transaction, de-duplicated by
// import key. Raw tables through the tenant's helpers (db/models.ts has no import_key).
import type { Knex } from 'knex';
import type { z } from 'zod';
import type { KernelServices, Tenant } from '@plaudit/kernel';
import type {
  ExportedAnswer,
  ExportedQuestion,
  ImportedQuestionInput,
  QuestionsExportApi,
  QuestionsImportApi,
  QuestionsImportResult,
} from '@plaudit/contracts/questions';
import { importedQuestions, TRANSFER_BATCH, type ImportedQuestion } from '../shared/transfer';
import { recountAnswers } from './moderation';

type Row = Record<string, any>;
const date = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string));
const QUESTION_COLUMNS = [
  'id',
  'productId',
  'productHandle',
  'productTitle',
  'askerName',
  'askerEmail',
  'body',
  'locale',
  'status',
  'helpfulCount',
  'answeredAt',
  'publishedAnswers',
  'createdAt',
];
const ANSWER_COLUMNS = ['id', 'questionId', 'author', 'authorName', 'body', 'status', 'helpfulCount', 'createdAt'];

function exportedAnswer(a: Row): ExportedAnswer {
  return {
    id: Number(a.id),
    author: a.author,
    authorName: a.authorName,
    body: a.body,
    status: a.status,
    helpfulCount: a.helpfulCount,
    createdAt: date(a.createdAt)!,
  };
}

function exportedQuestion(q: Row, answers: ExportedAnswer[]): ExportedQuestion {
  return {
    id: Number(q.id),
    productId: q.productId,
    productHandle: q.productHandle ?? null,
    productTitle: q.productTitle ?? null,
    askerName: q.askerName,
    askerEmail: q.askerEmail ?? null,
    body: q.body,
    locale: q.locale,
    status: q.status,
    helpfulCount: q.helpfulCount,
    // answered_at stays after an answer is unpublished; it only counts while one is published
    answeredAt: q.publishedAnswers > 0 ? date(q.answeredAt) : null,
    createdAt: date(q.createdAt)!,
    answers,
  };
}

/** One batch of questions after `after` (created_at has millisecond precision: a Date cursor is exact). */
async function questionBatch(tenant: Tenant, size: number, after: [Date, number] | null): Promise<ExportedQuestion[]> {
  const qb = tenant.table('questions').select(QUESTION_COLUMNS);
  // tenancy: a row-value comparison inside tenant.table('questions')
  if (after) qb.whereRaw('(questions.created_at, questions.id) > (?::timestamptz, ?::bigint)', after);
  const questions: Row[] = await qb
    .orderBy([
      { column: 'createdAt', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
    .limit(size);
  if (!questions.length) return [];
  const answers: Row[] = await tenant
    .table('question_answers')
    .select(ANSWER_COLUMNS)
    .whereIn(
      'questionId',
      questions.map((q) => q.id),
    )
    .orderBy([
      { column: 'createdAt', order: 'asc' },
      { column: 'id', order: 'asc' },
    ]);
  const byQuestion = new Map<number, ExportedAnswer[]>();
  for (const a of answers) byQuestion.set(Number(a.questionId), [...(byQuestion.get(Number(a.questionId)) ?? []), exportedAnswer(a)]);
  return questions.map((q) => exportedQuestion(q, byQuestion.get(Number(q.id)) ?? []));
}

export async function* exportQuestionBatches(tenant: Tenant, batchSize: number = TRANSFER_BATCH.default): AsyncGenerator<ExportedQuestion[]> {
  const size = Math.min(TRANSFER_BATCH.max, Math.max(1, Math.floor(batchSize) || TRANSFER_BATCH.default));
  let after: [Date, number] | null = null;
  for (;;) {
    const batch = await questionBatch(tenant, size, after);
    if (batch.length) yield batch;
    if (batch.length < size) return;
    const last = batch[batch.length - 1];
    after = [last.createdAt, last.id];
  }
}

/** Inserts the questions the shop lacks; returns every row's question id by key and the keys created. */
async function writeQuestions(tenant: Tenant, trx: Knex.Transaction, rows: ImportedQuestion[], now: Date) {
  const created: Row[] = await tenant
    .insertInto(
      'questions',
      rows.map((q) => ({
        importKey: q.importKey,
        productId: q.productId,
        productTitle: q.productTitle ?? null,
        productHandle: q.productHandle ?? null,
        askerName: q.askerName,
        askerEmail: q.askerEmail ?? null,
        body: q.body,
        locale: q.locale,
        status: q.status,
        helpfulCount: q.helpfulCount,
        // imported questions are not new: neither the merchant's mail nor the digest takes them up
        merchantNotifiedAt: now,
        answeredAt: q.answeredAt ?? null,
        ...(q.createdAt ? { createdAt: q.createdAt } : {}),
      })),
      trx,
    )
    .onConflict(['shop_id', 'import_key'])
    .ignore()
    .returning(['importKey']);
  const ids: Row[] = await tenant
    .table('questions', trx)
    .select('id', 'importKey')
    .whereIn(
      'importKey',
      rows.map((q) => q.importKey),
    );
  return { created: created.map((r) => r.importKey as string), idOf: new Map(ids.map((r) => [r.importKey as string, Number(r.id)])) };
}

/** The answers to insert: new keys only, at most one merchant answer per question (the unique index's rule). */
async function freshAnswers(tenant: Tenant, trx: Knex.Transaction, rows: ImportedQuestion[], idOf: Map<string, number>) {
  const questionIds = [...new Set(idOf.values())];
  const merchant = new Set(
    (await tenant.table('question_answers', trx).select('questionId').whereIn('questionId', questionIds).where('author', 'merchant')).map((r: Row) =>
      Number(r.questionId),
    ),
  );
  const known = new Set(
    (
      await tenant
        .table('question_answers', trx)
        .select('importKey')
        .whereIn(
          'importKey',
          rows.flatMap((q) => q.answers.map((a) => a.importKey)),
        )
    ).map((r: Row) => r.importKey),
  );
  const out = [];
  for (const q of rows) {
    const questionId = idOf.get(q.importKey)!;
    for (const a of q.answers) {
      if (known.has(a.importKey) || (a.author === 'merchant' && merchant.has(questionId))) continue;
      known.add(a.importKey);
      if (a.author === 'merchant') merchant.add(questionId);
      out.push({ questionId, ...a });
    }
  }
  return out;
}

export async function importQuestions(knex: Knex, tenant: Tenant, input: ImportedQuestionInput[]): Promise<QuestionsImportResult> {
  // `satisfies`: the contract's row is what the schema takes (a field changed on one side breaks the type check)
  const rows = importedQuestions.parse(input satisfies z.input<typeof importedQuestions>);
  return knex.transaction(async (trx) => {
    const now = new Date();
    const { created, idOf } = await writeQuestions(tenant, trx, rows, now);
    const answers = await freshAnswers(tenant, trx, rows, idOf);
    const written: Row[] = answers.length
      ? await tenant
          .insertInto(
            'question_answers',
            answers.map((a) => ({
              importKey: a.importKey,
              questionId: a.questionId,
              author: a.author,
              authorName: a.authorName,
              body: a.body,
              status: a.status,
              helpfulCount: a.helpfulCount,
              askerNotifiedAt: now,
              merchantNotifiedAt: now,
              ...(a.createdAt ? { createdAt: a.createdAt } : {}),
            })),
            trx,
          )
          .onConflict(['shop_id', 'import_key'])
          .ignore()
          .returning(['importKey'])
      : [];
    await recountAnswers(tenant, [...new Set(idOf.values())], trx);
    return { questions: created, answers: written.map((r) => r.importKey as string) };
  });
}

export const questionsExport = (): QuestionsExportApi => ({ exportBatches: exportQuestionBatches });
export const questionsImport = ({ knex }: KernelServices): QuestionsImportApi => ({ importQuestions: (tenant, rows) => importQuestions(knex, tenant, rows) });
