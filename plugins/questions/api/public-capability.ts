// `questions.public`: a shop's questions for the public API (plugins/public-api: GET /v1/questions,
// /v1/questions/{id}, and the data of its question.* webhooks). The merchant's view, like the
// admin's list: every status, the asker's email included (as the public API shows reviewers'
// emails under its read scope), but only the published answers, each without its author's email.
// Keyset paging on (created_at, id), the same cursor shape as the moderation list.
import createHttpError from 'http-errors';
import type { KernelServices, Tenant } from '@plaudit/kernel';
import { AnswerRow, QuestionRow } from '../db/models';
import { INVALID, type Question, type Status } from '../shared/question';

export interface PublicAnswer {
  id: number;
  author: 'merchant' | 'community';
  authorName: string;
  body: string;
  helpfulCount: number;
  createdAt: string;
  updatedAt: string;
}

/** The admin's question (shared/question.ts) with only its published answers, and when it last changed. */
export interface PublicQuestion extends Omit<Question, 'answers'> {
  /** published answers */
  answerCount: number;
  /** the question's or one of its answers' last change, whichever is later */
  updatedAt: string;
  answers: PublicAnswer[];
}

export interface PublicQuestionQuery {
  productId?: string[];
  status?: Status;
  /** true: with at least one published answer; false: without */
  answered?: boolean;
  since?: Date;
  updatedSince?: Date;
  sort: 'newest' | 'oldest';
  limit: number;
  after?: string;
}

export interface QuestionsPublic {
  list(tenant: Tenant, query: PublicQuestionQuery): Promise<{ items: PublicQuestion[]; nextCursor: string | null }>;
  /** undefined for another shop's id or a deleted question */
  get(tenant: Tenant, id: number): Promise<PublicQuestion | undefined>;
}

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
const later = (a: string, b: string) => (a > b ? a : b);

function presentAnswer(a: AnswerRow): PublicAnswer {
  return { id: Number(a.id), author: a.author, authorName: a.authorName, body: a.body, helpfulCount: a.helpfulCount, createdAt: iso(a.createdAt)!, updatedAt: iso(a.updatedAt)! };
}

function present(q: QuestionRow, answers: AnswerRow[]): PublicQuestion {
  const shown = answers.map(presentAnswer);
  return {
    id: Number(q.id), productId: q.productId, productTitle: q.productTitle ?? null, productHandle: q.productHandle ?? null,
    askerName: q.askerName, askerEmail: q.askerEmail ?? null, body: q.body, locale: q.locale, status: q.status, heldAsSpam: q.heldAsSpam,
    helpfulCount: q.helpfulCount, answerCount: q.publishedAnswers, answeredAt: iso(q.answeredAt), createdAt: iso(q.createdAt)!,
    updatedAt: shown.reduce((at, a) => later(at, a.updatedAt), iso(q.updatedAt)!), answers: shown,
  };
}

const encodeCursor = (q: QuestionRow) => Buffer.from(JSON.stringify([iso(q.createdAt), Number(q.id)])).toString('base64url');

function decodeCursor(cursor: string): [string, number] {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && !Number.isNaN(Date.parse(v[0])) && Number.isSafeInteger(v[1])) return [v[0], v[1]];
  } catch {
    /* refused below */
  }
  // the public API answers 400 VALIDATION_FAILED naming the field
  throw createHttpError(400, 'The cursor is invalid', { errors: { cursor: INVALID } });
}

/** The published answers of these questions, oldest first, by question id. */
async function publishedAnswers(tenant: Tenant, ids: number[]): Promise<Map<number, AnswerRow[]>> {
  const out = new Map<number, AnswerRow[]>();
  if (!ids.length) return out;
  const rows = await tenant.query(AnswerRow).whereIn('questionId', ids).where('status', 'published').orderBy('id');
  for (const a of rows) out.set(Number(a.questionId), [...(out.get(Number(a.questionId)) ?? []), a]);
  return out;
}

function filtered(tenant: Tenant, q: PublicQuestionQuery) {
  const qb = tenant.query(QuestionRow);
  if (q.productId?.length) qb.whereIn('questions.productId', q.productId);
  if (q.status) qb.where('questions.status', q.status);
  if (q.answered !== undefined) qb.where('questions.publishedAnswers', q.answered ? '>' : '=', 0);
  if (q.since) qb.where('questions.createdAt', '>=', q.since);
  if (q.updatedSince) {
    const since = q.updatedSince;
    // an answer written, edited or moderated since then changes its question for a sync too
    qb.where((w) => w.where('questions.updatedAt', '>=', since).orWhereExists(
      tenant.query(AnswerRow).whereColumn('question_answers.question_id', 'questions.id').where('question_answers.updated_at', '>=', since),
    ));
  }
  return qb;
}

export function questionsPublic(_services: KernelServices): QuestionsPublic {
  return {
    async list(tenant, q) {
      const qb = filtered(tenant, q);
      const dir = q.sort === 'oldest' ? 'asc' : 'desc';
      // tenancy: a row-value comparison on the tenant's own questions (the builder is tenant.query)
      if (q.after) qb.whereRaw(`(questions.created_at, questions.id) ${dir === 'desc' ? '<' : '>'} (?, ?)`, decodeCursor(q.after));
      const rows = await qb.orderBy('questions.createdAt', dir).orderBy('questions.id', dir).limit(q.limit + 1);
      const page = rows.slice(0, q.limit);
      const answers = await publishedAnswers(tenant, page.map((r) => Number(r.id)));
      return {
        items: page.map((r) => present(r, answers.get(Number(r.id)) ?? [])),
        nextCursor: rows.length > q.limit ? encodeCursor(page[page.length - 1]) : null,
      };
    },

    async get(tenant, id) {
      const row = await tenant.query(QuestionRow).findById(id);
      if (!row) return undefined;
      return present(row, (await publishedAnswers(tenant, [id])).get(id) ?? []);
    },
  };
}
