// "Ask the community": the merchant invites a product's verified buyers to answer a question. The
// buyers come from the review-requests plugin (RequestBuyers, @plaudit/contracts/review-requests,
// optional: without it the feature says it is unavailable).

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
