// A text message's short link (`GET /r/s/<code>`, issue 32): it stands for the request's signed click
// link, where the click is recorded and the customer goes on. Behind the guess door like the signed
// links: an unknown code answers 400 and counts against the address's budget.
import { type ApiServices, type AppRouter, guessDoor, messagePage } from '@plaudit/kernel';
import { SHORT_CODE, shortLinkTarget } from '../db/short-links';

export function shortLinkRoute(router: AppRouter, { knex, config, i18n }: ApiServices) {
  router.get('/s/:code', guessDoor({ knex, config }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const target = SHORT_CODE.test(ctx.params.code) ? await shortLinkTarget(knex, ctx.params.code) : undefined;
    if (target) return ctx.redirect(target);
    const lang = i18n.language();
    const t = i18n.forLanguage(lang);
    ctx.status = 400;
    ctx.type = 'text/html';
    ctx.body = messagePage(t('review-requests:public.link_invalid_title'), t('review-requests:public.click_invalid'), lang);
  });
}
