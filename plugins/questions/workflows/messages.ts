// The questions plugin's workflow input and messages, shared by the workflow and its callers (the
// event handlers, tests), so neither imports the other.
import { defineQuery, defineSignal } from '@temporalio/workflow';

/** Something new for the merchant's digest: a question, or an invited buyer's answer. */
export interface DigestItem {
  kind: 'question' | 'answer';
  id: number;
}

export const digestItemSignal = defineSignal<[DigestItem]>('questionDigestItem');
/** Sends the waiting items now instead of at the end of the hour (operations, tests). */
export const sendDigestNowSignal = defineSignal('questionDigestNow');
/** The items waiting for the next digest. */
export const digestWaitingQuery = defineQuery<DigestItem[]>('questionDigestWaiting');

export const digestWorkflowId = (shopDomain: string) => `question-digest:${shopDomain}`;

export interface DigestInput {
  shopId: number;
  shopDomain: string;
  /** how long the first waiting item waits for others: an hour (tests shorten it) */
  everyMs?: number;
  /** carried over continue-as-new */
  waiting?: DigestItem[];
  since?: number;
}
