// Plaudit's questions and answers file (FORMATS.md#questions, EXPORT.md): one row per answer, or one
// per question without answers, the question's cells repeated on each of its rows. The exporter
// writes these columns in this order; the importer recognises the file by its header and reads each
// row here. No other vendor's Q&A file is documented where we could read it (FORMATS.md).
import type { RowError, SourceRecord } from '../shared/row';
import type { AnswerAuthor, QuestionStatus } from '@plaudit/contracts/questions';
import { pastDate } from './dates';
import { isEmail, normaliseHeader, normaliseWord, productHandleOf, productIdOf } from './values';

export const QUESTIONS_FORMAT = { id: 'plaudit-questions', label: 'Plaudit questions and answers' } as const;

export const QUESTION_COLUMNS = [
  'questionId',
  'productId',
  'productHandle',
  'productTitle',
  'question',
  'askerName',
  'askerEmail',
  'locale',
  'questionStatus',
  'questionHelpfulVotes',
  'askedAt',
  'answeredAt',
  'answerId',
  'answer',
  'answerBy',
  'answerName',
  'answerStatus',
  'answerHelpfulVotes',
  'answerCreatedAt',
] as const;
export type QuestionColumn = (typeof QUESTION_COLUMNS)[number];

/** The columns a Q&A file must have (the rest may be missing or blank). */
const REQUIRED_COLUMNS: QuestionColumn[] = ['questionId', 'question', 'askerName', 'answerId', 'answer'];
const SIGNATURE = REQUIRED_COLUMNS.map(normaliseHeader);
const REQUIRED = 'This field is required';
const INVALID = 'The value is invalid';
const STATUSES: QuestionStatus[] = ['published', 'unpublished', 'pending'];

/** A file is Plaudit's Q&A file when its header has every required column (compared normalised). */
export function isQuestionsFile(headers: string[]): boolean {
  const present = new Set(headers.map(normaliseHeader));
  return SIGNATURE.every((s) => present.has(s));
}

/** 'A <column> column is required' for each required column the header lacks. */
export function missingQuestionColumns(headers: string[]): string[] {
  const present = new Set(headers.map(normaliseHeader));
  return REQUIRED_COLUMNS.filter((c) => !present.has(normaliseHeader(c))).map((c) => `A ${c} column is required`);
}

export interface ParsedAnswer {
  key: string;
  author: AnswerAuthor;
  authorName: string;
  body: string;
  status: QuestionStatus;
  helpfulCount: number;
  createdAt: Date | null;
}

/** One row: its question (repeated on each of the question's rows) and the answer it carries, if any. */
export interface ParsedQuestionRow {
  line: number;
  key: string;
  product: { id?: string; handle?: string };
  productTitle: string | null;
  askerName: string;
  askerEmail: string | null;
  body: string;
  locale: string;
  status: QuestionStatus;
  helpfulCount: number;
  createdAt: Date | null;
  answeredAt: Date | null;
  answer: ParsedAnswer | null;
}

export type QuestionRowResult = { row: ParsedQuestionRow; warnings: RowError[] } | { errors: RowError[] };

/** Reads a record by our column names, whatever the file's spelling of them. */
function reader(record: SourceRecord) {
  const byName = new Map(Object.keys(record).map((h) => [normaliseHeader(h), h]));
  const header = (c: QuestionColumn) => byName.get(normaliseHeader(c)) ?? c;
  return { header, cell: (c: QuestionColumn) => (record[header(c)] ?? '').trim() };
}

function status(text: string): QuestionStatus | null {
  const word = normaliseWord(text);
  if (!word) return 'published';
  return STATUSES.find((s) => s === word) ?? null;
}

const count = (text: string) => (/^\d{1,9}$/.test(text) ? Number(text) : text ? null : 0);

export function toParsedQuestionRow(record: SourceRecord, line: number, now = Date.now()): QuestionRowResult {
  const { header, cell } = reader(record);
  const errors: RowError[] = [];
  const warnings: RowError[] = [];
  const fail = (c: QuestionColumn, reason: string) => errors.push({ line, column: header(c), reason });
  const required = (c: QuestionColumn) => cell(c) || (fail(c, REQUIRED), '');
  const date = (c: QuestionColumn) => {
    if (!cell(c)) return null;
    const d = pastDate(cell(c), 'auto', now);
    return d instanceof Date ? d : (fail(c, d.error), null);
  };
  const pick = <T>(c: QuestionColumn, value: T | null) => (value === null ? (fail(c, INVALID), undefined) : value);

  const id = required('questionId');
  const productId = cell('productId') && productIdOf(cell('productId'));
  const productHandle = cell('productHandle') && productHandleOf(cell('productHandle'));
  if (!productId && !productHandle) fail('productId', REQUIRED);
  const email = cell('askerEmail');
  if (email && !isEmail(email)) warnings.push({ line, column: header('askerEmail'), reason: 'Invalid email' });
  const row = {
    line,
    key: `plaudit:q:${id}`,
    product: { ...(productId ? { id: productId } : {}), ...(productHandle ? { handle: productHandle } : {}) },
    productTitle: cell('productTitle') || null,
    askerName: required('askerName'),
    askerEmail: email && isEmail(email) ? email : null,
    body: required('question'),
    locale: cell('locale') || 'en',
    status: pick('questionStatus', status(cell('questionStatus'))),
    helpfulCount: pick('questionHelpfulVotes', count(cell('questionHelpfulVotes'))),
    createdAt: date('askedAt'),
    answeredAt: date('answeredAt'),
    answer: parseAnswer(cell, fail, date, pick),
  };
  return errors.length ? { errors } : { row: row as ParsedQuestionRow, warnings };
}

/** The row's answer: none when its answer cells are blank. */
function parseAnswer(
  cell: (c: QuestionColumn) => string,
  fail: (c: QuestionColumn, reason: string) => void,
  date: (c: QuestionColumn) => Date | null,
  pick: <T>(c: QuestionColumn, value: T | null) => T | undefined,
): ParsedAnswer | null {
  if (!cell('answerId') && !cell('answer')) return null;
  if (!cell('answerId')) fail('answerId', REQUIRED);
  if (!cell('answer')) fail('answer', REQUIRED);
  const by = normaliseWord(cell('answerBy'));
  const author = pick<AnswerAuthor>('answerBy', !by ? 'merchant' : by === 'merchant' || by === 'community' ? by : null);
  return {
    key: `plaudit:a:${cell('answerId')}`,
    author: author!,
    authorName: cell('answerName') || (author === 'community' ? 'Customer' : 'Store'),
    body: cell('answer'),
    status: pick('answerStatus', status(cell('answerStatus')))!,
    helpfulCount: pick('answerHelpfulVotes', count(cell('answerHelpfulVotes')))!,
    createdAt: date('answerCreatedAt'),
  };
}
