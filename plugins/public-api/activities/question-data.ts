// The `data` of the question.* webhooks (WEBHOOKS.md): the event's ids completed with the question's
// facts from QuestionsPublic. Only facts that do not change later are added (the product, the
// language, when it was asked or answered), so a retried handler sends the same data; a question
// deleted before the handler ran keeps the event's own fields and nulls.
import type { ActivityDeps, Tenant } from '@plaudit/kernel';
import { QuestionAnswered, QuestionCreated, QuestionsPublic, type PublicQuestion } from '@plaudit/contracts/questions';

const QUESTION_TOPICS = new Set<string>([QuestionCreated.webhookTopic, QuestionAnswered.webhookTopic]);

function facts(question: PublicQuestion | undefined) {
  return { productTitle: question?.productTitle ?? null, productHandle: question?.productHandle ?? null, locale: question?.locale ?? null };
}

/** The webhook data of one forwarded item; other topics' items go out as they are. */
export async function webhookData(deps: ActivityDeps, tenant: Tenant, topic: string, item: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (!QUESTION_TOPICS.has(topic)) return item;
  const questions = deps.capabilities.get(QuestionsPublic);
  const questionId = Number(item.questionId);
  const question = questions && Number.isSafeInteger(questionId) ? await questions.get(tenant, questionId) : undefined;
  if (topic === QuestionCreated.webhookTopic) {
    return {
      questionId: item.questionId,
      productId: item.productId ?? question?.productId ?? null,
      status: item.status,
      ...facts(question),
      at: question?.createdAt ?? null,
    };
  }
  const answer = question?.answers.find((a) => a.id === Number(item.answerId));
  return {
    questionId: item.questionId,
    answerId: item.answerId,
    author: item.author,
    productId: question?.productId ?? null,
    ...facts(question),
    askedAt: question?.createdAt ?? null,
    at: answer?.createdAt ?? null,
  };
}
