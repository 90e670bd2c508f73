// One workflow per order: waits for its trigger, sends on schedule, reminds until reviewed.
// Every delay comes from settings through activities; the workflow only waits for instants.
import { allHandlersFinished, condition, patched, proxyActivities, setCurrentDetails, setHandler, upsertSearchAttributes, workflowInfo } from '@temporalio/workflow';
import type { createActivities } from '../activities';
import {
  progressQuery, type OldOrdersProgress,
  cancelRequestUpdate, currentDetails, sendPushUpdate,
  cancelSignal, deliveredSignal, fulfilledSignal, openedSignal, orderFactsSignal, pauseSignal, reviewedSignal, sendAnywayUpdate, statusQuery,
  type OrderFacts, type QueueStatus,
} from './messages';

const acts = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 10 },
});

export interface ReviewRequestInput {
  shopId: number;
  shopDomain: string;
  orderId: string;
  /** known at start for old orders and sends from the store admin; webhooks signal them instead */
  facts?: OrderFacts;
}

const LONG_WAIT = '60 days';
const until = (iso: string) => Math.max(0, new Date(iso).getTime() - Date.now());

export async function reviewRequest(start: ReviewRequestInput): Promise<QueueStatus> {
  // Activities get the request's reference only, not the facts some starts carry.
  const { facts: startFacts, ...input } = start;
  let facts: OrderFacts | undefined;
  let fulfilledAt: string | undefined;
  let deliveredAt: string | undefined;
  let cancelled = false;
  let paused = false;
  let sendNow = false;
  let reviewed = false;
  let status: QueueStatus = 'waitingCondition';
  // What the Temporal UI shows as the workflow's current details (the queue row, and what is next).
  let push = 'none';
  // The photo reminder: the first review signalled without photos, and where its reminder stands.
  let photoReviewId: number | undefined;
  let photo: string | undefined;
  let photoAt: string | undefined;
  let remindersSent = 0;
  let reminderTotal: number | undefined;
  let trigger: string | undefined;
  let scheduledFor: string | undefined;
  let note: { skipReason?: string | null; errorMessage?: string | null } = {};
  const show = () => setCurrentDetails(currentDetails({ status, orderName: facts?.name, trigger, sendAt: scheduledFor, remindersSent, reminders: reminderTotal, push, photoReminder: photo, photoReminderAt: photoAt, ...note }));

  const setStatus = async (next: QueueStatus, extra: Record<string, unknown> = {}) => {
    status = next;
    note = extra;
    if (typeof extra.scheduledAt === 'string') scheduledFor = extra.scheduledAt;
    show();
    upsertSearchAttributes({ RequestStatus: [next] });
    await acts.recordStatus(input, next, extra);
  };

  const takeFacts = (f: OrderFacts) => {
    facts ??= f;
    // Old orders and sends from the store admin know the fulfillment already.
    if (f.fulfilledAt) fulfilledAt ??= f.fulfilledAt;
    if (f.deliveredAt) deliveredAt ??= f.deliveredAt;
  };
  setHandler(orderFactsSignal, takeFacts);
  if (startFacts) takeFacts(startFacts);
  setHandler(fulfilledSignal, (at) => void (fulfilledAt ??= at));
  setHandler(deliveredSignal, (at) => void (deliveredAt ??= at));
  setHandler(cancelSignal, () => void (cancelled = true));
  setHandler(pauseSignal, (p) => void (paused = p));
  setHandler(openedSignal, () => {
    if (status !== 'success') return;
    status = 'opened';
    show();
  });
  setHandler(reviewedSignal, (review) => {
    reviewed = true;
    // Older senders signal without a payload: no photo reminder for those.
    if (review?.reviewId !== undefined && !review.hasPhotos) photoReviewId ??= review.reviewId;
  });
  setHandler(statusQuery, () => status);
  setHandler(
    sendAnywayUpdate,
    () => {
      sendNow = true;
      cancelled = false;
      return 'sending';
    },
    {
      validator: () => {
        if (!['waiting', 'waitingCondition', 'cancel', 'failed', 'pause'].includes(status)) throw new Error(`A request that is ${status} cannot be sent anyway`);
      },
    },
  );

  setHandler(
    cancelRequestUpdate,
    () => {
      cancelled = true;
      return 'cancelled';
    },
    {
      validator: () => {
        if (status !== 'waiting' && status !== 'waitingCondition') throw new Error(`A request that is ${status} cannot be skipped`);
      },
    },
  );
  // The push reminder goes out once: on the row's push action, or with the first reminder.
  const pushNow = async () => {
    push = 'sending';
    const verdict = await acts.sendPush(input);
    push = verdict.status;
    show();
    return verdict;
  };
  setHandler(sendPushUpdate, pushNow, {
    validator: () => {
      if (push === 'waiting' || push === 'failed') return;
      throw new Error(push === 'success' ? 'The push notification was already sent' : push === 'sending' ? 'The push notification is being sent' : 'This request has no push reminder waiting');
    },
  });
  show();

  /** One photo reminder for a review without photos (paid tiers), after the reminder interval; a cancel stops it. */
  const photoReminder = async (reviewId: number) => {
    const planned = await acts.planPhotoReminder(input, reviewId);
    photo = planned.skipReason ?? planned.status;
    photoAt = planned.at;
    show();
    if (planned.status !== 'waiting' || !planned.at) return;
    if (await condition(() => cancelled, until(planned.at), { summary: `Photo reminder at ${planned.at} unless cancelled` })) {
      photo = 'cancel';
      show();
      await acts.recordStatus(input, status, { photoReminderStatus: 'cancel' });
      return;
    }
    const sent = await acts.sendPhotoReminder(input, reviewId);
    photo = sent.skipReason ?? sent.status;
    show();
  };

  // The order's details (orders/create) may arrive after its fulfillment: wait for them.
  await condition(() => facts !== undefined, LONG_WAIT, { summary: 'Wait for the order details' });
  if (!facts) return status;
  const plan = await acts.openRequest(input, facts, workflowInfo().workflowId);
  upsertSearchAttributes({ OrderName: [facts.name], ShopDomain: [input.shopDomain] });
  trigger = plan.trigger;
  await setStatus(plan.trigger === 'purchase' ? 'waiting' : 'waitingCondition');

  // Wait for the trigger; a delivery trigger falls back to the alternative schedule after fulfillment.
  let sendAt: string | undefined;
  if (plan.trigger === 'purchase') sendAt = await acts.planSend(input, facts.createdAt, facts.shippingCountry);
  else {
    await condition(() => !!fulfilledAt || cancelled || sendNow, LONG_WAIT, { summary: 'Wait for the fulfillment' });
    if (plan.trigger === 'fulfillment' && fulfilledAt) sendAt = await acts.planSend(input, fulfilledAt, facts.shippingCountry);
    if (plan.trigger === 'delivery' && fulfilledAt) {
      const fallback = await acts.deliveryFallback(input, fulfilledAt);
      await condition(() => !!deliveredAt || cancelled || sendNow, until(fallback), { summary: `Wait for the delivery; else send at ${fallback}` });
      sendAt = deliveredAt ? await acts.planSend(input, deliveredAt, facts.shippingCountry) : fallback;
    }
  }
  if (sendAt && !cancelled && !sendNow) {
    upsertSearchAttributes({ SendAt: [new Date(sendAt)] });
    await setStatus('waiting', { scheduledAt: sendAt });
  }

  for (;;) {
    // Wait for the send time, honouring pause; cancel waits for "send anyway".
    while (!sendNow) {
      if (cancelled) {
        await setStatus('cancel');
        await condition(() => sendNow, LONG_WAIT, { summary: 'Cancelled: wait for Send anyway' });
        if (!sendNow) return status;
        break;
      }
      if (paused) {
        await setStatus('pause');
        await condition(() => !paused || cancelled || sendNow);
        if (!paused && !cancelled) await setStatus('waiting');
        continue;
      }
      if (!sendAt || (await condition(() => cancelled || paused || sendNow, until(sendAt), { summary: `Send at ${sendAt}` })) === false) break;
    }
    sendNow = false;
    const outcome = await acts.sendRequest(input, 0);
    await setStatus(outcome.status, outcome.extra);
    if (outcome.status !== 'failed') break;
    // A failed send waits for "resend" (send anyway).
    await condition(() => sendNow, LONG_WAIT, { summary: 'Failed: wait for Resend' });
    if (!sendNow) return status;
  }
  if ((status as QueueStatus) !== 'success') return status;

  // Remind until reviewed; with the push integration on, a push reminder rides with the first one.
  reminderTotal = plan.reminders;
  show();
  if (patched('push-reminder') && (await acts.attachPush(input, await acts.reminderTime(input)))) {
    push = 'waiting';
    show();
  }
  const rounds = push === 'none' ? plan.reminders : Math.max(plan.reminders, 1);
  for (let reminder = 1; reminder <= rounds; reminder++) {
    const due = await acts.reminderTime(input);
    if (await condition(() => reviewed, until(due), { summary: `${reminder <= plan.reminders ? `Reminder ${reminder}` : 'Push reminder'} at ${due} unless reviewed` })) break;
    if (reminder <= plan.reminders) {
      await acts.sendRequest(input, reminder);
      remindersSent = reminder;
      show();
    }
    if (reminder === 1 && (push === 'waiting' || push === 'failed')) await pushNow();
  }
  // A review may come after the last reminder (the write links live 60 days): on shops with the
  // photo reminder the workflow keeps listening for it, so that review still gets its photo reminder.
  if (!reviewed && patched('photo-reminder')) {
    const listenUntil = await acts.photoReminderWindow(input);
    if (listenUntil) await condition(() => reviewed, until(listenUntil), { summary: `Wait for a review until ${listenUntil} (photo reminder)` });
  }
  if (reviewed) {
    await setStatus('reviewed');
    if (push === 'waiting' || push === 'failed') {
      await acts.skipPush(input);
      push = 'cancel';
      show();
    }
    if (photoReviewId !== undefined && patched('photo-reminder')) await photoReminder(photoReviewId);
  }
  // A push the merchant asked for may still be on its way.
  await condition(allHandlersFinished);
  return status;
}

export { sendRequestsNow } from './send-now';
export { settingsMail } from './settings-mail';

/** Starts a review request for every order of the last 60 days, a page at a time, up to `limit`. */
export async function oldOrderRequests(input: { shopId: number; shopDomain: string; limit: number }): Promise<OldOrdersProgress> {
  const progress: OldOrdersProgress = { started: 0, total: null, done: false };
  setHandler(progressQuery, () => progress);
  let cursor: string | null = null;
  do {
    const page: { started: number; total: number; nextCursor: string | null } = await acts.startOldOrderPage(input, cursor, input.limit - progress.started);
    progress.started += page.started;
    progress.total = Math.min(page.total, input.limit);
    cursor = page.nextCursor;
  } while (cursor && progress.started < input.limit);
  progress.done = true;
  return progress;
}
