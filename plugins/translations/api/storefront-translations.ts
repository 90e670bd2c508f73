// The capability TranslationReviews: review text translation as the storefront widgets offer it
// (second tier). Only published reviews, only a shop with the tier; the widgets render "See
// translation" for the reviews `offers` names and fetch `translate` when it is clicked (or on load,
// with `autoTranslate`). The words come from review-text/ (its cache and the shop's provider).
import type { KernelServices, Tenant } from '@plaudit/kernel';
import type { TranslationReviewsApi } from '@plaudit/contracts/translations';
import { baseOf } from '../providers';
import { detectLanguage } from '../review-text/detect';
import { providerOfShop, providerSettingsStore } from '../review-text/provider-of-shop';
import { translateReviews } from '../review-text/translate-reviews';
import { ReviewTexts, type ReviewText } from '@plaudit/contracts/reviews';

const FEATURE = 'reviewTranslation';
/** A render waits at most this long for the provider's language list (asked once an hour). */
const PAIRS_WAIT_MS = 1500;

/**
 * Whether the provider can do the pair. A list that fails or does not come in time counts as no:
 * nothing is offered that cannot be shown (an APy that is not installed, a mis-detected language),
 * and the next render asks again (a failed list is not kept).
 */
async function pairAnswer(check: Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), PAIRS_WAIT_MS)));
  try {
    return await Promise.race([check.catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

export function storefrontTranslations(services: KernelServices): TranslationReviewsApi {
  const texts = () => services.capabilities.get(ReviewTexts);

  /** The shop's tenant when the shop may translate reviews, else null. */
  async function allowedTenant(t: Tenant | number): Promise<Tenant | null> {
    const shop = await services.shops.get(typeof t === 'number' ? t : t.shopId);
    if (!shop || shop.uninstalled || !texts() || !services.shops.allows(shop, FEATURE)) return null;
    return typeof t === 'number' ? services.tenant(shop.id, shop.domain) : t;
  }

  const published = async (tenant: Tenant, ids: number[]): Promise<ReviewText[]> =>
    ids.length ? (await texts()!.read(tenant, ids)).filter((r) => r.status === 'published') : [];

  return {
    async mode(t) {
      const tenant = await allowedTenant(t);
      if (!tenant) return { offered: false, autoTranslate: false };
      return { offered: true, autoTranslate: (await providerSettingsStore(services).get(tenant.shopId)).autoTranslate };
    },

    async offers(t, ids, target) {
      const tenant = await allowedTenant(t);
      if (!tenant) return {};
      const reviews = await published(tenant, ids);
      const provider = reviews.length ? await providerOfShop(services, tenant.shopId) : null;
      if (!provider) return {};
      const offered: Record<number, string> = {};
      const pairs = new Map<string, Promise<boolean>>();
      for (const r of reviews) {
        // an imported review not yet detected: detected here without storing (a render only reads);
        // its first translation stores it
        const language = r.language ?? (await detectLanguage(r.title, r.content));
        if (!language || baseOf(language) === baseOf(target)) continue;
        if (!pairs.has(language)) pairs.set(language, pairAnswer(provider.supports(language, target)));
        if (await pairs.get(language)) offered[r.id] = language;
      }
      return offered;
    },

    async translate(t, ids, target, opts) {
      const tenant = await allowedTenant(t);
      if (!tenant) return [];
      const ok = (await published(tenant, ids)).map((r) => r.id);
      if (!ok.length) return [];
      const answers = await translateReviews(services, tenant, ok, target, { cachedOnly: opts?.cachedOnly });
      return answers.map((a) => ({
        reviewId: a.reviewId,
        language: a.language,
        status: a.status,
        translation: a.translation ? { title: a.translation.title, content: a.translation.content } : null,
      }));
    },
  };
}
