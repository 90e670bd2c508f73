// "Ask the community": the invitations (one per buyer and question, whatever how often the merchant
// asks), their mail's state, and the answer an invited buyer writes on the signed page. Raw knex
// through the tenant helper: every query is the shop's own.
import type { Knex } from 'knex';
import type { EventBus, Tenant } from '@plaudit/kernel';
import { QuestionCommunityAnswer, QuestionInvited, type QuestionCommunityAnswerPayload, type QuestionInvitedPayload } from '@plaudit/contracts/questions';
import type { VerifiedBuyer } from '@plaudit/contracts/review-requests';
import type { Invitation, InvitationStatus } from '../shared/community';
import { AnswerRow } from './models';

const TABLE = 'question_invitations';

export interface InvitationRecord {
  id: number;
  questionId: number;
  email: string;
  name: string | null;
  locale: string | null;
  customerId: string | null;
  status: InvitationStatus;
  sentAt: Date | null;
  answerId: number | null;
  createdAt: Date;
}

export const invitationById = (tenant: Tenant, id: number, trx?: Knex.Transaction) => tenant.table(TABLE, trx).where({ id });

/** Every address invited to answer the question (so an invite never reaches one twice). */
export async function invitedEmails(tenant: Tenant, questionId: number): Promise<string[]> {
  return (await tenant.table(TABLE).where({ questionId }).select('email')).map((r: { email: string }) => r.email);
}

export async function invitationsOf(tenant: Tenant, questionId: number): Promise<Invitation[]> {
  const rows: InvitationRecord[] = await tenant.table(TABLE).where({ questionId }).orderBy('id');
  return rows.map((r) => ({ id: Number(r.id), name: r.name, email: r.email, status: r.status, invitedAt: new Date(r.createdAt).toISOString() }));
}

/**
 * Records an invitation per buyer not invited before (the unique index decides under concurrency)
 * and, in the same transaction, one durable QuestionInvited per new invitation: its mail.
 * Answers how many were invited now.
 */
export async function inviteBuyers(knex: Knex, tenant: Tenant, questionId: number, buyers: VerifiedBuyer[], events: Pick<EventBus, 'emit'>): Promise<number> {
  if (!buyers.length) return 0;
  return knex.transaction(async (trx) => {
    const rows = buyers.map((b) => ({
      questionId,
      email: b.email.toLowerCase(),
      name: b.name?.slice(0, 255) ?? null,
      locale: b.locale?.slice(0, 16) ?? null,
      customerId: b.customerId,
    }));
    const added: { id: number }[] = await tenant.insertInto(TABLE, rows, trx).onConflict(['shop_id', 'question_id', 'email']).ignore().returning('id');
    for (const { id } of added) {
      const event: QuestionInvitedPayload = { shopId: tenant.shopId, shopDomain: tenant.shopDomain, questionId, invitationId: Number(id) };
      await events.emit(QuestionInvited, event, { key: id, shopDomain: tenant.shopDomain, trx });
    }
    return added.length;
  });
}

/** The mail's outcome (a sent invitation is never mailed again). */
export async function recordInvitationMail(tenant: Tenant, id: number, status: 'sent' | 'refused' | 'skipped') {
  await invitationById(tenant, id)
    .whereIn('status', ['queued'])
    .update({ status, sentAt: status === 'sent' ? new Date() : null, updatedAt: new Date() });
}

/**
 * The invited buyer's answer, pending the merchant's moderation; one per invitation, announced by a
 * durable QuestionCommunityAnswer in the same transaction. Undefined when
 * the invitation already brought one (or is gone).
 */
export async function saveCommunityAnswer(
  knex: Knex,
  tenant: Tenant,
  invitationId: number,
  answer: { name: string; body: string },
  events: Pick<EventBus, 'emit'>,
) {
  return knex.transaction(async (trx) => {
    const invitation: InvitationRecord | undefined = await invitationById(tenant, invitationId, trx).forUpdate().first();
    if (!invitation || invitation.status === 'answered') return undefined;
    const saved = await tenant.insert(
      AnswerRow,
      {
        questionId: Number(invitation.questionId),
        author: 'community',
        authorName: answer.name,
        authorEmail: invitation.email,
        body: answer.body,
        status: 'pending',
      },
      trx,
    );
    await invitationById(tenant, invitationId, trx).update({ status: 'answered', answerId: saved.id, updatedAt: new Date() });
    // the merchant's mail about it (at once or in the digest), recorded with the answer
    const event: QuestionCommunityAnswerPayload = {
      shopId: tenant.shopId,
      shopDomain: tenant.shopDomain,
      questionId: Number(invitation.questionId),
      answerId: Number(saved.id),
    };
    await events.emit(QuestionCommunityAnswer, event, { key: saved.id, shopDomain: tenant.shopDomain, trx });
    return saved;
  });
}
