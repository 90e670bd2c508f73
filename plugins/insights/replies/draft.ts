// A reply drafted for one review: the offline draft always, and the shop's language model's when it
// has one, within its monthly token budget. Whatever the model cannot give (a refused key, its rate
// limit, an outage, a draft asking to change the review, the budget spent) gives the offline draft,
// with the reason. Nothing is sent or stored but the tokens the model reported.
import { localDay, type KernelServices, type Tenant } from '@plaudit/kernel';
import type { ReviewFactSheet, ReviewFactsApi, ReviewTextsApi } from '@plaudit/contracts/reviews';
import type { ReplyDraft, ReplyDraftFallback } from '@plaudit/contracts/insights';
import { type Mention, readReview } from '../analysis/mentions';
import { isLanguage } from '../analysis/topics';
import { addUsage, monthUsage } from '../db/model-usage';
import { readReplySettings, type ReplySettings } from '../db/reply-settings';
import { composeOfflineDraft } from './compose';
import { languageModel } from './models';
import { ModelFailure } from './models/model';
import { draftLanguage, type DraftLanguage } from './phrases';
import { DRAFT_MAX_TOKENS, draftPrompt, type PromptInput } from './prompt';
import { askToChangeReview } from './suppression';

export interface ReviewSources {
  facts: ReviewFactsApi;
  texts?: ReviewTextsApi;
}

/** a reply's longest text (the reply form's limit) */
const REPLY_MAX_CHARS = 5000;

/**
 * The review's language as the translations plugin stored it, else detected here among all of
 * tinyld's languages (the reader's detection keeps to its four, which would take Swedish for German).
 */
async function languageOf(sources: ReviewSources, tenant: Tenant, facts: ReviewFactSheet, text: string): Promise<string | null> {
  const [stored] = (await sources.texts?.read(tenant, [facts.reviewId])) ?? [];
  if (stored?.language) return stored.language;
  if ((text.match(/\p{L}/gu) ?? []).length < 8) return null;
  const { detect } = await import('tinyld');
  return detect(text) || null;
}

/** where a complaint is offered contact: the settings' address, else the reply-to of the shop's email settings */
export async function fallbackSupportEmail(services: KernelServices, shopId: number): Promise<string | null> {
  const sender = await services.mail.sender.view(shopId).catch(() => null);
  if (!sender) return null;
  return sender.replyTo || (sender.isCustomSenderEnabled && sender.isVerified ? sender.senderEmail : null) || null;
}

/** the review, what the reader found in it and the shop's settings: all a draft is written from */
async function draftInput(services: KernelServices, sources: ReviewSources, tenant: Tenant, facts: ReviewFactSheet, locale: string | undefined) {
  const text = [facts.title, facts.content].filter((t) => t?.trim()).join('. ');
  const reviewLanguage = await languageOf(sources, tenant, facts, text);
  const mentions: Mention[] = isLanguage(reviewLanguage) ? readReview(text, reviewLanguage, facts.rating).mentions : [];
  const shop = await services.shops.get(tenant.shopId);
  const settings = await readReplySettings(tenant, services.config);
  const language: DraftLanguage = draftLanguage(reviewLanguage, facts.locale, locale, shop?.adminLocale);
  const input: PromptInput = {
    rating: facts.rating,
    title: facts.title,
    content: facts.content,
    firstName: facts.firstName,
    productTitle: facts.productTitle,
    // topics are named only in the language they were read in
    mentions: language === reviewLanguage ? mentions : [],
    language,
    tone: settings.tone,
    signOff: settings.signOff,
    shopName: shop?.name ?? tenant.shopDomain,
    supportEmail: settings.supportEmail ?? (await fallbackSupportEmail(services, tenant.shopId)),
  };
  return { input, settings, timezone: shop?.timezone ?? 'UTC' };
}

/** undefined when the shop has no such review */
export async function draftReply(
  services: KernelServices,
  sources: ReviewSources,
  tenant: Tenant,
  reviewId: number,
  locale?: string,
): Promise<ReplyDraft | undefined> {
  const facts = await sources.facts.reviewFacts(tenant, reviewId);
  if (!facts) return undefined;
  const { input, settings, timezone } = await draftInput(services, sources, tenant, facts, locale);
  const offline = (fallback: ReplyDraftFallback | null): ReplyDraft => ({
    text: composeOfflineDraft(input),
    language: input.language,
    source: 'offline',
    provider: null,
    model: null,
    fallback,
  });
  if (settings.provider === 'none') return offline(null);
  const month = localDay(new Date(), timezone).slice(0, 7);
  const used = await monthUsage(tenant, month);
  if (used.inputTokens + used.outputTokens >= settings.monthlyTokenBudget) return offline('budget');
  const written = await modelDraft(services, tenant, settings, input, month);
  return typeof written === 'string' ? offline(written) : written;
}

/** the model's draft, or why there is none */
async function modelDraft(
  services: KernelServices,
  tenant: Tenant,
  settings: ReplySettings,
  input: PromptInput,
  month: string,
): Promise<ReplyDraft | ReplyDraftFallback> {
  const model = languageModel(settings, { production: services.config.env === 'production', emulatorBase: services.config.integrationsBaseUrl });
  if (!model) return 'credentials';
  try {
    const answer = await model.complete(draftPrompt(input), DRAFT_MAX_TOKENS);
    await addUsage(services.knex, tenant, month, answer.inputTokens, answer.outputTokens);
    const text = answer.text
      .trim()
      .replace(/^["“]([\s\S]*)["”]$/, '$1')
      .trim()
      .slice(0, REPLY_MAX_CHARS);
    const asking = askToChangeReview(text);
    if (!text || asking) {
      services.log.warn({ shop: tenant.shopDomain, provider: model.provider, sentence: asking }, 'insights: a model draft was not offered');
      return text ? 'policy' : 'rejected';
    }
    return { text, language: input.language, source: 'model', provider: model.provider, model: model.model, fallback: null };
  } catch (err) {
    if (!(err instanceof ModelFailure)) throw err;
    services.log.warn({ shop: tenant.shopDomain, provider: model.provider, kind: err.kind, err: err.message }, 'insights: the language model gave no draft');
    return err.kind;
  }
}
