// One workflow per shop (`question-digest:<shop>`), started by the first item (signal-with-start from
// the durable event handlers): it collects new questions and community answers for an hour after
// the first one, then one activity mails them together. The activity claims the items in the database
// before sending, so a retried or repeated run never mails an item twice; the workflow's own state
// (Temporal history) keeps what waits, so a restart of the worker loses nothing.
import { condition, continueAsNew, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { createActivities } from '../activities';
import { digestItemSignal, digestWaitingQuery, sendDigestNowSignal, type DigestInput, type DigestItem } from './messages';

// retried without a limit (an SMTP outage must not drop the batch); a refused mail is an answer, not an error
const { questionsSendDigest } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '2 minutes',
  retry: { maximumInterval: '10 minutes' },
});

const IDLE_MS = 7 * 24 * 3_600_000;
const MAX_ROUNDS = 200;

export async function questionDigest(input: DigestInput): Promise<void> {
  const every = input.everyMs ?? 3_600_000;
  let waiting: DigestItem[] = input.waiting ?? [];
  let since = input.since ?? (waiting.length ? Date.now() : 0);
  let now = false;
  setHandler(digestItemSignal, (item) => {
    // a redelivered event signals again: the item waits once (the activity's claim would skip it anyway)
    if (waiting.some((w) => w.kind === item.kind && w.id === item.id)) return;
    if (!waiting.length) since = Date.now();
    waiting.push(item);
  });
  setHandler(sendDigestNowSignal, () => void (now = waiting.length > 0));
  setHandler(digestWaitingQuery, () => [...waiting]);

  // a fresh history now and then (every signal is an event in it)
  for (let round = 0; round < MAX_ROUNDS && !workflowInfo().continueAsNewSuggested; round++) {
    // idle for a week: end; the next item starts the workflow again
    if (!waiting.length && !(await condition(() => waiting.length > 0, IDLE_MS))) return;
    const left = since + every - Date.now();
    if (left > 0 && !now) await condition(() => now, left);
    const batch = waiting;
    waiting = [];
    now = false;
    await questionsSendDigest(input.shopId, {
      questions: batch.filter((i) => i.kind === 'question').map((i) => i.id),
      answers: batch.filter((i) => i.kind === 'answer').map((i) => i.id),
    });
  }
  await continueAsNew<typeof questionDigest>({ ...input, waiting, since });
}
