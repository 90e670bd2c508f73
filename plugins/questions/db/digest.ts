// The merchant's digest of new questions and community answers: claiming items into a digest row,
// reading what a digest lists, stamping it sent. Raw knex through the tenant helper: every query is
// the shop's own. An item's merchant-notified stamp is set when it is claimed, so it joins one digest only.
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';
import { AnswerRow, QuestionRow } from './models';

export interface DigestItems {
  questions: number[];
  answers: number[];
}

export interface DigestRecord {
  id: number;
  questionIds: number[];
  answerIds: number[];
}

const ids = (values: (number | string)[] | null | undefined) => (values ?? []).map(Number);

/** The shop's digests claimed but not sent yet (a run that stopped between the claim and the send). */
export async function unsentDigests(tenant: Tenant): Promise<DigestRecord[]> {
  const rows: DigestRecord[] = await tenant.table('question_digests').whereNull('sentAt').orderBy('id').select('id', 'questionIds', 'answerIds');
  return rows.map((r) => ({ id: Number(r.id), questionIds: ids(r.questionIds), answerIds: ids(r.answerIds) }));
}

/** Claims the items no mail has covered yet into a new digest; undefined when none is left. */
export async function claimDigest(knex: Knex, tenant: Tenant, items: DigestItems): Promise<DigestRecord | undefined> {
  return knex.transaction(async (trx) => {
    const now = new Date();
    const claim = async (table: string, wanted: number[]): Promise<number[]> => {
      if (!wanted.length) return [];
      const rows: { id: string }[] = await tenant
        .table(table, trx)
        .whereIn('id', wanted)
        .whereNull('merchantNotifiedAt')
        .update({ merchantNotifiedAt: now })
        .returning('id');
      return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    };
    const questionIds = await claim('questions', items.questions);
    const answerIds = await claim('question_answers', items.answers);
    if (!questionIds.length && !answerIds.length) return undefined;
    const [row] = await tenant.insertInto('question_digests', { questionIds, answerIds }, trx).returning('id');
    return { id: Number((row as { id: string }).id), questionIds, answerIds };
  });
}

export async function markDigestSent(tenant: Tenant, id: number) {
  await tenant.table('question_digests').where({ id }).update({ sentAt: new Date() });
}

/** What the digest mail lists: the questions, and the community answers with their question. */
export async function digestContents(tenant: Tenant, digest: DigestRecord) {
  const questions = digest.questionIds.length ? await tenant.query(QuestionRow).whereIn('id', digest.questionIds).orderBy('id') : [];
  const answers = digest.answerIds.length ? await tenant.query(AnswerRow).whereIn('id', digest.answerIds).orderBy('id') : [];
  const asked = answers.length
    ? await tenant.query(QuestionRow).whereIn(
        'id',
        answers.map((a) => a.questionId),
      )
    : [];
  const questionOf = new Map(asked.map((q) => [Number(q.id), q]));
  return { questions, answers: answers.map((answer) => ({ answer, question: questionOf.get(Number(answer.questionId)) })) };
}
