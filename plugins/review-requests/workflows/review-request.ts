// One workflow per order, in phases: wait for the order's facts, wait for its trigger, send (held
// over the monthly quota, cancelled, failed and resent), remind until reviewed, then the photo
// reminder. Every delay comes from settings through activities; the workflow only waits for instants.
// The command order of each phase is the one running histories recorded: new steps sit behind patched().
import { allHandlersFinished, condition, patched, upsertSearchAttributes, workflowInfo } from '@temporalio/workflow';
import { type MessageReceipt, type OrderFacts, type QueueStatus, type ReviewRequestInput, type TextMessageSent } from './messages';
import { acts, listen, LONG_WAIT, mail, Request, until } from './request';

/** Phase 1: the order's details (orders/create may arrive after its fulfillment); opens the queue entry. */
async function awaitFacts(r: Request) {
  await condition(() => r.facts !== undefined, LONG_WAIT, { summary: 'Wait for the order details' });
  if (!r.facts) return undefined;
  const plan = await acts.openRequest(r.input, r.facts, workflowInfo().workflowId);
  upsertSearchAttributes({ OrderName: [r.facts.name], ShopDomain: [r.input.shopDomain] });
  r.trigger = plan.trigger;
  await r.setStatus(plan.trigger === 'purchase' ? 'waiting' : 'waitingCondition');
  return plan;
}

/** Phase 2: the send instant, from the trigger; a delivery trigger falls back after fulfillment. */
async function awaitTrigger(r: Request, facts: OrderFacts, trigger: string): Promise<string | undefined> {
  let sendAt: string | undefined;
  if (trigger === 'purchase') sendAt = await acts.planSend(r.input, facts.createdAt, facts.shippingCountry);
  else {
    await condition(() => !!r.fulfilledAt || r.cancelled || r.sendNow, LONG_WAIT, { summary: 'Wait for the fulfillment' });
    if (trigger === 'fulfillment' && r.fulfilledAt) sendAt = await acts.planSend(r.input, r.fulfilledAt, facts.shippingCountry);
    if (trigger === 'delivery' && r.fulfilledAt) {
      const fallback = await acts.deliveryFallback(r.input, r.fulfilledAt);
      await condition(() => !!r.deliveredAt || r.cancelled || r.sendNow, until(fallback), { summary: `Wait for the delivery; else send at ${fallback}` });
      sendAt = r.deliveredAt ? await acts.planSend(r.input, r.deliveredAt, facts.shippingCountry) : fallback;
    }
  }
  if (sendAt && !r.cancelled && !r.sendNow) {
    upsertSearchAttributes({ SendAt: [new Date(sendAt)] });
    await r.setStatus('waiting', { scheduledAt: sendAt });
  }
  return sendAt;
}

/** Waits for the send time, honouring pause; a cancel waits for "send anyway". False: give up. */
async function awaitSendTime(r: Request, sendAt: string | undefined): Promise<boolean> {
  while (!r.sendNow) {
    if (r.cancelled) {
      await r.setStatus('cancel');
      await condition(() => r.sendNow, LONG_WAIT, { summary: 'Cancelled: wait for Send anyway' });
      return r.sendNow;
    }
    if (r.paused) {
      await r.setStatus('pause');
      await condition(() => !r.paused || r.cancelled || r.sendNow);
      if (!r.paused && !r.cancelled) await r.setStatus('waiting');
      continue;
    }
    if (!sendAt || (await condition(() => r.cancelled || r.paused || r.sendNow, until(sendAt), { summary: `Send at ${sendAt}` })) === false) break;
  }
  return true;
}

/**
 * Over the monthly quota the request is held in `pause`, never dropped: it tries again when the
 * month turns in the shop's timezone, when the plan changes, or sends on "send anyway".
 */
async function holdOverQuota(r: Request, extra: Record<string, unknown>) {
  const { resetsAt } = await acts.quotaHold(r.input);
  r.heldUntil = resetsAt;
  r.quotaChanged = false;
  await r.setStatus('pause', extra);
  await condition(() => r.sendNow || r.cancelled || r.quotaChanged, until(resetsAt), {
    summary: `Held over the monthly quota until ${resetsAt}, a plan change or Send anyway`,
  });
  r.heldUntil = undefined;
}

/** The request waits out the customer's quiet hours (shown as scheduled at their end). */
async function quietHours(r: Request, retryAt: string, extra: Record<string, unknown>) {
  await r.setStatus('waiting', extra);
  await condition(() => r.cancelled || r.sendNow || r.paused, until(retryAt), { summary: `Quiet hours for the customer: send at ${retryAt}` });
}

/** Phase 3: sends the request (again on the next channels after an undelivered text message); a failure waits for "resend". Answers whether it went out. */
async function sendLoop(r: Request, sendAt: string | undefined, undelivered?: TextMessageSent & MessageReceipt): Promise<boolean> {
  let overQuota = false;
  for (;;) {
    if (!overQuota && !(await awaitSendTime(r, sendAt))) return false;
    const forced = r.sendNow;
    r.sendNow = false;
    overQuota = false;
    // the customer's channel (issue 32) travels in the activity's options: no new command, histories replay as before
    const outcome = await mail.sendRequest(r.input, 0, {
      ignoreQuota: forced,
      ...(r.customerChannel ? { customerChannel: r.customerChannel } : {}),
      ...(undelivered ? { undelivered } : {}),
    });
    // Issue 32: a text message in the customer's quiet hours waits for their end (a durable timer), then
    // the channels are tried again; a cancel or Send anyway ends the wait early.
    if (outcome.retryAt && patched('channels')) {
      await quietHours(r, outcome.retryAt, outcome.extra);
      continue;
    }
    if (outcome.status === 'pause' && patched('quota-hold')) {
      await holdOverQuota(r, outcome.extra);
      // A cancel while held goes the cancel way; otherwise try again (the quota is counted anew).
      overQuota = !r.cancelled;
      continue;
    }
    await r.setStatus(outcome.status, outcome.extra);
    r.textMessage = outcome.message;
    if (outcome.status !== 'failed') return outcome.status === 'success';
    await condition(() => r.sendNow, LONG_WAIT, { summary: 'Failed: wait for Resend' });
    if (!r.sendNow) return false;
  }
}

const UNDELIVERED = new Set(['failed', 'undelivered']);

/**
 * Phase 3b (issue 32): a text message the provider took may still not reach the phone. Its final
 * receipt is awaited (until receiptDeadline, or a review); a failure sends the request again on the
 * channels after it (as the shop ordered them: WhatsApp, SMS, email), the send phase's way (quiet hours,
 * cancel, resend), and a new text message is awaited the same way. False: the request did not go out.
 */
async function awaitDelivery(r: Request): Promise<boolean> {
  while (r.textMessage && patched('undelivered-fallback')) {
    const message = r.textMessage;
    r.textMessage = undefined;
    const by = await acts.receiptDeadline(r.input);
    await condition(() => r.reviewed || r.receipts.has(message.messageId), until(by), {
      summary: `Wait for the ${message.channel} delivery receipt until ${by} unless reviewed`,
    });
    const receipt = r.receipts.get(message.messageId);
    if (r.reviewed || !receipt || !UNDELIVERED.has(receipt.status)) return true;
    if (!(await sendLoop(r, undefined, { ...message, ...receipt }))) return false;
  }
  return true;
}

/** Phase 4: reminds until reviewed; with the push integration on, a push reminder rides with the first one. */
async function remind(r: Request, reminders: number) {
  r.reminderTotal = reminders;
  r.show();
  if (patched('push-reminder') && (await acts.attachPush(r.input, await acts.reminderTime(r.input)))) {
    r.push = 'waiting';
    r.show();
  }
  // "Not arrived yet?" (issue 32): the customer may postpone while a reminder is awaited (the emails
  // carry the link only then); one asked between the send and here is taken at the first wait.
  const postponable = patched('postpone');
  if (!postponable) r.postponeClosed = true;
  const rounds = r.push === 'none' ? reminders : Math.max(reminders, 1);
  for (let reminder = 1; reminder <= rounds; reminder++) {
    const due = await acts.reminderTime(r.input);
    const woke = await condition(() => r.reviewed || (postponable && r.postponeAt !== undefined && r.postponedUntil === undefined), until(due), {
      summary: `${reminder <= reminders ? `Reminder ${reminder}` : 'Push reminder'} at ${due} unless reviewed`,
    });
    if (woke && !r.reviewed) {
      await postpone(r);
      if (r.reviewed) break;
      // this reminder again, now counted from the request's second send
      reminder--;
      continue;
    }
    if (woke) break;
    if (reminder <= reminders) {
      await mail.sendRequest(r.input, reminder);
      r.remindersSent = reminder;
      r.show();
    }
    if (reminder === 1 && (r.push === 'waiting' || r.push === 'failed')) await r.pushNow();
  }
  r.postponeClosed = true;
}

/**
 * The customer postponed the request: recorded on the queue row, then it waits for the delivery (a
 * delivery known already does not count: the customer says it has not arrived) or the postpone time,
 * and the request goes out once more. Once per request.
 */
async function postpone(r: Request) {
  const deliveredBefore = r.deliveredAt;
  const { until: latest } = await acts.postponeRequest(r.input, r.postponeAt!);
  r.postponedUntil = latest;
  r.show();
  await condition(() => r.reviewed || r.deliveredAt !== deliveredBefore, until(latest), {
    summary: `Postponed by the customer: send again on the delivery, else at ${latest}, unless reviewed`,
  });
  if (r.reviewed) return;
  await mail.sendPostponed(r.input);
  r.postponedUntil = 'sent';
  r.show();
}

/** Phase 5: a review (maybe after the last reminder) ends the request; one without photos gets the photo reminder. */
async function afterReview(r: Request) {
  // The write links live 60 days: on shops with the photo reminder the workflow keeps listening.
  if (!r.reviewed && patched('photo-reminder')) {
    const listenUntil = await acts.photoReminderWindow(r.input);
    if (listenUntil) await condition(() => r.reviewed, until(listenUntil), { summary: `Wait for a review until ${listenUntil} (photo reminder)` });
  }
  if (!r.reviewed) return;
  await r.setStatus('reviewed');
  if (r.push === 'waiting' || r.push === 'failed') {
    await acts.skipPush(r.input);
    r.push = 'cancel';
    r.show();
  }
  if (r.photoReviewId !== undefined && patched('photo-reminder')) await photoReminder(r, r.photoReviewId);
}

/** One photo reminder for a review without photos (paid tiers), after the reminder interval; a cancel stops it. */
async function photoReminder(r: Request, reviewId: number) {
  const planned = await acts.planPhotoReminder(r.input, reviewId);
  r.photo = planned.skipReason ?? planned.status;
  r.photoAt = planned.at;
  r.show();
  if (planned.status !== 'waiting' || !planned.at) return;
  if (await condition(() => r.cancelled, until(planned.at), { summary: `Photo reminder at ${planned.at} unless cancelled` })) {
    r.photo = 'cancel';
    r.show();
    await acts.recordStatus(r.input, r.status, { photoReminderStatus: 'cancel' });
    return;
  }
  const sent = await mail.sendPhotoReminder(r.input, reviewId);
  r.photo = sent.skipReason ?? sent.status;
  r.show();
}

export async function reviewRequest(start: ReviewRequestInput): Promise<QueueStatus> {
  // Activities get the request's reference only, not the facts some starts carry.
  const { facts, sendNow, ...input } = start;
  const r = new Request(input);
  listen(r);
  if (facts) r.takeFacts(facts);
  // A Resend or Send anyway whose earlier run had ended (or never ran: demo rows) starts a new run that sends at once.
  if (sendNow && patched('send-now-start')) r.sendNow = true;
  r.show();

  const plan = await awaitFacts(r);
  if (plan && (await sendLoop(r, await awaitTrigger(r, r.facts!, plan.trigger)))) {
    if (await awaitDelivery(r)) {
      await remind(r, plan.reminders);
      await afterReview(r);
    }
  }
  // A push the merchant asked for may still be on its way.
  await condition(allHandlersFinished);
  return r.status;
}
