// The demo shop's last 30 days of review requests (issue 18), so its queue and its analytics funnel
// look like a living shop's: sent, opened, clicked, reviewed (some with a photo), a few reminded (some
// with a push), failed, skipped and unsubscribed. Some requests went by SMS or WhatsApp (issue 32) with
// their delivery receipts, and some email reviews were started from a star, so the funnel by channel
// shows each channel. Deterministic (a seeded sequence), relative to `now`.
// Rows are marked `demo` and name no workflow: nothing is sent for them.

export interface DemoProduct {
  productId: string;
  title: string;
  handle: string | null;
  productImage: string | null;
}

/** One request: its email entry's row, and its push entry's when it had one. */
export interface DemoRequest {
  email: Record<string, unknown>;
  push?: Record<string, unknown>;
}

const HOUR = 3_600_000;
const DAYS = 30;
const COUNT = 120;
const NAMES = [
  ['Olivia', 'Brown'],
  ['James', 'Wilson'],
  ['Hana', 'Sato'],
  ['Mateo', 'López'],
  ['Chloe', 'Bernard'],
  ['Finn', 'Müller'],
  ['Aria', 'Patel'],
  ['Oscar', 'Jensen'],
];
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'CA', 'AU', 'JP'];
const SKIPS = [null, 'no_email', 'unsubscribed', 'email_disabled'];
const FALLBACK_PRODUCTS: DemoProduct[] = ['Linen Shirt', 'Canvas Tote Bag', 'Ceramic Mug'].map((title, i) => ({
  productId: `gid://shopify/Product/91000000000000000${i}`,
  title,
  handle: null,
  productImage: null,
}));

/** Park-Miller's minimal standard generator: the same sample on every start. */
function sequence(seed: number) {
  let s = seed;
  return () => (s = (s * 48271) % 2147483647) / 2147483647;
}

/** Demo orders are numbered apart from the store's (#1001 on): #5001 on, ids far past its counter. */
export const demoOrderId = (i: number) => `9100000000${String(i).padStart(8, '0')}`;

export function demoHistory(now: number, catalogue: DemoProduct[]): DemoRequest[] {
  const rand = sequence(20261231);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  const products = catalogue.length ? catalogue : FALLBACK_PRODUCTS;
  // an instant `hours` after `base`, unless that is not in the past yet
  const at = (base: Date | undefined, hours: number) =>
    base && base.getTime() + hours * HOUR < now - 60_000 ? new Date(base.getTime() + hours * HOUR) : undefined;

  return Array.from({ length: COUNT }, (_, i) => {
    const created = new Date(now - DAYS * 24 * HOUR + (i + rand() * 0.8) * ((DAYS * 24 * HOUR) / COUNT));
    const [first, last] = pick(NAMES);
    const items = [...new Set([pick(products), pick(products)])].map((p) => ({ ...p, quantity: 1 }));
    const email: Record<string, unknown> = {
      orderId: demoOrderId(i),
      name: `#${5001 + i}`,
      queueType: 'email',
      workflowId: 'demo',
      demo: true,
      customerEmail: `${first}.${last}.${i}@example.com`
        .toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, ''),
      customerName: `${first} ${last}`,
      shippingCountry: pick(COUNTRIES),
      customerLocale: 'en',
      lineItems: JSON.stringify(items),
      createdOrderAt: new Date(created.getTime() - 2 * HOUR),
      createdAt: created,
    };
    const fate = rand();
    if (fate < 0.04) return { email: { ...email, status: 'failed', errorMessage: '550 5.1.1 Mailbox unavailable' } };
    if (fate < 0.1) {
      const skipReason = pick(SKIPS);
      return { email: { ...email, status: 'cancel', skipReason, ...(skipReason === 'no_email' ? { customerEmail: null } : {}) } };
    }
    return sentRequest(email, created, rand, at);
  });
}

type Later = (base: Date | undefined, hours: number) => Date | undefined;
type TextChannel = 'sms' | 'whatsapp';

/** About a quarter of the requests went by SMS, one in six by WhatsApp (the shop's channel order and its customers' consent). */
function demoChannel(rand: () => number): 'email' | TextChannel {
  const r = rand();
  return r < 0.25 ? 'sms' : r < 0.42 ? 'whatsapp' : 'email';
}

/** A text message's row fields and receipt: most delivered (WhatsApp's often read), a few not. */
function textMessage(channel: TextChannel, email: Record<string, unknown>, sentAt: Date, rand: () => number, at: Later) {
  const r = rand();
  const deliveryStatus = channel === 'sms' ? (r < 0.93 ? 'delivered' : 'undelivered') : r < 0.6 ? 'read' : r < 0.94 ? 'delivered' : 'failed';
  const index = Number(String(email.orderId).slice(-4));
  return {
    channel,
    channelProvider: channel === 'sms' ? 'twilio' : 'whatsapp-cloud',
    channelMessageId: `demo-${index}`,
    channelText: `Hi ${String(email.customerName).split(' ')[0]}, how was your order ${email.name}? Tell us: https://example.com/r/demo`,
    customerPhone: `+1415555${String(1000 + index).slice(-4)}`,
    smsConsent: 'subscribed',
    deliveryStatus,
    deliveryUpdatedAt: at(sentAt, 0.02) ?? sentAt,
  };
}

/** Who clicked a text message: more than open an email, only once it arrived. */
const textClick = (text: ReturnType<typeof textMessage>, sentAt: Date, rand: () => number, at: Later) =>
  ['delivered', 'read'].includes(text.deliveryStatus) && rand() < (text.channel === 'sms' ? 0.38 : 0.5) ? at(sentAt, 0.05 + rand() * 6) : undefined;

/** A request that went out: its opens, clicks, review, photo, reminder, push and unsubscribe. */
function sentRequest(email: Record<string, unknown>, created: Date, rand: () => number, at: Later): DemoRequest {
  const sentAt = at(created, 0.5 + rand() * 18) ?? new Date(created.getTime() + 60_000);
  const channel = demoChannel(rand);
  const text = channel === 'email' ? undefined : textMessage(channel, email, sentAt, rand, at);
  // a text message has no open pixel
  let openedAt = !text && rand() < 0.62 ? at(sentAt, 0.1 + rand() ** 2 * 72) : undefined;
  let clickedAt = text ? textClick(text, sentAt, rand, at) : openedAt && rand() < 0.55 ? at(openedAt, rand() * 0.3) : undefined;
  // a star clicked in the email: the review is started with that rating
  const startedAt = !text && clickedAt && rand() < 0.6 ? clickedAt : undefined;
  let reviewedAt = clickedAt && rand() < 0.65 ? at(clickedAt, 0.05 + rand() * 0.5) : undefined;
  // a reminder 3 days later for some of the rest (the shop turned reminders on midway)
  const remindedAt = !reviewedAt && rand() < 0.3 ? at(sentAt, 72) : undefined;
  let push: Record<string, unknown> | undefined;
  if (remindedAt) {
    // a third of the reminded come back and review
    if (rand() < 0.35) {
      const back = at(remindedAt, 0.5 + rand() * 10);
      openedAt ??= back;
      clickedAt ??= back;
      reviewedAt = at(back, 0.2 + rand() * 2);
    }
    if (rand() < 0.4) {
      const items = (JSON.parse(email.lineItems as string) as unknown[]).slice(0, 2);
      push = {
        ...email,
        queueType: 'push',
        status: 'success',
        lineItems: JSON.stringify(items),
        createdAt: new Date(sentAt.getTime() + 60_000),
        scheduledAt: remindedAt,
        sentAt: remindedAt,
        messageId: 'demo',
        clickedAt: rand() < 0.3 ? at(remindedAt, 0.2) : undefined,
      };
    }
  }
  const photoAddedAt = reviewedAt && rand() < 0.35 ? at(reviewedAt, 0.05) : undefined;
  const unsubscribedAt = !reviewedAt && rand() < 0.04 ? at(openedAt ?? sentAt, 1) : undefined;
  const status = reviewedAt ? 'reviewed' : openedAt ? 'opened' : 'success';
  return {
    email: {
      ...email,
      ...text,
      status,
      startedAt,
      startedRating: startedAt ? 3 + Math.floor(rand() * 3) : undefined,
      scheduledAt: sentAt,
      sentAt,
      openedAt,
      clickedAt,
      reviewedAt,
      photoAddedAt,
      unsubscribedAt,
      reminderCount: remindedAt ? 1 : 0,
      remindedAt,
      subject: text ? undefined : `${email.customerName}, how did you like your order ${email.name}?`,
    },
    push,
  };
}
