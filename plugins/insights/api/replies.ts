// Drafted replies and their settings (issue 35, deliverables 4 and 5), shop-scoped:
//   GET  /insights/reviews/:id/reply-draft   whether drafts are offered and by whom (the reviews admin's button; 404: no such review)
//   POST /insights/reviews/:id/reply-draft   { locale? } -> a draft to edit; nothing is sent or stored
//   GET  /insights/settings                  tone, sign-off, support address, the model (no key: whether one is kept), this month's tokens
//   PUT  /insights/settings                  a change of those; `apiKey` replaces the kept key
import type Router from '@koa/router';
import createHttpError from 'http-errors';
import { z } from 'zod';
import { localDay, type ApiServices, type AppState, type Tenant } from '@plaudit/kernel';
import { REPLY_DRAFT_PATH, type ReplyDraftOffer } from '@plaudit/contracts/insights';
import { ReviewFacts, ReviewTexts } from '@plaudit/contracts/reviews';
import { monthUsage } from '../db/model-usage';
import { mergeReplySettings, readReplySettings, type ReplySettings, storeReplySettings } from '../db/reply-settings';
import { draftReply, fallbackSupportEmail } from '../replies/draft';
import { replySettingsInput, type ReplySettingsView } from '../shared/reply-settings';

const reviewParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const draftBody = z
  .object({
    locale: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/, 'Enter a language code such as "de" or "pt-BR"')
      .optional(),
  })
  .strict();
/** the contract's path under this router's /insights prefix */
const DRAFT_ROUTE = REPLY_DRAFT_PATH.replace(/^\/insights/, '');

async function viewOf(services: ApiServices, tenant: Tenant, s: ReplySettings): Promise<ReplySettingsView> {
  const shop = await services.shops.get(tenant.shopId);
  const month = localDay(new Date(), shop?.timezone ?? 'UTC').slice(0, 7);
  const { apiKey, ...rest } = s;
  return { ...rest, hasKey: !!apiKey, fallbackSupportEmail: await fallbackSupportEmail(services, tenant.shopId), usage: await monthUsage(tenant, month) };
}

export function mountReplyRoutes(router: Router<AppState>, services: ApiServices) {
  const sources = () => {
    const facts = services.capabilities.get(ReviewFacts);
    if (!facts) throw createHttpError(409, 'The reviews plugin is not installed');
    return { facts, texts: services.capabilities.get(ReviewTexts) };
  };

  router.get(DRAFT_ROUTE, async (ctx) => {
    const { id } = reviewParams.parse(ctx.params);
    if (!(await sources().facts.reviewFacts(ctx.state.tenant, id))) throw createHttpError(404, 'Review not found');
    const { provider } = await readReplySettings(ctx.state.tenant, services.config);
    ctx.body = { source: provider === 'none' ? 'offline' : 'model' } satisfies ReplyDraftOffer;
  });

  router.post(DRAFT_ROUTE, async (ctx) => {
    const { id } = reviewParams.parse(ctx.params);
    const { locale } = draftBody.parse(ctx.request.body ?? {});
    const draft = await draftReply(services, sources(), ctx.state.tenant, id, locale);
    if (!draft) throw createHttpError(404, 'Review not found');
    ctx.body = draft;
  });

  router.get('/settings', async (ctx) => {
    const { tenant } = ctx.state;
    ctx.body = await viewOf(services, tenant, await readReplySettings(tenant, services.config));
  });

  router.put('/settings', async (ctx) => {
    const { tenant } = ctx.state;
    const change = replySettingsInput.parse(ctx.request.body ?? {});
    const next = mergeReplySettings(await readReplySettings(tenant, services.config), change);
    await storeReplySettings(services.knex, tenant, services.config, next);
    ctx.body = await viewOf(services, tenant, next);
  });
}
