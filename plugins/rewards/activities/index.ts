// The rewards plugin's activities (the workflow's steps) and its durable event handlers: a new review
// starts its reward workflow (one per review: `reward:<shop>:<review>`), added photos signal it.
import type { ActivityDeps } from '@plaudit/kernel';
import type { ReviewCreated, ReviewMediaAdded } from '../shared/reviews';
import { mediaAddedSignal, rewardWorkflowId, type RewardInput } from '../workflows/messages';
import { issueReward } from './issue';
import { sendRewardMail, type RewardMail } from './mail';
import { planReward, settingsOf, type Plan } from './plan';
import { checkUsage, replaceReward, settleReward } from './usage';

export function createActivities(deps: ActivityDeps) {
  return {
    rewardsPlan: (input: RewardInput, topUp = false) => planReward(deps, input, topUp),
    rewardsIssue: (input: RewardInput, plan: Extract<Plan, { action: 'issue' }>) => issueReward(deps, input, plan),
    rewardsSendMail: (input: RewardInput, rewardId: number, mail: RewardMail) => sendRewardMail(deps, input, rewardId, mail),
    rewardsCheckUsage: (input: RewardInput, rewardId: number) => checkUsage(deps, input, rewardId),
    rewardsReplace: (input: RewardInput, rewardId: number) => replaceReward(deps, input, rewardId),
    rewardsSettle: (input: RewardInput, rewardId: number) => settleReward(deps, input, rewardId),
  };
}

export function createEventHandlers(deps: ActivityDeps) {
  /** Starts the review's reward workflow (once: a second start meets the running or closed one) and, for photos, tells it. */
  async function start(e: ReviewCreated, withSignal: boolean) {
    // A shop with rewards off starts nothing: switching them on later rewards new reviews only.
    if (!(await settingsOf(deps).get(e.shopId)).enableDiscount) return;
    const input: RewardInput = { shopId: e.shopId, shopDomain: e.shopDomain, reviewId: e.reviewId };
    // A closed reward workflow is never started again for the same review: one reward per review.
    const common = {
      workflowId: rewardWorkflowId(e.shopDomain, e.reviewId), taskQueue: deps.config.temporal.taskQueue, args: [input],
      workflowIdReusePolicy: 'REJECT_DUPLICATE' as const, staticSummary: `Reward for review ${e.reviewId} of ${e.shopDomain}`,
    };
    const client = deps.temporal.client.workflow;
    await (withSignal ? client.signalWithStart('rewardReview', { ...common, signal: mediaAddedSignal, signalArgs: [] }) : client.start('rewardReview', common)).catch((err: Error) => {
      if (err.name !== 'WorkflowExecutionAlreadyStartedError') throw err;
    });
  }
  return {
    'review.created': (e: ReviewCreated) => start(e, false),
    'review.media-added': (e: ReviewMediaAdded) => start(e, true),
  };
}
