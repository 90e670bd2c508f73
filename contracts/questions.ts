// The questions plugin's contract (see README.md): what it offers other plugins.
import type { Tenant } from '@plaudit/kernel';
import type { AnalyticsSource } from './analytics';
import { defineCapability, defineEvent, webhookTopic } from './define';

// --- events: durable, each recorded in the transaction of the change it announces ---

/** 'question.created', key = question id: a shopper asked (the merchant's mail, webhooks). */
export interface QuestionCreatedPayload {
  shopId: number;
  shopDomain: string;
  questionId: number;
  productId: string;
  status: QuestionStatus;
}
export const QuestionCreated = webhookTopic(defineEvent<QuestionCreatedPayload>('question.created'), 'question.created');

/** 'question.answered', key = answer id: an answer was published for the first time (the asker's mail, webhooks). */
export interface QuestionAnsweredPayload {
  shopId: number;
  shopDomain: string;
  questionId: number;
  answerId: number;
  author: AnswerAuthor;
}
export const QuestionAnswered = webhookTopic(defineEvent<QuestionAnsweredPayload>('question.answered'), 'question.answered');

/** 'question.invited', key = invitation id: one community invitation to mail. */
export interface QuestionInvitedPayload {
  shopId: number;
  shopDomain: string;
  questionId: number;
  invitationId: number;
}
export const QuestionInvited = defineEvent<QuestionInvitedPayload>('question.invited');

/** 'question.community-answer', key = answer id: an invited buyer answered (the merchant's mail). */
export interface QuestionCommunityAnswerPayload {
  shopId: number;
  shopDomain: string;
  questionId: number;
  answerId: number;
}
export const QuestionCommunityAnswer = defineEvent<QuestionCommunityAnswerPayload>('question.community-answer');

// --- capabilities ---

export type QuestionStatus = 'published' | 'unpublished' | 'pending';
export type AnswerAuthor = 'merchant' | 'community';

/** A published answer as the public API shows it (its author's email left out). */
export interface PublicAnswer {
  id: number;
  author: AnswerAuthor;
  authorName: string;
  body: string;
  helpfulCount: number;
  createdAt: string;
  updatedAt: string;
}

/** The merchant's view of a question (every status, the asker's email) with only its published answers. */
export interface PublicQuestion {
  id: number;
  productId: string;
  productTitle: string | null;
  productHandle: string | null;
  askerName: string;
  askerEmail: string | null;
  body: string;
  locale: string;
  status: QuestionStatus;
  heldAsSpam: boolean;
  helpfulCount: number;
  /** published answers */
  answerCount: number;
  /** when its first answer was published; null while it has none */
  answeredAt: string | null;
  createdAt: string;
  /** the question's or one of its answers' last change, whichever is later */
  updatedAt: string;
  /** the published answers, oldest first */
  answers: PublicAnswer[];
}

export interface PublicQuestionQuery {
  productId?: string[];
  status?: QuestionStatus;
  /** true: with at least one published answer; false: without */
  answered?: boolean;
  since?: Date;
  updatedSince?: Date;
  sort: 'newest' | 'oldest';
  limit: number;
  /** a previous page's nextCursor (an invalid one throws 400 naming `cursor`) */
  after?: string;
}

/** 'questions.public': a shop's questions for the public API and its question.* webhooks' data. */
export interface QuestionsPublicApi {
  list(tenant: Tenant, query: PublicQuestionQuery): Promise<{ items: PublicQuestion[]; nextCursor: string | null }>;
  /** undefined for another shop's id or a deleted question */
  get(tenant: Tenant, id: number): Promise<PublicQuestion | undefined>;
}
export const QuestionsPublic = defineCapability<QuestionsPublicApi>('questions.public');

/**
 * 'questions.analytics': questions.asked (by the question's created_at; deleted ones not counted) and
 * questions.answered (questions with a published answer, by the date of the first one) per local day.
 */
export type QuestionsAnalyticsApi = AnalyticsSource;
export const QuestionsAnalytics = defineCapability<QuestionsAnalyticsApi>('questions.analytics');

export interface ExportedAnswer {
  id: number;
  author: AnswerAuthor;
  authorName: string;
  body: string;
  status: QuestionStatus;
  helpfulCount: number;
  createdAt: Date;
}

/** One question with every answer (any status), oldest answer first; internal columns left out. */
export interface ExportedQuestion {
  id: number;
  productId: string;
  productHandle: string | null;
  productTitle: string | null;
  askerName: string;
  askerEmail: string | null;
  body: string;
  locale: string;
  status: QuestionStatus;
  helpfulCount: number;
  /** when its first answer was published; null while it has none */
  answeredAt: Date | null;
  createdAt: Date;
  answers: ExportedAnswer[];
}

/** 'questions.export': a shop's questions and answers out to a file. */
export interface QuestionsExportApi {
  /**
   * The tenant's questions, oldest first (created at, then id), `batchSize` at a time (1..2,000,
   * default 500), each with its answers. Keyset paging: memory stays at one batch.
   */
  exportBatches(tenant: Tenant, batchSize?: number): AsyncIterable<ExportedQuestion[]>;
}
export const QuestionsExport = defineCapability<QuestionsExportApi>('questions.export');

/** An answer to bring in; left out: author 'merchant', status 'published', helpfulCount 0, createdAt now. */
export interface ImportedAnswerInput {
  /** the answer's identity in its source: imported once per shop */
  importKey: string;
  author?: AnswerAuthor;
  authorName: string;
  body: string;
  status?: QuestionStatus;
  helpfulCount?: number;
  createdAt?: Date | string;
}

/** A question to bring in, with its answers; left out: locale 'en', status 'published', no answers. */
export interface ImportedQuestionInput {
  /** the question's identity in its source: a question already imported gets only its new answers */
  importKey: string;
  /** gid://shopify/Product/<digits> */
  productId: string;
  productTitle?: string | null;
  productHandle?: string | null;
  askerName: string;
  askerEmail?: string | null;
  body: string;
  locale?: string;
  status?: QuestionStatus;
  helpfulCount?: number;
  createdAt?: Date | string;
  answeredAt?: Date | string | null;
  answers?: ImportedAnswerInput[];
}

export interface QuestionsImportResult {
  /** import keys of the questions created by this call (a key the shop had is left out) */
  questions: string[];
  /** import keys of the answers created by this call */
  answers: string[];
}

/** 'questions.import': a shop's questions and answers in from a file. */
export interface QuestionsImportApi {
  /**
   * Creates the questions and their answers in one transaction, all or none: a bad row throws a
   * ZodError whose issue paths start with the question's index. A question whose key the shop has is
   * not created again, but its answers with new keys are added to it. A second merchant answer to a
   * question is skipped (one per question). No question.* events and no mails: imported questions
   * are not new.
   */
  importQuestions(tenant: Tenant, rows: ImportedQuestionInput[]): Promise<QuestionsImportResult>;
}
export const QuestionsImport = defineCapability<QuestionsImportApi>('questions.import');
