// The questions and answers export (issue 20, EXPORT.md "Questions and answers"): a shop's questions
// from the questions plugin's QuestionsExport, oldest first, as CSV in Plaudit's Q&A format: one
// row per answer, or one per question without answers, with the question's cells on each of its
// rows. The columns are the importer's (formats/questions.ts), so the file imports back into a shop.
import type { Writable } from 'node:stream';
import type { Tenant } from '@plaudit/kernel';
import { QUESTION_COLUMNS, type QuestionColumn } from '../formats/questions';
import type { ExportedAnswer, ExportedQuestion, QuestionsExportApi } from '@plaudit/contracts/questions';
import type { Cell, Layout } from './columns';
import { writeCsv } from './csv';
import { CONTENT_TYPES, primed, type OpenedExport } from './index';

/** One line of the file: a question and one of its answers (null: the question has none). */
export interface QuestionLine {
  question: ExportedQuestion;
  answer: ExportedAnswer | null;
}

const text = (v: string | null | undefined) => v ?? '';
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : '');

const CELLS: Record<QuestionColumn, (l: QuestionLine) => Cell> = {
  questionId: ({ question }) => question.id,
  productId: ({ question }) => question.productId,
  productHandle: ({ question }) => text(question.productHandle),
  productTitle: ({ question }) => text(question.productTitle),
  question: ({ question }) => question.body,
  askerName: ({ question }) => question.askerName,
  askerEmail: ({ question }) => text(question.askerEmail),
  locale: ({ question }) => question.locale,
  questionStatus: ({ question }) => question.status,
  questionHelpfulVotes: ({ question }) => question.helpfulCount,
  askedAt: ({ question }) => iso(question.createdAt),
  answeredAt: ({ question }) => iso(question.answeredAt),
  answerId: ({ answer }) => answer?.id ?? '',
  answer: ({ answer }) => text(answer?.body),
  answerBy: ({ answer }) => text(answer?.author),
  answerName: ({ answer }) => text(answer?.authorName),
  answerStatus: ({ answer }) => text(answer?.status),
  answerHelpfulVotes: ({ answer }) => answer?.helpfulCount ?? '',
  answerCreatedAt: ({ answer }) => iso(answer?.createdAt),
};

export const questionsLayout: Layout<QuestionLine> = { headers: QUESTION_COLUMNS, row: (l) => QUESTION_COLUMNS.map((c) => CELLS[c](l)) };

/** Each question as its lines: one per answer, or one alone. */
export function linesOf(question: ExportedQuestion): QuestionLine[] {
  return question.answers.length ? question.answers.map((answer) => ({ question, answer })) : [{ question, answer: null }];
}

async function* lines(batches: AsyncIterable<ExportedQuestion[]>): AsyncGenerator<QuestionLine[]> {
  for await (const batch of batches) yield batch.flatMap(linesOf);
}

/** Reads the first batch (a failure now throws ExportFailedError and the caller can still answer with a status). */
export async function openQuestionsExport(questions: QuestionsExportApi, tenant: Tenant, batchSize?: number): Promise<OpenedExport> {
  const batches = await primed(questions.exportBatches(tenant, batchSize));
  return { contentType: CONTENT_TYPES.csv, write: (out: Writable) => writeCsv(questionsLayout, lines(batches), out) };
}
