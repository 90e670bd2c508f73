// "Ask the community" in the answer editor (under /api/questions, second tier like the rest):
//   GET  /questions/:id/community          -> { available, perInvite, invitations }
//   POST /questions/:id/community/invite   -> { success, invited, community }: mails up to the setting's
//        number of verified buyers not invited to this question before (never the asker); 409
//        COMMUNITY_UNAVAILABLE without the review-requests plugin, which knows the buyers.
import type Router from '@koa/router';
import createHttpError from 'http-errors';
import type { ApiServices, AppContext, AppState, Tenant } from '@plaudit/kernel';
import { invitationsOf, invitedEmails, inviteBuyers } from '../db/invitations';
import { QuestionRow } from '../db/models';
import { RequestBuyers } from '@plaudit/contracts/review-requests';
import type { CommunityState } from '../shared/community';
import { questionSettingsOf } from '../shared/settings';

export const COMMUNITY_UNAVAILABLE = 'Asking the community needs the review requests app, which knows your buyers';

export function communityRoutes(router: Router<AppState>, services: ApiServices, idOf: (value: string | undefined) => number) {
  const settings = questionSettingsOf(services.settings);
  const buyers = () => services.capabilities.get(RequestBuyers);

  async function questionOf(ctx: AppContext) {
    const question = await ctx.state.tenant.query(QuestionRow).findById(idOf(ctx.params.id));
    if (!question) throw createHttpError(404, 'Not found');
    return question;
  }

  async function state(tenant: Tenant, shopId: number, questionId: number): Promise<CommunityState> {
    return { available: !!buyers(), perInvite: (await settings.get(shopId)).communityInvites, invitations: await invitationsOf(tenant, questionId) };
  }

  router.get('/:id/community', async (ctx) => {
    const question = await questionOf(ctx);
    ctx.body = await state(ctx.state.tenant, ctx.state.auth.shopId, Number(question.id));
  });

  router.post('/:id/community/invite', async (ctx) => {
    const question = await questionOf(ctx);
    const source = buyers();
    if (!source) throw createHttpError(409, COMMUNITY_UNAVAILABLE, { code: 'COMMUNITY_UNAVAILABLE' });
    const { tenant } = ctx.state;
    const id = Number(question.id);
    const { communityInvites } = await settings.get(ctx.state.auth.shopId);
    // each buyer once per question, and never the one who asked
    const exclude = [...(await invitedEmails(tenant, id)), question.askerEmail, question.customerId].filter((v): v is string => !!v);
    const found = await source.verifiedBuyers(tenant, question.productId, communityInvites, exclude);
    const invited = await inviteBuyers(services.knex, tenant, id, found, services.events);
    ctx.body = { success: true, invited, community: await state(tenant, ctx.state.auth.shopId, id) };
  });
}
