// The invited buyer's answer page, from the signed link in the community invitation (purpose
// 'questions.answer', naming the invitation; valid 30 days):
//   GET  /qa/answer/<token>   the question and the form, in the buyer's language (the order's, else the shop's)
//   POST /qa/answer/<token>   a form post: the answer is stored as a community answer pending moderation;
//                             one per invitation; 400 with the page again when a field is wrong
// A link that is not genuine or has expired gets a 400 page that says so; a question deleted since, 404.
import Router from '@koa/router';
import { type ApiServices, type AppContext, type AppState, findUnsafeText, guessDoor, messagePage, type ShopView, type Tenant } from '@plaudit/kernel';
import { invitationById, saveCommunityAnswer, type InvitationRecord } from '../db/invitations';
import { QuestionRow } from '../db/models';
import { ANSWER_PURPOSE, type AnswerLink } from '../shared/community';
import { MAX_ANSWER, MAX_NAME } from '../shared/question';
import { answerPage } from '../storefront/answer-html';
import { languageFor, shopperText, storefrontLanguages } from '../storefront/text';
import { readForm } from './form-body';
import { matchLanguage } from '../shared/storefront-language';

interface Opened {
  shop: ShopView;
  tenant: Tenant;
  invitation: InvitationRecord;
  question: QuestionRow;
  lang: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

export function answerPageRoutes(services: ApiServices) {
  const router = new Router<AppState>({ prefix: '/qa' });
  const badLinks = guessDoor(services);

  const say = (ctx: AppContext, status: number, lang: string, title: string, sentence: string, vars: Record<string, string> = {}) => {
    const t = shopperText(lang);
    ctx.status = status;
    ctx.body = messagePage(t(title, vars), t(sentence, vars), lang);
  };

  /** The invitation the link names, or undefined once the page answered itself. */
  async function open(ctx: AppContext): Promise<Opened | undefined> {
    ctx.type = 'text/html';
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    const link = services.links.verify<AnswerLink>(ANSWER_PURPOSE, ctx.params.token);
    const shop = link && (await services.shops.byDomain(link.shop));
    if (!link || !shop || shop.uninstalled) {
      // nothing trustworthy names a language: the browser's
      const lang = languageFor(
        ctx.acceptsLanguages().find((l) => matchLanguage(storefrontLanguages(), l)),
        undefined,
      );
      return void say(ctx, 400, lang, 'answer_page.invalid_title', 'answer_page.invalid');
    }
    const tenant = services.tenant(shop.id, shop.domain);
    const invitation: InvitationRecord | undefined = await invitationById(tenant, link.data.invitation).first();
    const question = invitation && (await tenant.query(QuestionRow).findById(invitation.questionId));
    const lang = languageFor(invitation?.locale, shop.locale);
    if (!invitation || !question) return void say(ctx, 404, lang, 'answer_page.gone_title', 'answer_page.gone');
    if (invitation.status === 'answered') return void say(ctx, 200, lang, 'answer_page.thanks_title', 'answer_page.already', { shop: shop.name });
    return { shop, tenant, invitation, question, lang };
  }

  const page = (o: Opened, values: { name?: string; answer?: string }, errors?: Record<string, string>) =>
    answerPage({
      lang: o.lang,
      t: shopperText(o.lang),
      shopName: o.shop.name,
      productTitle: o.question.productTitle ?? o.shop.name,
      question: o.question.body,
      askerName: o.question.askerName,
      values,
      errors,
    });

  router.get('/answer/:token', badLinks, async (ctx) => {
    const o = await open(ctx);
    if (o) ctx.body = page(o, { name: o.invitation.name ?? '' });
  });

  router.post('/answer/:token', badLinks, async (ctx) => {
    const o = await open(ctx);
    if (!o) return;
    const form = await readForm(ctx);
    const values = { name: text(form.name), answer: text(form.answer) };
    const t = shopperText(o.lang);
    const errors: Record<string, string> = {};
    if (!values.answer) errors.answer = t('errors.required');
    else if (values.answer.length > MAX_ANSWER || findUnsafeText(values.answer) !== undefined) errors.answer = t('errors.invalid');
    if (!values.name) errors.name = t('errors.required');
    else if (values.name.length > MAX_NAME || findUnsafeText(values.name) !== undefined) errors.name = t('errors.invalid');
    if (Object.keys(errors).length) {
      ctx.status = 400;
      ctx.body = page(o, values, errors);
      return;
    }
    // A filled honeypot is a bot: thank it and keep nothing.
    if (text(form.website)) return void say(ctx, 200, o.lang, 'answer_page.thanks_title', 'answer_page.thanks', { shop: o.shop.name });
    const saved = await saveCommunityAnswer(services.knex, o.tenant, Number(o.invitation.id), { name: values.name, body: values.answer }, services.events);
    say(ctx, 200, o.lang, 'answer_page.thanks_title', saved ? 'answer_page.thanks' : 'answer_page.already', { shop: o.shop.name });
  });

  return router;
}
