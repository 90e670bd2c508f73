// "Ask the community": the merchant invites a product's verified buyers to answer a question. The
// buyers come from the review-requests plugin (capability 'review-requests.buyers', optional: without
// it the feature says it is unavailable); this is the interface relied on, checked by the tests
// against the real provider (plugins never import each other).
import type { Tenant } from '@plaudit/kernel';

export const BUYERS_CAPABILITY = 'review-requests.buyers';

export interface VerifiedBuyer {
  email: string;
  name: string | null;
  locale: string | null;
  customerId: string | null;
}

export interface BuyersSource {
  /** fulfilled or delivered buyers of the product, not unsubscribed nor blocked; `exclude`: emails and customer ids */
  verifiedBuyers(tenant: Tenant, productId: string, limit: number, exclude: string[]): Promise<VerifiedBuyer[]>;
  /** unsubscribed from review requests or blocked by the merchant */
  blocked(tenant: Tenant, email: string): Promise<boolean>;
  /** review requests' unsubscribe link for that customer */
  unsubscribeUrl(tenant: Tenant, email: string): Promise<string | undefined>;
}

/** The durable 'question.invited' event: one invitation to mail (its own retried activity). */
export const QUESTION_INVITED = 'question.invited';
export interface QuestionInvited {
  shopId: number;
  shopDomain: string;
  questionId: number;
  invitationId: number;
}

/** The durable 'question.community-answer' event: an invited buyer answered (the merchant's mail). */
export const QUESTION_COMMUNITY_ANSWER = 'question.community-answer';
export interface QuestionCommunityAnswer {
  shopId: number;
  shopDomain: string;
  questionId: number;
  answerId: number;
}

export const INVITATION_STATUSES = ['queued', 'sent', 'refused', 'skipped', 'answered'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export interface Invitation {
  id: number;
  name: string | null;
  email: string;
  status: InvitationStatus;
  invitedAt: string;
}

/** What the answer editor shows: whether the feature works here, how many one invite reaches, who was invited. */
export interface CommunityState {
  available: boolean;
  perInvite: number;
  invitations: Invitation[];
}

/** The signed link to the answer page (plugin.ts `links`): valid 30 days. */
export const ANSWER_LINK_DAYS = 30;
export const ANSWER_PURPOSE = 'questions.answer';
export type AnswerLink = { invitation: number };
