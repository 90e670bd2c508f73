// The reviewer's answer to an edit request, from the signed links in the confirm-edit email.
// GET shows the question (mail scanners that follow links change nothing); the buttons POST the
// answer. A link is good for its own request only: a newer request, or an answer, voids it.
import Router from '@koa/router';
import { type ApiServices, type AppContext, type AppState, esc, guessDoor } from '@plaudit/kernel';
import { Review } from '../../db/review.model';
import { PURPOSE, type EditLink } from '../../shared/links';
import { languageOf, openSignedLink } from './signed-link';
import { page, sayPage, type PageLanguage } from './write-page';

const DECISIONS = { confirm: 'confirmed', deny: 'denied' } as const;
type Decision = keyof typeof DECISIONS;

const answeredPage = (l: PageLanguage, state: string | null | undefined) => sayPage(l, 'thanks', state === 'confirmed' ? 'edit.allowed' : 'edit.kept');

function questionPage(l: PageLanguage, token: string, shopName: string, review: Review, preferred: Decision) {
  const { t } = l;
  const button = (d: Decision, key: string) =>
    `<button type="submit" formaction="/r/edit/${esc(token)}/${d}"${d === preferred ? '' : ' style="background:#fff;color:#202223;border:1px solid #8a8a8a"'}>${esc(t(`reviews:public.edit.${key}`))}</button>`;
  const order = preferred === 'confirm' ? [button('confirm', 'allow'), button('deny', 'keep')] : [button('deny', 'keep'), button('confirm', 'allow')];
  const text = review.productTitle ? t('reviews:public.edit.text_product', { product: review.productTitle }) : t('reviews:public.edit.text');
  return page(
    l,
    t('reviews:public.edit.title'),
    `<section><h1>${esc(t('reviews:public.edit.heading', { shop: shopName }))}</h1>
<p>${esc(text)}</p>
<blockquote style="margin:0;padding:12px;border-left:4px solid #c9cccf;background:#f7f7f7;white-space:pre-wrap">${esc(review.content)}</blockquote>
<form method="post">${order.join('')}</form></section>`,
  );
}

export function editAnswerRoutes(services: ApiServices) {
  const router = new Router<AppState>({ prefix: '/r/edit' });
  const badLinks = guessDoor(services);

  /** The request a link stands for; undefined when the page has been answered already. */
  async function resolve(ctx: AppContext) {
    const { link, shop, tenant } = await openSignedLink<EditLink>(ctx, services, PURPOSE.edit);
    const review = tenant && link ? await tenant.query(Review).findById(link.data.reviewId) : undefined;
    const language = languageOf(services, review?.locale, shop);
    const sameRequest = review?.editRequestedAt && new Date(review.editRequestedAt).getTime() === link?.data.requestedAt;
    if (!link || !shop || !tenant || !review || !sameRequest) {
      ctx.status = 400;
      ctx.body = sayPage(language, 'expired_title', 'expired_text');
      return undefined;
    }
    return { link, shop, tenant, review, language };
  }

  router.get('/:token', badLinks, async (ctx) => {
    const found = await resolve(ctx);
    if (!found) return;
    const preferred: Decision = ctx.query.decision === 'deny' ? 'deny' : 'confirm';
    ctx.body =
      found.review.editRequest === 'unconfirmed'
        ? questionPage(found.language, ctx.params.token, found.shop.name, found.review, preferred)
        : answeredPage(found.language, found.review.editRequest);
  });

  router.post('/:token/:decision', badLinks, async (ctx) => {
    const decision = ctx.params.decision as Decision;
    if (!Object.hasOwn(DECISIONS, decision)) return void ctx.throw(404, 'Not found');
    const found = await resolve(ctx);
    if (!found) return;
    const { tenant, review, link } = found;
    // Only the pending request the link was made for; an answered one keeps its first answer.
    await tenant
      .query(Review)
      .where({ id: review.id, editRequest: 'unconfirmed' })
      .where('editRequestedAt', new Date(link.data.requestedAt))
      .patch({ editRequest: DECISIONS[decision], updatedAt: new Date() } as never);
    const now = await tenant.query(Review).findById(review.id);
    ctx.body = answeredPage(found.language, now?.editRequest);
  });

  return router;
}
