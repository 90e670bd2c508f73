// /api/email-templates: every email a plugin declared in the kernel's template registry (list, read,
// save, reset), a preview rendered with sample data (or one of the shop's own queue entries), and
// test emails (25 a day). The editor works in the shop's language; customers get their own.
import Router from '@koa/router';
import createHttpError from 'http-errors';
import { z } from 'zod';
import {
  type ApiServices,
  type AppContext,
  type AppState,
  type EmailTemplate,
  type MailBody,
  type RegisteredTemplate,
  requiredTier,
  type ShopView,
  TemplateInvalid,
} from '@plaudit/kernel';
import { testEmailInput } from '../shared/email-settings';
import { MESSAGES, type TemplateListItem } from '../shared/templates';
import { entryById, type LineItem } from '../db/queue';
import { withRequestExtras } from '../shared/request-mail';
import { requestSettingsOf } from '../db/settings';
import { releaseSend, reserveSend, sendsLeft, runSettingsMail } from './settings-mail';

const previewInput = z.object({ template: z.record(z.string(), z.unknown()).optional(), queueId: z.number().int().positive().optional() }).strict();

function refuseBelowTier(feature: string) {
  const tier = requiredTier(feature);
  return createHttpError(403, `This feature needs the ${tier} tier`, { code: 'PLAN_TIER_TOO_LOW', tier, feature });
}

export function templateRoutes(services: ApiServices) {
  const { mail, shops } = services;
  const registry = mail.templates;
  const router = new Router<AppState>({ prefix: '/email-templates' });

  const shopOf = async (ctx: AppContext) => {
    const shop = await shops.get(ctx.state.tenant.shopId);
    if (!shop) throw createHttpError(404, 'Shop not found');
    return shop;
  };
  const templateOf = (ctx: AppContext) => {
    const found = registry.find(String(ctx.params.type));
    if (!found) throw createHttpError(404, 'Unknown email template');
    return found;
  };
  const allowed = (shop: ShopView, t: RegisteredTemplate) => !t.declaration.feature || shops.allows(shop, t.declaration.feature);

  /** The template with a patch, validated: zod per field, then each Liquid field parsed and tried. */
  async function patched(t: RegisteredTemplate, current: EmailTemplate, patch: unknown) {
    try {
      return await registry.validate(t.id, current, patch);
    } catch (err) {
      if (err instanceof TemplateInvalid) throw createHttpError(400, 'Validation failed', { errors: err.errors });
      throw err;
    }
  }

  /**
   * The request email's own lines in previews and test mails, as the shop's first request has them:
   * the "Not arrived yet?" link (here to the shop) when a reminder follows (activities/send.ts).
   */
  const withExtras = async (t: RegisteredTemplate, shop: ShopView, body: MailBody) =>
    t.id === 'review-requests.reviewReminder' && (await requestSettingsOf(services.settings).get(shop.id)).reminders > 0
      ? withRequestExtras(body, services.i18n.forLanguage(shop.locale), { postponeUrl: `https://${shop.publicDomain ?? shop.domain}` })
      : body;

  /** Sample values with the shop's name, or a queue entry's own customer, order and products. */
  async function modelFor(ctx: AppContext, shop: ShopView, t: RegisteredTemplate, queueId?: number): Promise<Record<string, unknown>> {
    const url = `https://${shop.publicDomain ?? shop.domain}`;
    const sample: Record<string, unknown> = { ...t.declaration.sample, shop_name: shop.name, shop_url: url };
    // the stars show as the shop's customers get them (the plan's interactive email, issue 32)
    const stars = shops.allows(shop, 'interactiveEmail');
    if (Array.isArray(sample.products) && !stars) sample.products = sample.products.map(({ rating_urls: _, ...p }) => p);
    if (!queueId) return sample;
    const row = await entryById(ctx.state.tenant, queueId).first('name', 'customerName', 'lineItems');
    if (!row) throw createHttpError(404, 'Review request not found');
    const items = (row.lineItems ?? []) as LineItem[];
    return {
      ...sample,
      customer_first_name: row.customerName?.split(' ')[0] ?? null,
      customer_name: row.customerName,
      order_name: row.name,
      product_title: items[0]?.title ?? sample.product_title,
      products: items.map((i) => ({
        title: i.title,
        image_url: i.productImage ?? i.image ?? null,
        review_url: url,
        ...(stars ? { rating_urls: Array(5).fill(url) } : {}),
      })),
    };
  }

  router.get('/', async (ctx) => {
    const shop = await shopOf(ctx);
    const data: TemplateListItem[] = await Promise.all(
      registry.list().map(async (t) => {
        const template = await registry.get(shop.id, t.id, shop.locale);
        return {
          type: t.key,
          id: t.slug,
          plugin: t.plugin,
          subject: template.subject,
          enabled: template.enabled,
          customised: !!(await registry.edits(shop.id, t.id)),
          allowed: allowed(shop, t),
        };
      }),
    );
    ctx.body = { success: true, data, testEmailsLeft: await sendsLeft(ctx.state.tenant, 'test') };
  });

  router.get('/:type', async (ctx) => {
    const t = templateOf(ctx);
    const shop = await shopOf(ctx);
    ctx.body = {
      success: true,
      data: {
        type: t.key,
        id: t.slug,
        plugin: t.plugin,
        template: await registry.get(shop.id, t.id, shop.locale),
        defaults: registry.defaults(t.id, shop.locale),
        variables: t.declaration.variables,
        allowed: allowed(shop, t),
        customCssAllowed: shops.allows(shop, 'emailCss'),
        testEmailsLeft: await sendsLeft(ctx.state.tenant, 'test'),
        shopEmail: shop.email,
      },
    };
  });

  router.put('/:type', async (ctx) => {
    const t = templateOf(ctx);
    const shop = await shopOf(ctx);
    const current = await registry.get(shop.id, t.id, shop.locale);
    const next = await patched(t, current, ctx.request.body);
    if (!allowed(shop, t)) throw refuseBelowTier(t.declaration.feature!);
    if (next.customCss !== current.customCss && next.customCss !== '' && !shops.allows(shop, 'emailCss')) throw refuseBelowTier('emailCss');
    await registry.save(shop.id, t.id, next, shop.locale);
    ctx.body = { success: true, message: 'Saved successfully', data: { type: t.key, id: t.slug, template: next } };
  });

  router.delete('/:type', async (ctx) => {
    const t = templateOf(ctx);
    const shop = await shopOf(ctx);
    await registry.reset(shop.id, t.id);
    ctx.body = { success: true, message: 'Saved successfully', data: { type: t.key, id: t.slug, template: registry.defaults(t.id, shop.locale) } };
  });

  // The editor's live preview: the draft (saved template + unsaved changes) with sample data.
  router.post('/:type/preview', async (ctx) => {
    const t = templateOf(ctx);
    const shop = await shopOf(ctx);
    const input = previewInput.parse(ctx.request.body ?? {});
    const draft = await patched(t, await registry.get(shop.id, t.id, shop.locale), input.template ?? {});
    const body = await withExtras(t, shop, await registry.render(shop.id, t.id, await modelFor(ctx, shop, t, input.queueId), shop.locale, { draft }));
    ctx.body = { success: true, data: { subject: body.subject, html: await mail.render(body) } };
  });

  // A test email of the draft to the shop's email (or the given address), through the shop's sender.
  router.post('/:type/test', async (ctx) => {
    const t = templateOf(ctx);
    const { shopId, shopDomain } = ctx.state.tenant;
    const input = testEmailInput.parse(ctx.request.body ?? {});
    const shop = await shopOf(ctx);
    const to = input.email ?? shop.email;
    if (!to) throw createHttpError(400, 'Validation failed', { errors: { email: MESSAGES.required } });
    const draft = await patched(t, await registry.get(shop.id, t.id, shop.locale), input.template ?? {});
    const prefix = services.i18n.forLanguage(shop.locale)('review-requests:mail.test_prefix');
    const body = await withExtras(
      t,
      shop,
      await registry.render(shop.id, t.id, await modelFor(ctx, shop, t), shop.locale, { draft, subjectPrefix: `${prefix} ` }),
    );
    const slot = await reserveSend(services.knex, ctx.state.tenant, 'test', t.key);
    if (!(await runSettingsMail(services, { shopId, shopDomain, kind: 'test', to, body }))) {
      await releaseSend(ctx.state.tenant, slot.id);
      throw createHttpError(502, 'Failed to send email', { code: 'TEST_EMAIL_NOT_SENT', expose: true });
    }
    ctx.body = { success: true, message: 'Test email sent', data: { to, testEmailsLeft: slot.left } };
  });

  return router;
}
