// What the public API relies on of the questions plugin (`questions.public`): its own,
// consumer-defined interface. The provider implements it structurally.
import type { Tenant } from '@plaudit/kernel';

export type QuestionStatus = 'published' | 'unpublished' | 'pending';

export interface AnswerRecord {
  id: number;
  author: 'merchant' | 'community';
  authorName: string;
  body: string;
  helpfulCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface QuestionRecord {
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
  answerCount: number;
  answeredAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** the published answers, oldest first */
  answers: AnswerRecord[];
}

export interface QuestionListQuery {
  productId?: string[];
  status?: QuestionStatus;
  answered?: boolean;
  since?: Date;
  updatedSince?: Date;
  sort: 'newest' | 'oldest';
  limit: number;
  after?: string;
}

/** `questions.public`: another shop's id answers undefined. */
export interface PublicQuestions {
  list(tenant: Tenant, query: QuestionListQuery): Promise<{ items: QuestionRecord[]; nextCursor: string | null }>;
  get(tenant: Tenant, id: number): Promise<QuestionRecord | undefined>;
}
