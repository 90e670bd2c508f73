// What the merchant does to questions: publish, unpublish and delete many at once, and answer one.
// Each runs in one transaction with the durable events it causes.
import type { Knex } from 'knex';
import { raw } from 'objection';
import type { EventBus, Tenant } from '@plaudit/kernel';
import { QuestionAnswered, type QuestionAnsweredPayload } from '@plaudit/contracts/questions';
import type { Action, Status } from '../shared/question';
import { AnswerRow, QuestionRow } from './models';

/** Keeps each question's count of published answers (the unanswered tab, the storefront). */
export async function recountAnswers(tenant: Tenant, questionIds: number[], trx?: Knex.Transaction) {
  if (!questionIds.length) return;
  await tenant
    .query(QuestionRow, trx)
    .whereIn('id', questionIds)
    .patch({
      // the answers are part of the question as API clients see it: one published, unpublished or
      // deleted makes the question changed for `updatedSince`
      updatedAt: new Date(),
      publishedAnswers: raw("(select count(*) from question_answers a where a.question_id = questions.id and a.status = 'published')"),
      answeredAt: raw(
        "coalesce(answered_at, (select min(a.created_at) from question_answers a where a.question_id = questions.id and a.status = 'published'))",
      ),
    } as never);
}

/** Runs a bulk action over ids of the tenant's shop (other shops' ids match nothing); answers how many changed. */
export async function runAction(knex: Knex, tenant: Tenant, action: Action, ids: number[]): Promise<number> {
  return knex.transaction(async (trx) => {
    const qb = tenant.query(QuestionRow, trx).whereIn('id', ids);
    if (action === 'delete') return qb.delete();
    const status: Status = action === 'publish' ? 'published' : 'unpublished';
    return qb.whereNot('status', status).patch({ status, updatedAt: new Date() } as never);
  });
}

export interface AnswerOptions {
  body: string;
  /** the name shown beside the merchant's answer: the shop's */
  authorName: string;
  events: Pick<EventBus, 'emit'>;
}

/**
 * Saves the merchant's answer (one per question; saving again edits it), publishes it with its
 * question, and announces a first publication as QuestionAnswered (the asker's mail).
 * Undefined when the question is not the shop's.
 */
export async function saveMerchantAnswer(knex: Knex, tenant: Tenant, questionId: number, o: AnswerOptions) {
  return knex.transaction(async (trx) => {
    const question = await tenant.query(QuestionRow, trx).findById(questionId).forUpdate();
    if (!question) return undefined;
    const existing = await tenant.query(AnswerRow, trx).findOne({ questionId, author: 'merchant' });
    const now = new Date();
    const answer = existing
      ? await tenant
          .query(AnswerRow, trx)
          .patchAndFetchById(existing.id, { body: o.body, authorName: o.authorName, status: 'published', updatedAt: now } as never)
      : await tenant.insert(AnswerRow, { questionId, author: 'merchant', authorName: o.authorName, body: o.body, status: 'published' }, trx);
    await tenant
      .query(QuestionRow, trx)
      .findById(questionId)
      .patch({ status: 'published', updatedAt: now } as never);
    await recountAnswers(tenant, [questionId], trx);
    if (existing?.status !== 'published') await announceAnswer(o.events, tenant, answer, trx);
    return answer;
  });
}

/** A community answer published or unpublished by the merchant. */
export async function setAnswerStatus(knex: Knex, tenant: Tenant, questionId: number, answerId: number, status: Status, events: Pick<EventBus, 'emit'>) {
  return knex.transaction(async (trx) => {
    const answer = await tenant.query(AnswerRow, trx).findOne({ id: answerId, questionId }).forUpdate();
    if (!answer) return undefined;
    const updated = await tenant.query(AnswerRow, trx).patchAndFetchById(answerId, { status, updatedAt: new Date() } as never);
    await recountAnswers(tenant, [questionId], trx);
    if (status === 'published' && answer.status !== 'published') await announceAnswer(events, tenant, updated, trx);
    return updated;
  });
}

export async function deleteAnswer(knex: Knex, tenant: Tenant, questionId: number, answerId: number): Promise<boolean> {
  return knex.transaction(async (trx) => {
    const gone = await tenant.query(AnswerRow, trx).where({ id: answerId, questionId }).delete();
    await recountAnswers(tenant, [questionId], trx);
    return gone > 0;
  });
}

async function announceAnswer(events: Pick<EventBus, 'emit'>, tenant: Tenant, answer: AnswerRow, trx: Knex.Transaction) {
  const payload: QuestionAnsweredPayload = {
    shopId: tenant.shopId,
    shopDomain: tenant.shopDomain,
    questionId: Number(answer.questionId),
    answerId: Number(answer.id),
    author: answer.author,
  };
  await events.emit(QuestionAnswered, payload, { key: answer.id, shopDomain: tenant.shopDomain, trx });
}
