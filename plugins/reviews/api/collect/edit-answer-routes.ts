// The reviewer's answer to an edit request, from the signed links in the confirm-edit email.
// GET shows the question (mail scanners that follow links change nothing); the buttons POST the
// answer. A link is good for its own request only: a newer request, or an answer, voids it.
import Router from '@koa/router';
import type { AppContext, AppState } from '../../../../api/http/types';
import type { ApiServices } from '../../../../api/plugins/types';
import { Review } from '../review.model';
import { openSignedLink } from './signed-link';
import { messagePage, page } from './write-page';

const esc = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const DECISIONS = { confirm: 'confirmed', deny: 'denied' } as const;
type Decision = keyof typeof DECISIONS;

const EXPIRED = () => messagePage('This link has expired', 'Please use the latest email from the store, or contact the store.');

function answeredPage(state: string | null | undefined) {
  return state === 'confirmed'
    ? messagePage('Thank you!', 'You allowed the store to edit your review.')
    : messagePage('Thank you!', 'Your review stays as you wrote it.');
}

function questionPage(token: string, shopName: string, review: Review, preferred: Decision) {
  const button = (d: Decision, label: string) =>
    `<button type="submit" formaction="/r/edit/${esc(token)}/${d}"${d === preferred ? '' : ' style="background:#fff;color:#202223;border:1px solid #8a8a8a"'}>${label}</button>`;
  const order = preferred === 'confirm' ? [button('confirm', 'Allow the edit'), button('deny', 'Keep my review as it is')] : [button('deny', 'Keep my review as it is'), button('confirm', 'Allow the edit')];
  return page(
    'Edit request',
    `<section><h1>${esc(shopName)} would like to edit your review</h1>
<p>Your review${review.productTitle ? ` of ${esc(review.productTitle)}` : ''} stays as you wrote it unless you allow the edit.</p>
<blockquote style="margin:0;padding:12px;border-left:4px solid #c9cccf;background:#f7f7f7;white-space:pre-wrap">${esc(review.content)}</blockquote>
<form method="post">${order.join('')}</form></section>`,
  );
}

export function editAnswerRoutes(services: ApiServices) {
  const router = new Router<AppState>({ prefix: '/r/edit' });

  /** The request a link stands for; undefined when the page has been answered already. */
  async function resolve(ctx: AppContext) {
    const { link, shop, tenant } = await openSignedLink(ctx, services, 'edit');
    const review = tenant ? await tenant.query(Review).findById(link!.r!) : undefined;
    const sameRequest = review?.editRequestedAt && new Date(review.editRequestedAt).getTime() === link!.t;
    if (!link || !tenant || !review || !sameRequest) {
      ctx.status = 400;
      ctx.body = EXPIRED();
      return undefined;
    }
    return { link, shop, tenant, review };
  }

  router.get('/:token', async (ctx) => {
    const found = await resolve(ctx);
    if (!found) return;
    const preferred: Decision = ctx.query.decision === 'deny' ? 'deny' : 'confirm';
    ctx.body = found.review.editRequest === 'unconfirmed' ? questionPage(ctx.params.token, found.shop.name ?? found.shop.shopifyDomain, found.review, preferred) : answeredPage(found.review.editRequest);
  });

  router.post('/:token/:decision', async (ctx) => {
    const decision = ctx.params.decision as Decision;
    if (!(decision in DECISIONS)) return void ctx.throw(404, 'Not found');
    const found = await resolve(ctx);
    if (!found) return;
    const { tenant, review, link } = found;
    // Only the pending request the link was made for; an answered one keeps its first answer.
    await tenant
      .query(Review)
      .where({ id: review.id, editRequest: 'unconfirmed' })
      .where('editRequestedAt', new Date(link.t!))
      .patch({ editRequest: DECISIONS[decision], updatedAt: new Date() } as never);
    const now = await tenant.query(Review).findById(review.id);
    ctx.body = answeredPage(now?.editRequest);
  });

  return router;
}
