// Kernel activities: dispatch a verified webhook to the kernel's own handling and to plugins.
import { forgetRateLimitKeys } from '../../api/http/rate-limit';
import { MailSendRecord } from '../../api/mail/send-record';
import { parseWebhookBody, sweepStarts } from '../../api/platform/webhook-intake';
import type { ActivityDeps, CustomerRef, PlatformHooks, WebhookDelivery } from '../plugin';

type PluginHooks = { plugin: string; hooks: PlatformHooks }[];

export function createKernelActivities(deps: ActivityDeps, plugins: PluginHooks) {
  const { knex, log } = deps;

  async function complianceRef(delivery: WebhookDelivery, body: any): Promise<CustomerRef | undefined> {
    if (!delivery.shopId) return undefined;
    const c = body.customer ?? {};
    return {
      shopId: delivery.shopId,
      shopDomain: delivery.shopDomain,
      customer: { id: c.id === undefined ? undefined : String(c.id), email: c.email ?? undefined, phone: c.phone ?? undefined },
      ordersToRedact: (body.orders_to_redact ?? body.orders_requested ?? []).map(String),
    };
  }

  const kernelHandlers: Record<string, (d: WebhookDelivery, body: any) => Promise<void>> = {
    async 'app/uninstalled'(d) {
      await knex.transaction(async (trx) => {
        await trx('shops').where({ shopifyDomain: d.shopDomain }).update({ uninstalledAt: new Date() });
        if (d.shopId) await trx('sessions').where({ shopId: d.shopId }).del();
      });
    },
    async 'customers/redact'(d, body) {
      const ref = await complianceRef(d, body);
      if (!ref) return;
      for (const { hooks } of plugins) await hooks.redactCustomer?.(ref);
      // the storefront's per-email rate-limit counters name the customer until they expire
      if (ref.customer.email) await forgetRateLimitKeys(knex, ref.shopId, ref.customer.email);
      // Earlier webhooks (orders, fulfillments) carry the customer's details too: keep no copy.
      const needles = [ref.customer.email, ref.customer.id].filter((v): v is string => !!v);
      for (const needle of needles) {
        await knex('webhook_deliveries')
          .where({ shopDomain: d.shopDomain })
          .whereNot({ id: d.id })
          .where('payload', 'like', `%${needle.replace(/[%_\\]/g, (c) => `\\${c}`)}%`)
          .update({ payload: '{}' });
      }
      if (needles.length) {
        await knex('data_requests')
          .where({ shopDomain: d.shopDomain })
          .where((q) => {
            if (ref.customer.email) q.orWhere({ customerEmail: ref.customer.email });
            if (ref.customer.id) q.orWhere({ customerId: ref.customer.id });
          })
          .del();
      }
      // The redact request itself names the customer.
      await knex('webhook_deliveries').where({ id: d.id }).update({ payload: '{}' });
    },
    async 'customers/data_request'(d, body) {
      const ref = await complianceRef(d, body);
      if (!ref) return;
      const exported: Record<string, unknown> = {};
      for (const { plugin, hooks } of plugins) if (hooks.exportCustomer) exported[plugin] = await hooks.exportCustomer(ref);
      await knex('data_requests').insert({
        shopDomain: d.shopDomain,
        requestId: body.data_request?.id === undefined ? null : String(body.data_request.id),
        customerId: ref.customer.id ?? null,
        customerEmail: ref.customer.email ?? null,
        export: JSON.stringify(exported),
      });
    },
    async 'shop/redact'(d) {
      if (d.shopId) for (const { hooks } of plugins) await hooks.redactShop?.({ shopId: d.shopId, shopDomain: d.shopDomain });
      await knex.transaction(async (trx) => {
        // Plugin tables reference shops with ON DELETE CASCADE.
        await trx('shops').where({ shopifyDomain: d.shopDomain }).del();
        await trx('data_requests').where({ shopDomain: d.shopDomain }).del();
        await trx('webhook_deliveries').where({ shopDomain: d.shopDomain }).whereNot({ id: d.id }).del();
        await trx('webhook_deliveries').where({ id: d.id }).update({ payload: '{}' });
      });
    },
  };

  return {
    async sweepOutbox() {
      const starts = await sweepStarts(knex, deps.outbox);
      // the same schedule forgets mail sends past their retention (api/mail/send-record.ts)
      const mailSendsSwept = await new MailSendRecord(knex, log).sweep();
      return { ...starts, mailSendsSwept };
    },
    async dispatchWebhook(deliveryId: number): Promise<string> {
      const row = await knex('webhook_deliveries').where({ id: deliveryId }).first();
      if (!row) return 'gone';
      if (row.status === 'processed') return 'already processed';
      const shop = await knex('shops').where({ shopifyDomain: row.shopDomain }).first('id');
      const delivery: WebhookDelivery = {
        id: row.id,
        shopId: shop?.id ?? null,
        shopDomain: row.shopDomain,
        topic: row.topic,
        webhookId: row.webhookId,
        triggeredAt: row.triggeredAt ? new Date(row.triggeredAt).toISOString() : null,
        payload: row.payload,
      };
      await knex('webhook_deliveries').where({ id: deliveryId }).increment('attempts', 1);
      try {
        const body = parseWebhookBody(row.payload);
        await kernelHandlers[row.topic]?.(delivery, body);
        const handlers = plugins.filter((p) => p.hooks.webhooks?.[row.topic]);
        for (const { hooks } of handlers) await hooks.webhooks![row.topic](delivery, body);
        // `error` stays as the last failed attempt left it: with `attempts`, it says why a processed delivery took more than one
        await knex('webhook_deliveries').where({ id: deliveryId }).update({ status: 'processed', processedAt: new Date() });
        log.info({ topic: row.topic, shop: row.shopDomain, plugins: handlers.map((h) => h.plugin) }, 'webhook processed');
        return `${row.topic}: ${handlers.length} plugin handler(s)`;
      } catch (err) {
        await knex('webhook_deliveries')
          .where({ id: deliveryId })
          .update({ status: 'failed', error: (err as Error).message.slice(0, 2000) });
        throw err;
      }
    },
  };
}
