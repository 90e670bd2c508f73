// The moderation list: tabs, search and keyset (cursor) paging whose cost does not grow with depth.
// A cursor is the (created_at, id) of the last row shown (the kernel's keyset cursor).
import type { QueryBuilder } from 'objection';
import { cursorKey, keysetCursor, type Tenant } from '@plaudit/kernel';
import type { Tab } from '../shared/question';
import { AnswerRow, QuestionRow } from './models';

export interface ListOptions {
  tab: Tab;
  q?: string;
  limit: number;
  descending: boolean;
  cursor?: string;
}

/** A question's place in (created_at, id) order: the cursor every question list pages by. */
export const questionCursor = keysetCursor([cursorKey.instant, cursorKey.int]);
export const cursorAt = (row: QuestionRow) => questionCursor.encode([new Date(row.createdAt!).toISOString(), Number(row.id)]);

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The tab's and the search's rows, unpaged. */
export function filtered(tenant: Tenant, { tab, q }: Pick<ListOptions, 'tab' | 'q'>): QueryBuilder<QuestionRow> {
  const qb = tenant.query(QuestionRow);
  if (tab === 'unanswered') qb.where('publishedAnswers', 0);
  else if (tab === 'published') qb.where('status', 'published');
  else if (tab === 'unpublished') qb.whereIn('status', ['unpublished', 'pending']);
  if (q) {
    const like = `%${escapeLike(q)}%`;
    qb.where((w) => {
      for (const col of ['body', 'asker_name', 'asker_email', 'product_title']) w.orWhere(`questions.${col}`, 'ilike', like);
    });
  }
  return qb;
}

export async function listQuestions(tenant: Tenant, o: ListOptions) {
  const qb = filtered(tenant, o);
  const dir = o.descending ? 'desc' : 'asc';
  if (o.cursor) qb.whereRaw(`(questions.created_at, questions.id) ${o.descending ? '<' : '>'} (?, ?)`, questionCursor.decode(o.cursor));
  const rows = await qb
    .orderBy('questions.createdAt', dir)
    .orderBy('questions.id', dir)
    .limit(o.limit + 1);
  const more = rows.length > o.limit;
  const page = rows.slice(0, o.limit);
  return { rows: page, nextCursor: more ? cursorAt(page[page.length - 1]) : null };
}

/** The answers of these questions, oldest first, by question id. */
export async function answersOf(tenant: Tenant, questionIds: number[], published = false): Promise<Map<number, AnswerRow[]>> {
  const out = new Map<number, AnswerRow[]>();
  if (!questionIds.length) return out;
  const qb = tenant.query(AnswerRow).whereIn('questionId', questionIds).orderBy('id');
  if (published) qb.where('status', 'published');
  for (const a of await qb) out.set(Number(a.questionId), [...(out.get(Number(a.questionId)) ?? []), a]);
  return out;
}
