// A Q&A file's run (FORMATS.md#questions): its rows read in batches like a review file's, each
// batch's questions (with the answers its rows carry) found a product in this shop and written
// through the questions plugin's QuestionsImport, all or none per call. The counts are per row: a
// row is imported when its answer (or, without one, its question) was created, skipped when the shop
// had it already, failed when refused. The position is stored with each batch's counts, as for reviews.
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { ZodError } from 'zod';
import type { KernelServices, Tenant } from '@plaudit/kernel';
import { addErrors, addProgress, clearErrorsFrom, type ImportRow } from '../db/imports';
import { stopIfCancelled } from './attempts';
import { toParsedQuestionRow, type ParsedQuestionRow, type QuestionColumn } from '../formats/questions';
import type { FileRecords } from '../read';
import { QuestionsImport, type ImportedAnswerInput, type ImportedQuestionInput, type QuestionsImportApi } from '@plaudit/contracts/questions';
import type { RowError } from '../shared/row';
import { describeRef, productResolver } from './products';

/** A question of the file with the answers its rows carry so far. */
type QuestionToWrite = ImportedQuestionInput & { answers: ImportedAnswerInput[] };

export const QUESTIONS_UNAVAILABLE = 'Questions cannot be imported: Q&A is not installed';

interface Counts {
  imported: number;
  skipped: number;
  failed: number;
  errors: RowError[];
}

/** The questions plugin's field -> our column, for its refusals' report lines. */
const QUESTION_COLUMN: Record<string, QuestionColumn> = {
  body: 'question',
  askerName: 'askerName',
  askerEmail: 'askerEmail',
  productId: 'productId',
  locale: 'locale',
  status: 'questionStatus',
  helpfulCount: 'questionHelpfulVotes',
  createdAt: 'askedAt',
  answeredAt: 'answeredAt',
};
const ANSWER_COLUMN: Record<string, QuestionColumn> = {
  body: 'answer',
  authorName: 'answerName',
  author: 'answerBy',
  status: 'answerStatus',
  helpfulCount: 'answerHelpfulVotes',
  createdAt: 'answerCreatedAt',
};

export async function runQuestionsFile(services: KernelServices, tenant: Tenant, run: ImportRow, opened: FileRecords, batchRows: number) {
  const importer = services.capabilities.get(QuestionsImport);
  if (!importer) throw ApplicationFailure.create({ type: 'ImportRefused', message: QUESTIONS_UNAVAILABLE, nonRetryable: true });
  const products = productResolver(services, tenant.shopDomain);
  // a retried run: the rows from the stored position are written again (as duplicates), their errors too
  await clearErrorsFrom(tenant, run.id, run.resumeLine);
  let rows: ParsedQuestionRow[] = [];
  let errors: RowError[] = [];
  let processed = 0;
  const flush = async (nextLine: number) => {
    stopIfCancelled();
    const counts = await writeQuestionRows(importer, products, tenant, rows);
    const refused = processed - rows.length;
    await addErrors(
      tenant,
      run.id,
      [...errors, ...counts.errors].sort((a, b) => a.line - b.line),
    );
    await addProgress(services.knex, tenant, run.id, {
      processed,
      imported: counts.imported,
      skipped: counts.skipped,
      failed: counts.failed + refused,
      photosFailed: 0,
      resumeLine: nextLine,
    });
    Context.current().heartbeat(nextLine);
    [rows, errors, processed] = [[], [], 0];
  };
  for await (const { line, record } of opened.records) {
    if (line < run.resumeLine) continue;
    const result = toParsedQuestionRow(record, line);
    if ('errors' in result) errors.push(...result.errors);
    else {
      rows.push(result.row);
      errors.push(...result.warnings);
    }
    if (++processed === batchRows) await flush(line + 1);
  }
  if (processed) await flush(2 ** 31 - 1);
}

/** One batch of rows: products found, rows grouped into questions, written; counts per row. */
async function writeQuestionRows(
  importer: QuestionsImportApi,
  products: ReturnType<typeof productResolver>,
  tenant: Tenant,
  rows: ParsedQuestionRow[],
): Promise<Counts> {
  const out: Counts = { imported: 0, skipped: 0, failed: 0, errors: [] };
  const found = await products.resolve(rows.map((r) => r.product));
  const groups = new Map<string, { question: QuestionToWrite; rows: ParsedQuestionRow[] }>();
  rows.forEach((r, i) => {
    const product = found[i];
    if (!product) {
      out.failed++;
      return void out.errors.push({
        line: r.line,
        column: r.product.id ? 'productId' : 'productHandle',
        reason: `The store has no product with ${describeRef(r.product)}`,
      });
    }
    const group = groups.get(r.key) ?? { question: toQuestion(r, product), rows: [] };
    groups.set(r.key, group);
    group.rows.push(r);
    if (r.answer && !group.question.answers.some((a) => a.importKey === r.answer!.key)) group.question.answers.push(toAnswer(r.answer));
  });
  await write(importer, tenant, [...groups.values()], out);
  return out;
}

function toQuestion(r: ParsedQuestionRow, product: { id: string; title: string; handle: string }): QuestionToWrite {
  return {
    importKey: r.key,
    productId: product.id,
    productTitle: product.title,
    productHandle: product.handle,
    askerName: r.askerName,
    askerEmail: r.askerEmail,
    body: r.body,
    locale: r.locale,
    status: r.status,
    helpfulCount: r.helpfulCount,
    answeredAt: r.answeredAt,
    answers: [],
    ...(r.createdAt ? { createdAt: r.createdAt } : {}),
  };
}

function toAnswer(a: NonNullable<ParsedQuestionRow['answer']>): ImportedAnswerInput {
  return {
    importKey: a.key,
    author: a.author,
    authorName: a.authorName,
    body: a.body,
    status: a.status,
    helpfulCount: a.helpfulCount,
    ...(a.createdAt ? { createdAt: a.createdAt } : {}),
  };
}

/** Writes the questions; a question the questions plugin refuses fails with all its rows, the rest are written again. */
async function write(
  importer: QuestionsImportApi,
  tenant: Tenant,
  groups: { question: QuestionToWrite; rows: ParsedQuestionRow[] }[],
  out: Counts,
): Promise<void> {
  if (!groups.length) return;
  try {
    const created = await importer.importQuestions(
      tenant,
      groups.map((g) => g.question),
    );
    const questions = new Set(created.questions);
    const answers = new Set(created.answers);
    for (const r of groups.flatMap((g) => g.rows)) {
      if (r.answer ? answers.has(r.answer.key) : questions.has(r.key)) out.imported++;
      else out.skipped++;
    }
  } catch (err) {
    if ((err as Error).name !== 'ZodError') throw err;
    const bad = new Set<number>();
    for (const issue of (err as ZodError).issues) {
      const [index, field, answer, answerField] = issue.path as [number, string, number?, string?];
      if (typeof index !== 'number') throw err;
      bad.add(index);
      const column = field === 'answers' ? ANSWER_COLUMN[String(answerField)] : QUESTION_COLUMN[field];
      const lines =
        field === 'answers' && typeof answer === 'number'
          ? groups[index].rows.filter((r) => r.answer?.key === groups[index].question.answers[answer]?.importKey)
          : groups[index].rows;
      for (const r of lines) out.errors.push({ line: r.line, column: column ?? '', reason: issue.message });
    }
    out.failed += [...bad].reduce((n, i) => n + groups[i].rows.length, 0);
    await write(
      importer,
      tenant,
      groups.filter((_, i) => !bad.has(i)),
      out,
    );
  }
}
