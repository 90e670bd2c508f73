// rewardReview: one per review (`reward:<shop>:<review>`). Plans the reward (waiting while the review
// is held for moderation when the shop sends on publication), issues the code, mails it; until the
// reminder is due, added photos may replace an unused text code with the photo code; then the
// expiry reminder unless the code was used; at expiry the reward is settled as used or expired.
import { condition, proxyActivities, setHandler, sleep } from '@temporalio/workflow';
import type { createActivities } from '../activities';
import { mediaAddedSignal, type RewardInput } from './messages';

const { rewardsPlan, rewardsIssue, rewardsSendMail, rewardsCheckUsage, rewardsReplace, rewardsSettle } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 20 },
});

const HOUR_MS = 3_600_000;
/** A review held for moderation longer than this gets no reward from this workflow. */
const MAX_WAIT_MS = 90 * 24 * HOUR_MS;

export async function rewardReview(input: RewardInput): Promise<string> {
  let photosAdded = false;
  setHandler(mediaAddedSignal, () => void (photosAdded = true));

  let plan = await rewardsPlan(input);
  for (let waited = 0; plan.action === 'wait' && waited < MAX_WAIT_MS; waited += input.pollMs ?? HOUR_MS) {
    await condition(() => photosAdded, input.pollMs ?? HOUR_MS);
    photosAdded = false;
    plan = await rewardsPlan(input);
  }
  if (plan.action !== 'issue') return plan.action === 'stop' ? plan.reason : 'moderation_timeout';
  photosAdded = false;

  let reward = await rewardsIssue(input, plan);
  if (!reward) return 'review_gone';
  await rewardsSendMail(input, reward.id, 'notification');

  const reminderDue = () => reward!.remindAt ?? reward!.expiresAt;
  while (await condition(() => photosAdded, Math.max(0, reminderDue() - Date.now()))) {
    photosAdded = false;
    if (reward.kind === 'photo') continue;
    const topUp = await rewardsPlan(input, true);
    if (topUp.action !== 'issue' || !(await rewardsReplace(input, reward.id))) continue;
    const photo = await rewardsIssue(input, topUp);
    if (!photo) break;
    reward = photo;
    await rewardsSendMail(input, reward.id, 'notification');
  }

  if (reward.remindAt !== null && !(await rewardsCheckUsage(input, reward.id)).used) await rewardsSendMail(input, reward.id, 'reminder');
  await sleep(Math.max(0, reward.expiresAt - Date.now()));
  return rewardsSettle(input, reward.id);
}
