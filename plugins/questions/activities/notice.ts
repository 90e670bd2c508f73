// Where a new question or community answer goes for the merchant (settings `notifyEvery`): a mail
// at once, or the shop's digest workflow (signal-with-start: the first item starts it). Runs inside
// the durable event handlers, so a failed signal is retried until Temporal has it.
import type { ActivityDeps } from '@plaudit/kernel';
import { questionSettingsOf } from '../shared/settings';
import { QuestionDigest } from '../shared/workflows';
import { digestItemSignal, digestWorkflowId, type DigestInput, type DigestItem } from '../workflows/messages';

export async function noticeMerchant(deps: ActivityDeps, shop: { shopId: number; shopDomain: string }, item: DigestItem, atOnce: () => Promise<unknown>) {
  const settings = await questionSettingsOf(deps.settings).get(shop.shopId);
  if (!settings.notifyMerchant) return;
  if (settings.notifyEvery !== 'hourly') return void (await atOnce());
  const input: DigestInput = { shopId: shop.shopId, shopDomain: shop.shopDomain };
  await deps.temporal.signalWithStart(QuestionDigest, {
    workflowId: digestWorkflowId(shop.shopDomain),
    taskQueue: deps.config.temporal.taskQueue,
    args: [input],
    signal: digestItemSignal,
    signalArgs: [item],
    staticSummary: `Question digest for ${shop.shopDomain}`,
  });
}
