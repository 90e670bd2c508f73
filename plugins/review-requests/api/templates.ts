// /api/email-templates: the shop's email templates (list, read, save, reset), a preview rendered
// with sample data (or one of the shop's own queue entries), and test emails (25 a day).
import Router from '@koa/router';
import createHttpError from 'http-errors';
import { z } from 'zod';
import type { AppContext, AppState } from '../../../api/http/types';
import { allows, requiredTier, type Feature } from '../../../api/plans';
import type { ApiServices } from '../../../api/plugins/types';
import { Shop } from '../../../api/shops/shop.model';
import { testEmailInput } from '../shared/email-settings';
import {
  DEFAULT_TEMPLATES, emailTemplate, MESSAGES, TEMPLATE_FEATURE, TEMPLATE_TYPES, TEMPLATE_VARIABLES, templatePatch, templateSlug, templateTypeOf,
  type EmailTemplate, type TemplateListItem, type TemplateType,
} from '../shared/templates';
import { loadTemplates, resetTemplate, storeTemplate, storedTemplates } from '../activities/templates';
import { liquidErrors, renderEmail, sampleModel, type TemplateModel } from '../activities/templates-render';
import { releaseSend, reserveSend, sendsLeft, runSettingsMail } from './settings-mail';

function typeParam(ctx: AppContext): TemplateType {
  const type = templateTypeOf(String(ctx.params.type));
  if (!type) throw createHttpError(404, 'Unknown email template');
  return type;
}

async function shopOf(ctx: AppContext) {
  // tenancy: the shop row itself, by the verified auth context's id
  const shop = await Shop.query().findById(ctx.state.auth.shopId);
  if (!shop) throw createHttpError(404, 'Shop not found');
  return shop;
}

function refuseBelowTier(feature: Feature) {
  const tier = requiredTier(feature);
  return createHttpError(403, `This feature needs the ${tier} tier`, { code: 'PLAN_TIER_TOO_LOW', tier, feature });
}

/** The stored template with a patch applied, validated: zod per field, then each Liquid field parsed. */
async function patched(type: TemplateType, current: EmailTemplate, body: unknown): Promise<EmailTemplate> {
  const next = emailTemplate.parse({ ...current, ...templatePatch.parse(body ?? {}) });
  const errors = await liquidErrors(type, next);
  if (Object.keys(errors).length) throw createHttpError(400, 'Validation failed', { errors });
  return next;
}

const previewInput = z.object({ template: z.record(z.string(), z.unknown()).optional(), queueId: z.number().int().positive().optional() }).strict();

export function templateRoutes(services: ApiServices) {
  const { knex } = services;
  const router = new Router<AppState>({ prefix: '/email-templates' });

  /** Sample values with the shop's name, or a queue entry's own customer, order and products. */
  async function modelFor(ctx: AppContext, type: TemplateType, queueId?: number): Promise<TemplateModel> {
    const shop = await shopOf(ctx);
    const sample = sampleModel(type, { name: shop.name ?? shop.shopifyDomain, url: `https://${shop.domain ?? shop.shopifyDomain}` });
    if (!queueId) return sample;
    // tenancy: the entry must belong to the authenticated shop
    const row = await knex('email_queue').where({ shopId: ctx.state.tenant.shopId, id: queueId }).first('name', 'customerName', 'lineItems');
    if (!row) throw createHttpError(404, 'Review request not found');
    const items = (row.lineItems ?? []) as { title: string; productImage?: string | null; image?: string | null }[];
    return {
      ...sample,
      customer_first_name: row.customerName?.split(' ')[0] ?? null,
      customer_name: row.customerName,
      order_name: row.name,
      product_title: items[0]?.title ?? sample.product_title,
      products: items.map((i) => ({ title: i.title, image_url: i.productImage ?? i.image ?? null, review_url: sample.shop_url! })),
    };
  }

  router.get('/', async (ctx) => {
    const shop = await shopOf(ctx);
    const stored = await storedTemplates(knex, shop.id);
    const templates = await loadTemplates(knex, shop.id);
    const data: TemplateListItem[] = TEMPLATE_TYPES.map((type) => ({
      type,
      id: templateSlug(type),
      subject: templates[type].subject,
      enabled: templates[type].enabled,
      customised: type in stored,
      allowed: !TEMPLATE_FEATURE[type] || allows(shop, TEMPLATE_FEATURE[type] as Feature),
    }));
    ctx.body = { success: true, data, testEmailsLeft: await sendsLeft(knex, shop.id, 'test') };
  });

  router.get('/:type', async (ctx) => {
    const type = typeParam(ctx);
    const shop = await shopOf(ctx);
    const feature = TEMPLATE_FEATURE[type] as Feature | null;
    ctx.body = {
      success: true,
      data: {
        type,
        id: templateSlug(type),
        template: (await loadTemplates(knex, shop.id))[type],
        defaults: DEFAULT_TEMPLATES[type],
        variables: TEMPLATE_VARIABLES[type],
        allowed: !feature || allows(shop, feature),
        customCssAllowed: allows(shop, 'customCss'),
        testEmailsLeft: await sendsLeft(knex, shop.id, 'test'),
        shopEmail: shop.email ?? null,
      },
    };
  });

  router.put('/:type', async (ctx) => {
    const type = typeParam(ctx);
    const shop = await shopOf(ctx);
    const current = (await loadTemplates(knex, shop.id))[type];
    const next = await patched(type, current, ctx.request.body);
    const feature = TEMPLATE_FEATURE[type] as Feature | null;
    if (feature && !allows(shop, feature)) throw refuseBelowTier(feature);
    if (next.customCss !== current.customCss && next.customCss !== '' && !allows(shop, 'customCss')) throw refuseBelowTier('customCss');
    await storeTemplate(knex, shop.id, type, next);
    ctx.body = { success: true, message: 'Saved successfully', data: { type, id: templateSlug(type), template: next } };
  });

  router.delete('/:type', async (ctx) => {
    const type = typeParam(ctx);
    await resetTemplate(knex, ctx.state.tenant.shopId, type);
    ctx.body = { success: true, message: 'Saved successfully', data: { type, id: templateSlug(type), template: DEFAULT_TEMPLATES[type] } };
  });

  // The editor's live preview: the draft (saved template + unsaved changes) with sample data.
  router.post('/:type/preview', async (ctx) => {
    const type = typeParam(ctx);
    const input = previewInput.parse(ctx.request.body ?? {});
    const draft = await patched(type, (await loadTemplates(knex, ctx.state.tenant.shopId))[type], input.template ?? {});
    ctx.body = { success: true, data: await renderEmail(type, draft, await modelFor(ctx, type, input.queueId)) };
  });

  // A test email of the draft to the shop's email (or the given address), through the shop's sender.
  router.post('/:type/test', async (ctx) => {
    const type = typeParam(ctx);
    const { shopId, shopDomain } = ctx.state.tenant;
    const input = testEmailInput.parse(ctx.request.body ?? {});
    const shop = await shopOf(ctx);
    const to = input.email ?? shop.email;
    if (!to) throw createHttpError(400, 'Validation failed', { errors: { email: MESSAGES.required } });
    const draft = await patched(type, (await loadTemplates(knex, shopId))[type], input.template ?? {});
    const { subject, html } = await renderEmail(type, draft, await modelFor(ctx, type), { test: true });
    const slot = await reserveSend(knex, shopId, 'test', type);
    if (!(await runSettingsMail(services, { shopId, shopDomain, kind: 'test', to, subject, html }))) {
      await releaseSend(knex, shopId, slot.id);
      throw createHttpError(502, 'Failed to send email', { code: 'TEST_EMAIL_NOT_SENT', expose: true });
    }
    ctx.body = { success: true, message: 'Test email sent', data: { to, testEmailsLeft: slot.left } };
  });

  return router;
}
