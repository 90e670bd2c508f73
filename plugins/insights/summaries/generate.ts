// The review box's summaries written by the shop's language model, off the request path: the
// durable handler of TopicsChanged (activities/index.ts) calls this for the products whose topic
// counts changed (or every product, after a rebuild). For each product with at least
// SUMMARY_MIN_REVIEWS published reviews, in its shopper languages (the shop's primary and those its
// reviews are written in, at most SUMMARY_LANGUAGES), once an hour at most per product and language,
// within the monthly token budget the drafts share; an answer the guard refuses is stored without text.
import { CUSTOMER_LANGUAGES, localDay, type KernelServices, type Tenant } from '@plaudit/kernel';
import { addUsage, monthUsage } from '../db/model-usage';
import { productsToSummarise, reviewLanguages, storedSummary, storeSummary } from '../db/product-summaries';
import { readReplySettings } from '../db/reply-settings';
import { productTopics } from '../db/store';
import { languageModel } from '../replies/models';
import { type LanguageModel, ModelFailure } from '../replies/models/model';
import { reviewInsights } from '../storefront/provider';
import { SUMMARY_MIN_REVIEWS } from './fresh';
import { guardSummary } from './guard';
import { SUMMARY_MAX_TOKENS, summaryPrompt } from './prompt';

/** a product's summary in one language is written at most once in this long */
export const SUMMARY_EVERY_MS = 60 * 60 * 1000;
/** languages written per product: the primary and the two its reviews are most written in */
export const SUMMARY_LANGUAGES = 3;
/** real sentences the model is shown, praise and complaints in proportion */
const SAMPLE_SENTENCES = 8;
/** products visited per event (a rebuild's "every product": the most reviewed first) */
const PRODUCTS_PER_EVENT = 500;
/** the handler's share of its 2-minute activity: past it, the event is retried and goes on where this left */
const WORK_MS = 90_000;

/** a review's language as a shopper language, or null when no shopper reads it (Swedish) */
function shopperLanguage(language: string): string | null {
  const base = language.split('-')[0].toLowerCase();
  return (CUSTOMER_LANGUAGES as readonly string[]).find((c) => c.toLowerCase() === language.toLowerCase() || c.split('-')[0] === base) ?? null;
}

async function languagesOf(tenant: Tenant, productId: string, primary: string): Promise<string[]> {
  const languages = [primary];
  for (const { language } of await reviewLanguages(tenant, productId)) {
    const shopper = shopperLanguage(language);
    if (shopper && !languages.includes(shopper)) languages.push(shopper);
  }
  return languages.slice(0, SUMMARY_LANGUAGES);
}

/** the vendor's outage or rate limit: worth another try later */
class RetryLater extends Error {}

export type SummaryOutcome = 'stored' | 'recent' | 'refused' | 'budget' | 'failed';

/** writes the products' summaries; answers what became of each product and language */
export async function summariseProducts(services: KernelServices, tenant: Tenant, productIds: string[] | null): Promise<SummaryOutcome[]> {
  const settings = await readReplySettings(tenant, services.config);
  if (!settings.storefrontSummary || settings.provider === 'none') return [];
  const model = languageModel(settings, { production: services.config.env === 'production', emulatorBase: services.config.integrationsBaseUrl });
  if (!model) return [];
  const shop = await services.shops.get(tenant.shopId);
  const primary = shopperLanguage(shop?.locale ?? 'en') ?? 'en';
  const month = localDay(new Date(), shop?.timezone ?? 'UTC').slice(0, 7);
  const started = Date.now();
  const outcomes: SummaryOutcome[] = [];
  let retryLater = '';
  for (const product of await productsToSummarise(tenant, productIds, SUMMARY_MIN_REVIEWS, PRODUCTS_PER_EVENT)) {
    for (const language of await languagesOf(tenant, product.productId, primary)) {
      if (Date.now() - started > WORK_MS) throw new Error('insights: more summaries to write; the event is retried');
      const used = await monthUsage(tenant, month);
      if (used.inputTokens + used.outputTokens >= settings.monthlyTokenBudget) return [...outcomes, 'budget'];
      try {
        outcomes.push(await summariseOne(services, tenant, model, { ...product, language }, month));
      } catch (err) {
        if (!(err instanceof RetryLater)) throw err;
        retryLater = err.message;
        outcomes.push('failed');
      }
    }
  }
  // the vendor's outage or rate limit: the event comes back (backing off), the summaries written since skipped
  if (retryLater) throw new Error(`insights: the language model failed for some summaries (${retryLater}); the event is retried`);
  return outcomes;
}

async function summariseOne(
  services: KernelServices,
  tenant: Tenant,
  model: LanguageModel,
  p: { productId: string; reviews: number; language: string },
  month: string,
): Promise<SummaryOutcome> {
  const stored = await storedSummary(tenant, p.productId, p.language);
  if (stored && Date.now() - new Date(stored.generatedAt).getTime() < SUMMARY_EVERY_MS) return 'recent';
  const [topics, sentences] = await Promise.all([
    productTopics(tenant, p.productId),
    reviewInsights(services).summary(tenant, p.productId, p.language, SAMPLE_SENTENCES),
  ]);
  if (!topics.length) return 'refused';
  try {
    const answer = await model.complete(summaryPrompt({ language: p.language, reviews: p.reviews, topics, sentences }), SUMMARY_MAX_TOKENS);
    await addUsage(services.knex, tenant, month, answer.inputTokens, answer.outputTokens);
    const guarded = guardSummary(answer.text);
    if ('refused' in guarded) {
      services.log.warn(
        { shop: tenant.shopDomain, product: p.productId, language: p.language, reason: guarded.refused },
        'insights: a model summary was refused',
      );
      // stored without text: an older summary would no longer say what the reviews say, and the hourly limit holds
      await storeSummary(services.knex, tenant, { ...p, text: null, provider: model.provider, model: model.model });
      return 'refused';
    }
    await storeSummary(services.knex, tenant, { ...p, text: guarded.text, provider: model.provider, model: model.model });
    return 'stored';
  } catch (err) {
    if (!(err instanceof ModelFailure)) throw err;
    services.log.warn({ shop: tenant.shopDomain, provider: model.provider, kind: err.kind, err: err.message }, 'insights: the language model gave no summary');
    // a refused key or request would be refused again: only an outage or the vendor's rate limit is retried
    if (err.kind === 'unavailable' || err.kind === 'rate-limited') throw new RetryLater(err.message);
    return 'refused';
  }
}
