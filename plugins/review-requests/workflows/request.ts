// The review-request workflow's state and handlers (review-request.ts runs its phases): what it knows of
// the order and the request, what the Temporal UI shows of it, and the activities it calls.
import { condition, patched, proxyActivities, setCurrentDetails, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import type { createActivities } from '../activities';
import {
  cancelRequestUpdate,
  cancelSignal,
  channelChoiceSignal,
  currentDetails,
  deliveredSignal,
  fulfilledSignal,
  messageReceiptSignal,
  openedSignal,
  orderFactsSignal,
  pauseSignal,
  NOT_SENT_YET,
  postponeUpdate,
  quotaChangedSignal,
  reviewedSignal,
  sendAnywayUpdate,
  sendPushUpdate,
  shipmentSignal,
  statusQuery,
  type ChannelChoice,
  type MessageReceipt,
  type OrderFacts,
  type QueueStatus,
  type RequestRef,
  type TextMessageSent,
} from './messages';

const RETRY = { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 10 } as const;
export const acts = proxyActivities<ReturnType<typeof createActivities>>({ startToCloseTimeout: '1 minute', retry: RETRY });

// The mail sends heartbeat (the kernel's mail service does, around the SMTP transaction): a worker
// that dies with a send under way is noticed after 15 s, not after the minute. Activity options are
// no command: histories replay unchanged (tests/replay).
export const mail = proxyActivities<Pick<ReturnType<typeof createActivities>, 'sendRequest' | 'sendPhotoReminder' | 'sendPostponed'>>({
  startToCloseTimeout: '1 minute',
  heartbeatTimeout: '15 seconds',
  retry: RETRY,
});

export const LONG_WAIT = '60 days';
/** The patch that makes an open the workflow's status and RequestStatus, also when it came before the send's status. */
const OPEN_STATUS = 'open-status';
export const until = (iso: string) => Math.max(0, new Date(iso).getTime() - Date.now());

/** What the workflow knows and what the Temporal UI shows as its current details. */
export class Request {
  facts?: OrderFacts;
  fulfilledAt?: string;
  deliveredAt?: string;
  cancelled = false;
  paused = false;
  /** "send anyway" / "resend": the merchant's go, past a cancel, a failure or the quota */
  sendNow = false;
  reviewed = false;
  /** the plan changed while the request is held over the quota */
  quotaChanged = false;
  status: QueueStatus = 'waitingCondition';
  /** the pixel's open arrived; it can come before the send's status is set (one workflow task held both) */
  opened = false;
  push = 'none';
  /** the photo reminder: the first review signalled without photos, and where its reminder stands */
  photoReviewId?: number;
  photo?: string;
  photoAt?: string;
  remindersSent = 0;
  reminderTotal?: number;
  trigger?: string;
  scheduledFor?: string;
  heldUntil?: string;
  /**
   * "Not arrived yet?": accepted once the request is sent until its last reminder's time, once per
   * request; closed for runs whose reminders began before the patch. Asked at, then until when.
   */
  postponeClosed = false;
  postponeAt?: string;
  postponedUntil?: string;
  /** the customer's channel from the thank-you or order-status page (issue 32): state only, the send reads it */
  customerChannel?: ChannelChoice;
  /** the text message that carried the request, and the final receipts signalled for the request's messages */
  textMessage?: TextMessageSent;
  receipts = new Map<string, MessageReceipt>();
  note: { skipReason?: string | null; errorMessage?: string | null } = {};

  constructor(readonly input: RequestRef) {}

  show() {
    setCurrentDetails(
      currentDetails({
        status: this.status,
        orderName: this.facts?.name,
        trigger: this.trigger,
        sendAt: this.scheduledFor,
        remindersSent: this.remindersSent,
        reminders: this.reminderTotal,
        push: this.push,
        photoReminder: this.photo,
        photoReminderAt: this.photoAt,
        heldUntil: this.heldUntil,
        postponedUntil: this.postponedUntil,
        customerChannel: this.customerChannel,
        ...this.note,
      }),
    );
  }

  async setStatus(next: QueueStatus, extra: Record<string, unknown> = {}) {
    // a send whose open came first is opened (the row too: recordStatus keeps an open it has recorded)
    this.status = next === 'success' && this.opened && patched(OPEN_STATUS) ? 'opened' : next;
    this.note = extra;
    if (typeof extra.scheduledAt === 'string') this.scheduledFor = extra.scheduledAt;
    this.show();
    upsertSearchAttributes({ RequestStatus: [this.status] });
    await acts.recordStatus(this.input, next, extra);
  }

  takeFacts(f: OrderFacts) {
    this.facts ??= f;
    // Old orders, sends from the store admin and orders/fulfilled know the fulfillment already.
    if (f.fulfilledAt) this.fulfilledAt ??= f.fulfilledAt;
    if (f.deliveredAt) this.deliveredAt ??= f.deliveredAt;
  }

  /** The push reminder goes out once: on the row's push action, or with the first reminder. */
  async pushNow() {
    this.push = 'sending';
    const verdict = await acts.sendPush(this.input);
    this.push = verdict.status;
    this.show();
    return verdict;
  }
}

export function listen(r: Request) {
  setHandler(orderFactsSignal, (f) => r.takeFacts(f));
  setHandler(shipmentSignal, (s) => {
    if (s.fulfilledAt) r.fulfilledAt ??= s.fulfilledAt;
    if (s.deliveredAt) r.deliveredAt ??= s.deliveredAt;
  });
  setHandler(fulfilledSignal, (at) => void (r.fulfilledAt ??= at));
  setHandler(deliveredSignal, (at) => void (r.deliveredAt ??= at));
  setHandler(cancelSignal, () => void (r.cancelled = true));
  setHandler(pauseSignal, (p) => void (r.paused = p));
  setHandler(quotaChangedSignal, () => void (r.quotaChanged = true));
  setHandler(openedSignal, async () => {
    r.opened = true;
    if (r.status === 'success') {
      r.status = 'opened';
      r.show();
      // searchable as opened (RequestStatus), as the queue's row and the query say
      if (patched(OPEN_STATUS)) upsertSearchAttributes({ RequestStatus: ['opened'] });
    }
    // The pixel route used to write the row itself; now the workflow records the open.
    if (patched('record-open')) await acts.recordOpened(r.input);
  });
  setHandler(reviewedSignal, (review) => {
    r.reviewed = true;
    // Older senders signal without a payload: no photo reminder for those.
    if (review?.reviewId !== undefined && !review.hasPhotos) r.photoReviewId ??= review.reviewId;
  });
  setHandler(messageReceiptSignal, (receipt) => void r.receipts.set(receipt.messageId, receipt));
  setHandler(channelChoiceSignal, (choice) => {
    r.customerChannel = choice;
    r.show();
  });
  setHandler(statusQuery, () => r.status);
  const sendAnyway = () => {
    r.sendNow = true;
    r.cancelled = false;
    return 'sending';
  };
  setHandler(sendAnywayUpdate, sendAnyway, {
    validator: () => {
      if (!['waiting', 'waitingCondition', 'cancel', 'failed', 'pause'].includes(r.status))
        throw new Error(`A request that is ${r.status} cannot be sent anyway`);
    },
  });
  setHandler(cancelRequestUpdate, () => ((r.cancelled = true), 'cancelled'), {
    validator: () => {
      if (r.status !== 'waiting' && r.status !== 'waitingCondition') throw new Error(`A request that is ${r.status} cannot be skipped`);
    },
  });
  setHandler(
    postponeUpdate,
    async ({ at }) => {
      r.postponeAt = at;
      // the answer once the postponement is recorded (the queue row shows it)
      // (a review in the same moment ends the reminders instead: nothing to postpone)
      await condition(() => r.postponedUntil !== undefined || r.reviewed || r.postponeClosed);
      return r.postponedUntil ?? '';
    },
    {
      validator: (_ask: { at: string }) => {
        if (r.postponeAt !== undefined) throw new Error('The request was postponed already');
        if (r.postponeClosed) throw new Error('This request can no longer be postponed');
        if (r.status !== 'success' && r.status !== 'opened') throw new Error(NOT_SENT_YET);
      },
    },
  );
  setHandler(sendPushUpdate, () => r.pushNow(), {
    validator: () => {
      if (r.push === 'waiting' || r.push === 'failed') return;
      throw new Error(
        r.push === 'success'
          ? 'The push notification was already sent'
          : r.push === 'sending'
            ? 'The push notification is being sent'
            : 'This request has no push reminder waiting',
      );
    },
  });
}
