// The plugin's tables as thin models: their shape is checked on every insert and patch; the
// queries live beside them in db/ and serve api/ and activities/ alike.
import { ShopScopedModel } from '@plaudit/kernel';
import { MAX_ANSWER, MAX_NAME, MAX_QUESTION, STATUSES, type Answer, type Question, type Status } from '../shared/question';

const text = (max: number) => ({ type: ['string', 'null'], maxLength: max });

export class QuestionRow extends ShopScopedModel {
  static tableName = 'questions';
  static jsonSchema = {
    type: 'object',
    required: ['productId', 'askerName', 'body'],
    properties: {
      productId: { type: 'string', maxLength: 255 },
      productTitle: text(512),
      productHandle: text(255),
      askerName: { type: 'string', maxLength: MAX_NAME },
      askerEmail: text(320),
      customerId: text(64),
      body: { type: 'string', maxLength: MAX_QUESTION },
      locale: { type: 'string', maxLength: 16 },
      status: { enum: [...STATUSES] },
    },
  };

  productId!: string;
  productTitle?: string | null;
  productHandle?: string | null;
  askerName!: string;
  askerEmail?: string | null;
  customerId?: string | null;
  body!: string;
  locale!: string;
  status!: Status;
  heldAsSpam!: boolean;
  helpfulCount!: number;
  publishedAnswers!: number;
  answeredAt?: Date | null;
  merchantNotifiedAt?: Date | null;
}

export class AnswerRow extends ShopScopedModel {
  static tableName = 'question_answers';
  static jsonSchema = {
    type: 'object',
    required: ['questionId', 'author', 'authorName', 'body'],
    properties: {
      author: { enum: ['merchant', 'community'] },
      authorName: { type: 'string', maxLength: 255 },
      authorEmail: text(320),
      body: { type: 'string', maxLength: MAX_ANSWER },
      status: { enum: [...STATUSES] },
    },
  };

  questionId!: number;
  author!: 'merchant' | 'community';
  authorName!: string;
  authorEmail?: string | null;
  body!: string;
  status!: Status;
  helpfulCount!: number;
  askerNotifiedAt?: Date | null;
  merchantNotifiedAt?: Date | null;
}

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export function presentAnswer(a: AnswerRow): Answer {
  return {
    id: Number(a.id),
    author: a.author,
    authorName: a.authorName,
    body: a.body,
    status: a.status,
    helpfulCount: a.helpfulCount,
    createdAt: iso(a.createdAt)!,
  };
}

export function presentQuestion(q: QuestionRow, answers: AnswerRow[] = []): Question {
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
    answeredAt: iso(q.answeredAt),
    createdAt: iso(q.createdAt)!,
    answers: answers.map(presentAnswer),
  };
}
