// What shoppers see and do: a product's published questions with their published answers (search,
// keyset pages), and helpful votes, one per shopper per question or answer.
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';
import { answersOf, cursorAt, questionCursor } from './list';
import { AnswerRow, QuestionRow } from './models';

export const STOREFRONT_PAGE = 10;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function publishedQuestions(tenant: Tenant, productId: string, o: { q?: string; after?: string }) {
  const qb = tenant.query(QuestionRow).where({ productId, status: 'published' });
  if (o.q) {
    const like = `%${escapeLike(o.q)}%`;
    qb.where((w) =>
      w
        .where('questions.body', 'ilike', like)
        .orWhereExists(
          tenant
            .query(AnswerRow)
            .whereColumn('question_answers.question_id', 'questions.id')
            .where('question_answers.status', 'published')
            .where('question_answers.body', 'ilike', like),
        ),
    );
  }
  if (o.after) qb.whereRaw('(questions.created_at, questions.id) < (?, ?)', questionCursor.decode(o.after, 'after'));
  const rows = await qb
    .orderBy('questions.createdAt', 'desc')
    .orderBy('questions.id', 'desc')
    .limit(STOREFRONT_PAGE + 1);
  const page = rows.slice(0, STOREFRONT_PAGE);
  const last = page[page.length - 1];
  const nextCursor = rows.length > STOREFRONT_PAGE ? cursorAt(last) : null;
  const answers = await answersOf(
    tenant,
    page.map((q) => Number(q.id)),
    true,
  );
  return { questions: page.map((q) => ({ question: q, answers: answers.get(Number(q.id)) ?? [] })), nextCursor };
}

/**
 * One helpful vote of a shopper (`voter`, a keyed hash of their address) for a published question
 * ('q', id) or a published answer of one ('a', id). Answers the new count, the same count for a
 * repeated vote, undefined when there is no such thing to vote for.
 */
export async function voteHelpful(knex: Knex, tenant: Tenant, kind: 'q' | 'a', id: number, voter: string): Promise<number | undefined> {
  return knex.transaction(async (trx) => {
    const target =
      kind === 'q'
        ? await tenant.query(QuestionRow, trx).findOne({ id, status: 'published' })
        : await tenant
            .query(AnswerRow, trx)
            .findOne({ 'question_answers.id': id, 'question_answers.status': 'published' })
            .whereExists(tenant.query(QuestionRow, trx).whereColumn('questions.id', 'question_answers.question_id').where('questions.status', 'published'));
    if (!target) return undefined;
    const inserted = await tenant
      .insertInto('question_votes', { target: `${kind}:${id}`, voter }, trx)
      .onConflict(['shop_id', 'target', 'voter'])
      .ignore()
      .returning('id');
    if (!inserted.length) return target.helpfulCount;
    const model = kind === 'q' ? QuestionRow : AnswerRow;
    await tenant.query(model, trx).findById(id).increment('helpfulCount', 1);
    return target.helpfulCount + 1;
  });
}
