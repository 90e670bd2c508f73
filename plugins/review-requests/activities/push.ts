// Push reminders: the push entry (queueType 'push') attached to an order's email entry, and its
// hand-over to the web-push app. Until that app is connected to Plaudit, the gateway is a local
// outbox (DATA_DIR/push/outbox.jsonl), the way the SMTP sink stands in for a mail server.
import fs from 'node:fs';
import path from 'node:path';
import type { ActivityDeps } from '@plaudit/kernel';
import { reviewLinks } from '../shared/reviews-collect';
import { clickTracker } from '../shared/tracked-links';
import type { PushReminder } from '@plaudit/contracts/push';
import { PUSH_ITEMS, type LocalPushGateway, type PushStatus } from '../shared/push';
import type { RequestRef } from '../workflows/messages';
import { entryOf, insertEntryOnce, type LineItem } from '../db/queue';
import { connectedPushGateway, pushOn, pushStateOf } from '../db/settings';

const LINK_DAYS = 60;

export function pushOutboxFile(dataDir: string) {
  return path.join(dataDir, 'push', 'outbox.jsonl');
}

/** The stand-in gateway: one JSON line per reminder, for the developer and the tests to read. */
export function outboxGateway(dataDir: string): LocalPushGateway {
  return {
    async send(reminder) {
      const file = pushOutboxFile(dataDir);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.appendFileSync(file, JSON.stringify({ ...reminder, at: new Date().toISOString() }) + '\n');
    },
  };
}

export function readPushOutbox(dataDir: string): (PushReminder & { at: string })[] {
  const file = pushOutboxFile(dataDir);
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

export function createPushActivities(deps: ActivityDeps, gateway: LocalPushGateway = outboxGateway(deps.config.dataDir)) {
  const entry = (i: RequestRef, queueType: 'email' | 'push') => entryOf(deps.tenant(i.shopId, i.shopDomain), i.orderId, queueType);
  const integrationOn = async (shopId: number) => pushOn(await pushStateOf(deps.settings, deps.capabilities, shopId));
  /** Through the connected web-push integration plugin (`PushGateway`), else the local gateway (the outbox). */
  async function deliver(i: RequestRef, reminder: PushReminder) {
    const vendor = await connectedPushGateway(deps.capabilities, i.shopId);
    if (vendor) await vendor.send({ shopId: i.shopId, shopDomain: i.shopDomain }, reminder);
    else await gateway.send(reminder);
  }

  return {
    /**
     * After the request went out: attaches the push entry (first 2 items of the order) when the
     * shop's push integration is on. Returns whether a push entry is waiting.
     */
    async attachPush(i: RequestRef, dueAt: string): Promise<boolean> {
      if (!(await integrationOn(i.shopId))) return false;
      const email = await entry(i, 'email').first();
      if (!email) return false;
      await insertEntryOnce(deps.tenant(i.shopId, i.shopDomain), {
        orderId: i.orderId,
        queueType: 'push',
        parentId: email.id,
        status: 'waiting',
        workflowId: email.workflowId,
        type: email.type,
        name: email.name,
        customerEmail: email.customerEmail,
        customerName: email.customerName,
        shopifyCustomerId: email.shopifyCustomerId,
        lineItems: JSON.stringify((email.lineItems as unknown[]).slice(0, PUSH_ITEMS)),
        createdOrderAt: email.createdOrderAt,
        fulfilledDate: email.fulfilledDate,
        scheduledAt: dueAt,
      });
      const push = await entry(i, 'push').first('status');
      return push?.status === 'waiting' || push?.status === 'failed';
    },

    /** Hands the reminder to the web-push app once; a repeated call after success sends nothing. */
    async sendPush(i: RequestRef): Promise<{ status: PushStatus; message: string }> {
      const push = await entry(i, 'push').first();
      if (!push) return { status: 'cancel', message: 'This request has no push reminder' };
      if (push.status === 'success') return { status: 'success', message: 'Push notification sent' };
      if (!(await integrationOn(i.shopId))) {
        await entry(i, 'push').update({ status: 'cancel', skipReason: 'push_disabled', updatedAt: new Date() });
        return { status: 'cancel', message: 'The push integration is off' };
      }
      const shop = await deps.shops.get(i.shopId);
      const collect = reviewLinks(deps.capabilities, `https://${shop?.publicDomain ?? i.shopDomain}`);
      // The push's links are its own clicks (UTM medium push), through the click redirect.
      const track = clickTracker(
        deps,
        { domain: i.shopDomain, publicDomain: shop?.publicDomain },
        { queueEntry: push.id, medium: 'push', campaign: 'review_reminder' },
      );
      const items = (push.lineItems as LineItem[]).filter((li) => li.productId);
      const reminder: PushReminder = {
        id: `push-${push.id}`,
        shopDomain: i.shopDomain,
        orderId: i.orderId,
        orderName: push.name,
        customerId: push.shopifyCustomerId,
        customerEmail: push.customerEmail,
        // Review links name the email entry, as the email's own links do.
        items: items.map((li) => ({
          productId: li.productId!,
          title: li.title,
          reviewUrl: track(
            collect.writeUrl({
              shopDomain: i.shopDomain,
              queueEntryId: push.parentId,
              orderId: i.orderId,
              productId: li.productId!,
              customerLocale: push.customerLocale,
              expiresInDays: LINK_DAYS,
            }),
          ),
        })),
      };
      try {
        await deliver(i, reminder);
      } catch (err) {
        await entry(i, 'push').update({ status: 'failed', errorMessage: (err as Error).message.slice(0, 1000), updatedAt: new Date() });
        return { status: 'failed', message: (err as Error).message };
      }
      await entry(i, 'push').update({ status: 'success', sentAt: new Date(), messageId: reminder.id, errorMessage: null, updatedAt: new Date() });
      return { status: 'success', message: 'Push notification sent' };
    },

    /** A reviewed order needs no push reminder any more. */
    async skipPush(i: RequestRef): Promise<void> {
      await entry(i, 'push').whereIn('status', ['waiting', 'failed']).update({ status: 'cancel', updatedAt: new Date() });
    },
  };
}
