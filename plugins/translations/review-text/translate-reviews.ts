// A shop's reviews in a target language: the cached translation when its words are unchanged,
// else the provider's (then cached). The original is always in the answer; a provider that cannot
// do the pair makes it 'unavailable', a failing one 'degraded' (the storefront shows the original).
import type { KernelServices, Tenant } from '@plaudit/kernel';
import { baseOf, TranslationFailure, type TranslationProvider } from '../providers';
import { ReviewTexts, type ReviewText, type ReviewTextsApi } from '@plaudit/contracts/reviews';
import type { ReviewTranslation } from '../shared/review-texts';
import { detectLanguage } from './detect';
import { providerOfShop } from './provider-of-shop';
import { cachedTranslations, sourceHash, storeTranslation } from './translation-cache';

/** The review's language, detected and stored now when it has none (an imported review). */
export async function languageOf(texts: ReviewTextsApi, tenant: Tenant, r: ReviewText): Promise<string | null> {
  if (r.language) return r.language;
  const detected = await detectLanguage(r.title, r.content);
  if (detected) await texts.setLanguage(tenant, r.id, detected);
  return detected;
}

/** Title and content through the provider in one call (a review without title: one text). */
async function translateOne(provider: TranslationProvider, r: ReviewText, source: string, target: string) {
  const texts = r.title ? [r.title, r.content] : [r.content];
  const out = await provider.translate({ texts, source, target });
  return r.title ? { title: out[0].text, content: out[1].text } : { title: null, content: out[0].text };
}

export interface TranslateOptions {
  /** answer only what is cached (no provider call) */
  cachedOnly?: boolean;
  /** told of the failure that made the rest of the call degrade (the bulk run paces on it) */
  onFailure?: (failure: TranslationFailure) => void;
  /** told of each provider call made */
  onCall?: () => void;
}

export async function translateReviews(
  services: KernelServices,
  tenant: Tenant,
  ids: number[],
  target: string,
  opts: TranslateOptions = {},
): Promise<ReviewTranslation[]> {
  const texts = services.capabilities.get(ReviewTexts);
  if (!texts) return [];
  const reviews = (await texts.read(tenant, ids)).sort((a, b) => a.id - b.id);
  const provider = await providerOfShop(services, tenant.shopId);
  const cache = provider
    ? await cachedTranslations(
        tenant,
        reviews.map((r) => r.id),
        target,
        provider.id,
      )
    : new Map();
  const answers: ReviewTranslation[] = [];
  // after one failure the provider is not asked again in this call: the rest show their original
  let failed = false;
  for (const r of reviews) {
    const language = await languageOf(texts, tenant, r);
    const base: ReviewTranslation = {
      reviewId: r.id,
      language,
      target,
      status: 'original',
      original: { title: r.title, content: r.content },
      translation: null,
    };
    if (!language || baseOf(language) === baseOf(target)) {
      answers.push(base);
      continue;
    }
    if (!provider) {
      answers.push({ ...base, status: 'unavailable' });
      continue;
    }
    const hash = sourceHash(r.title, r.content);
    const hit = cache.get(r.id);
    if (hit && hit.sourceHash === hash) {
      answers.push({ ...base, status: 'translated', translation: { title: hit.title, content: hit.content, provider: provider.id } });
      continue;
    }
    if (opts.cachedOnly || failed) {
      if (failed) base.status = 'degraded';
      answers.push(base);
      continue;
    }
    try {
      if (!(await provider.supports(language, target))) {
        answers.push({ ...base, status: 'unavailable' });
        continue;
      }
      opts.onCall?.();
      const t = await translateOne(provider, r, language, target);
      await storeTranslation(tenant, { reviewId: r.id, sourceHash: hash, ...t, language: target, provider: provider.id });
      answers.push({ ...base, status: 'translated', translation: { ...t, provider: provider.id } });
    } catch (err) {
      if (!(err instanceof TranslationFailure)) throw err;
      if (err.kind === 'unsupported') answers.push({ ...base, status: 'unavailable' });
      else {
        failed = true;
        opts.onFailure?.(err);
        services.log.warn(
          { shopId: tenant.shopId, reviewId: r.id, provider: provider.id, kind: err.kind, err: err.message },
          'review translation failed: showing the original',
        );
        answers.push({ ...base, status: 'degraded' });
      }
    }
  }
  return answers;
}
