// Push reminders: the push entry (queueType 'push') attached to an order's email entry, and its
// hand-over to the web-push app. Until that app is connected to Plaudit, the gateway is a local
// outbox (DATA_DIR/push/outbox.jsonl), the way the SMTP sink stands in for a mail server.
import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { linkKey, signLink } from '../../../api/signed-links';
import type { ActivityDeps } from '../../../workflows/plugin';
import { PUSH_ITEMS, type PushGateway, type PushReminder, type PushStatus } from '../shared/push';
import { loadPushIntegration, pushOn } from './push-integration';

const LINK_DAYS = 60;

export function pushOutboxFile(dataDir: string) {
  return path.join(dataDir, 'push', 'outbox.jsonl');
}

/** The stand-in gateway: one JSON line per reminder, for the developer and the tests to read. */
export function outboxGateway(dataDir: string): PushGateway {
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
  return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

interface RequestRef {
  shopId: number;
  shopDomain: string;
  orderId: string;
}

export function createPushActivities(deps: ActivityDeps, gateway: PushGateway = outboxGateway(deps.config.dataDir)) {
  const { knex, config } = deps;
  // tenancy: ids come from the workflow input, which a verified webhook of that shop started
  const entry = (i: RequestRef, queueType: 'email' | 'push', db: Knex = knex) => db('email_queue').where({ shopId: i.shopId, orderId: i.orderId, queueType });

  return {
    /**
     * After the request went out: attaches the push entry (first 2 items of the order) when the
     * shop's push integration is on. Returns whether a push entry is waiting.
     */
    async attachPush(i: RequestRef, dueAt: string): Promise<boolean> {
      if (!pushOn(await loadPushIntegration(knex, i.shopId))) return false;
      const email = await entry(i, 'email').first();
      if (!email) return false;
      // tenancy: copied from the shop's own email entry
      await knex('email_queue')
        .insert({
          shopId: i.shopId, orderId: i.orderId, queueType: 'push', parentId: email.id, status: 'waiting', workflowId: email.workflowId,
          type: email.type, name: email.name, customerEmail: email.customerEmail, customerName: email.customerName, shopifyCustomerId: email.shopifyCustomerId,
          lineItems: JSON.stringify((email.lineItems as unknown[]).slice(0, PUSH_ITEMS)), createdOrderAt: email.createdOrderAt, fulfilledDate: email.fulfilledDate, scheduledAt: dueAt,
        })
        .onConflict(['shop_id', 'order_id', 'queue_type'])
        .ignore();
      const push = await entry(i, 'push').first('status');
      return push?.status === 'waiting' || push?.status === 'failed';
    },

    /** Hands the reminder to the web-push app once; a repeated call after success sends nothing. */
    async sendPush(i: RequestRef): Promise<{ status: PushStatus; message: string }> {
      const push = await entry(i, 'push').first();
      if (!push) return { status: 'cancel', message: 'This request has no push reminder' };
      if (push.status === 'success') return { status: 'success', message: 'Push notification sent' };
      if (!pushOn(await loadPushIntegration(knex, i.shopId))) {
        await entry(i, 'push').update({ status: 'cancel', skipReason: 'push_disabled', updatedAt: new Date() });
        return { status: 'cancel', message: 'The push integration is off' };
      }
      const key = linkKey(config.encryptionKey!);
      const exp = Math.floor(Date.now() / 1000) + LINK_DAYS * 86_400;
      const items = (push.lineItems as { productId: string | null; title: string }[]).filter((li) => li.productId);
      const reminder: PushReminder = {
        id: `push-${push.id}`,
        shopDomain: i.shopDomain,
        orderId: i.orderId,
        orderName: push.name,
        customerId: push.shopifyCustomerId,
        customerEmail: push.customerEmail,
        // Review links name the email entry, as the email's own links do.
        items: items.map((li) => ({ productId: li.productId!, title: li.title, reviewUrl: `${config.appUrl}/r/write/${signLink(key, { p: 'write', shop: i.shopDomain, q: push.parentId, o: i.orderId, pr: li.productId!, exp })}` })),
      };
      try {
        await gateway.send(reminder);
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
