// The reward workflow's input and messages (shared by the workflow and its callers).
import { defineSignal } from '@temporalio/workflow';

export interface RewardInput {
  shopId: number;
  shopDomain: string;
  reviewId: number;
  /** how often a review awaiting publication is checked again (tests shorten it) */
  pollMs?: number;
}

/** The customer added photos: the reward may grow to the photo value. */
export const mediaAddedSignal = defineSignal<[]>('rewardsMediaAdded');

export const rewardWorkflowId = (shopDomain: string, reviewId: number) => `reward:${shopDomain}:${reviewId}`;
