// Worker side of the questions plugin: the durable handlers of its own events (the merchant's mail
// on a new question or community answer, at once or through the hourly digest; the asker's on a
// published answer; the community invitations' mail), the digest's activity and the compliance hooks
// (customers/redact anonymises the asker, customers/data_request lists their questions).
import { eventHandlers, handleEvent, type ActivityDeps, type CustomerRef, type PlatformHooks } from '@plaudit/kernel';
import { AnswerRow, presentQuestion, QuestionRow } from '../db/models';
import { QuestionAnswered, QuestionCommunityAnswer, QuestionCreated, QuestionInvited } from '@plaudit/contracts/questions';
import { mailAsker } from './answer-mail';
import { mailMerchant } from './merchant-mail';
import { mailInvitee } from './invite-mail';
import { mailMerchantAnswer } from './merchant-answer-mail';
import { sendDigest } from './digest-mail';
import { noticeMerchant } from './notice';
import type { DigestItems } from '../db/digest';

/** The digest workflow's activity (workflows/digest.ts); the other mails are the events' handlers. */
export function createActivities(deps: ActivityDeps) {
  return {
    /** Mails the shop's digest of the items given (and any digest a crash left unsent); answers the mails sent. */
    questionsSendDigest: (shopId: number, items: DigestItems) => sendDigest(deps, shopId, items),
  };
}

/** Durable listeners (plugin.ts `listens`), retried by the kernel's deliverEvent until they succeed. */
export function createEventHandlers(deps: ActivityDeps) {
  return eventHandlers(
    handleEvent(QuestionCreated, async (event) => {
      await noticeMerchant(deps, event, { kind: 'question', id: event.questionId }, () => mailMerchant(deps, event));
    }),
    handleEvent(QuestionCommunityAnswer, async (event) => {
      await noticeMerchant(deps, event, { kind: 'answer', id: event.answerId }, () => mailMerchantAnswer(deps, event));
    }),
    handleEvent(QuestionAnswered, async (event) => {
      await mailAsker(deps, event);
    }),
    handleEvent(QuestionInvited, async (event) => {
      await mailInvitee(deps, event);
    }),
  );
}

/** The customer's questions (by email or Shopify id) and community answers (by email). */
function customerRows(deps: ActivityDeps, ref: CustomerRef) {
  const { email, id } = ref.customer;
  const tenant = deps.tenant(ref.shopId, ref.shopDomain);
  const questions = tenant.query(QuestionRow).where((w) => {
    if (email) w.orWhereRaw('lower(asker_email) = lower(?)', [email]);
    if (id) w.orWhere('customerId', String(id).startsWith('gid://') ? String(id) : `gid://shopify/Customer/${id}`);
    if (!email && !id) w.whereRaw('false');
  });
  const answers = tenant.query(AnswerRow).where((w) => (email ? w.whereRaw('lower(author_email) = lower(?)', [email]) : w.whereRaw('false')));
  const invitations = tenant.table('question_invitations').where({ email: (email ?? '').toLowerCase() });
  return { questions, answers, invitations };
}

/** Questions are personal data: redaction anonymises (the text stays, the name and address go), export lists them. */
export function createPlatformHooks(deps: ActivityDeps): PlatformHooks {
  return {
    async redactCustomer(ref) {
      const { questions, answers, invitations } = customerRows(deps, ref);
      await invitations.del();
      await questions.patch({ askerName: 'Anonymous', askerEmail: null, customerId: null, updatedAt: new Date() } as never);
      await answers.patch({ authorName: 'Anonymous', authorEmail: null, updatedAt: new Date() } as never);
    },
    async exportCustomer(ref) {
      const { questions, answers, invitations } = customerRows(deps, ref);
      const invited = (await invitations.orderBy('id').select('questionId', 'name', 'status', 'createdAt')).map(
        (i: { questionId: number; name: string | null; status: string; createdAt: Date }) => ({ ...i, questionId: Number(i.questionId) }),
      );
      return {
        invitations: invited,
        questions: (await questions.orderBy('id')).map((q) => presentQuestion(q)),
        answers: (await answers.orderBy('id')).map((a) => ({ id: Number(a.id), questionId: Number(a.questionId), body: a.body, authorName: a.authorName })),
      };
    },
  };
}
