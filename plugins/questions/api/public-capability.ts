// QuestionsPublic (@plaudit/contracts/questions): a shop's questions for the public API (GET /v1/questions,
// /v1/questions/{id}, and the data of its question.* webhooks). The merchant's view, like the
// admin's list: every status, the asker's email included (as the public API shows reviewers'
// emails under its read scope), but only the published answers, each without its author's email.
// Keyset paging on (created_at, id), the moderation list's cursor.
import type { KernelServices, Tenant } from '@plaudit/kernel';
import { cursorAt, questionCursor } from '../db/list';
import { AnswerRow, QuestionRow } from '../db/models';
import type { PublicAnswer, PublicQuestion, PublicQuestionQuery, QuestionsPublicApi } from '@plaudit/contracts/questions';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
const later = (a: string, b: string) => (a > b ? a : b);

function presentAnswer(a: AnswerRow): PublicAnswer {
  return {
    id: Number(a.id),
    author: a.author,
    authorName: a.authorName,
    body: a.body,
    helpfulCount: a.helpfulCount,
    createdAt: iso(a.createdAt)!,
    updatedAt: iso(a.updatedAt)!,
  };
}

function present(q: QuestionRow, answers: AnswerRow[]): PublicQuestion {
  const shown = answers.map(presentAnswer);
  return {
    id: Number(q.id),
    productId: q.productId,
    productTitle: q.productTitle ?? null,
    productHandle: q.productHandle ?? null,
    askerName: q.askerName,
    askerEmail: q.askerEmail ?? null,
    body: q.body,
    locale: q.locale,
    status: q.status,
    heldAsSpam: q.heldAsSpam,
    helpfulCount: q.helpfulCount,
    answerCount: q.publishedAnswers,
    answeredAt: iso(q.answeredAt),
    createdAt: iso(q.createdAt)!,
    updatedAt: shown.reduce((at, a) => later(at, a.updatedAt), iso(q.updatedAt)!),
    answers: shown,
  };
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
    qb.where((w) =>
      w
        .where('questions.updatedAt', '>=', since)
        .orWhereExists(tenant.query(AnswerRow).whereColumn('question_answers.question_id', 'questions.id').where('question_answers.updated_at', '>=', since)),
    );
  }
  return qb;
}

export function questionsPublic(_services: KernelServices): QuestionsPublicApi {
  return {
    async list(tenant, q) {
      const qb = filtered(tenant, q);
      const dir = q.sort === 'oldest' ? 'asc' : 'desc';
      // tenancy: a row-value comparison on the tenant's own questions (the builder is tenant.query)
      if (q.after) qb.whereRaw(`(questions.created_at, questions.id) ${dir === 'desc' ? '<' : '>'} (?, ?)`, questionCursor.decode(q.after));
      const rows = await qb
        .orderBy('questions.createdAt', dir)
        .orderBy('questions.id', dir)
        .limit(q.limit + 1);
      const page = rows.slice(0, q.limit);
      const answers = await publishedAnswers(
        tenant,
        page.map((r) => Number(r.id)),
      );
      return {
        items: page.map((r) => present(r, answers.get(Number(r.id)) ?? [])),
        nextCursor: rows.length > q.limit ? cursorAt(page[page.length - 1]) : null,
      };
    },

    async get(tenant, id) {
      const row = await tenant.query(QuestionRow).findById(id);
      if (!row) return undefined;
      return present(row, (await publishedAnswers(tenant, [id])).get(id) ?? []);
    },
  };
}
