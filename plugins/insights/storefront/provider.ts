// ReviewInsights (contracts/insights.ts): what the review box shows of the stored readings. Topic
// labels come from this plugin's locales (`public.topics.<id>`, the twelve shopper languages);
// summary sentences are quoted from the reviews as the review feed shows them (published ones only,
// the reviewer as shoppers see them), so nothing hidden since it was read is ever quoted.
import type { KernelServices, Tenant } from '@plaudit/kernel';
import type { BoxTopic, ReviewInsightsApi, SummarySentence } from '@plaudit/contracts/insights';
import { ReviewFeed } from '@plaudit/contracts/reviews';
import { TOPICS } from '../analysis/topics';
import { INSIGHTS_CHANNEL } from './channel';
import { productTopics, shopTopics } from '../db/store';
import { type Candidate, candidates, insightsVersion, topicReviewIds } from './queries';
import { freshSummary } from '../summaries/fresh';
import { quoteFor } from './sentences';
import { type Slot, summarySlots } from './summary';

/** reviews looked at per summary slot: the newest few usually hold a quotable sentence */
const CANDIDATES_PER_SLOT = 8;

const isTopic = (topic: string) => (TOPICS as readonly string[]).includes(topic);
const slotKey = (s: Slot) => `${s.topic}:${s.sentiment}`;

export function reviewInsights(services: KernelServices): ReviewInsightsApi {
  const labelsIn = (lang: string) => services.i18n.forLanguage(services.i18n.language(lang));

  /** each slot's candidates (one query per topic and sentiment), and the reviews they name as the feed shows them */
  async function quotable(tenant: Tenant, productId: string, slots: Slot[], lang: string) {
    const wanted = new Map<string, Slot & { n: number }>();
    for (const s of slots) wanted.set(slotKey(s), { ...s, n: (wanted.get(slotKey(s))?.n ?? 0) + 1 });
    const language = lang.split('-')[0].toLowerCase();
    const found = new Map<string, Candidate[]>();
    await Promise.all(
      [...wanted.entries()].map(async ([key, s]) =>
        found.set(key, await candidates(tenant, productId, s.topic, s.sentiment, language, CANDIDATES_PER_SLOT * s.n)),
      ),
    );
    const ids = [...new Set([...found.values()].flat().map((c) => c.reviewId))];
    const feed = services.capabilities.get(ReviewFeed);
    const shown = ids.length && feed ? (await feed.reviews(tenant, { ids, productId, sort: 'newest', limit: ids.length })).items : [];
    return { found, reviews: new Map(shown.map((r) => [r.id, r])) };
  }

  return {
    channel: INSIGHTS_CHANNEL,

    async boxTopics(tenant, productId, lang, limit): Promise<BoxTopic[]> {
      const t = labelsIn(lang);
      return (await productTopics(tenant, productId))
        .filter((r) => isTopic(r.topic))
        .slice(0, limit)
        .map((r) => {
          const mentions = r.positive + r.negative;
          return { id: r.topic, label: t(`insights:public.topics.${r.topic}`), mentions, positivePercent: Math.round((100 * r.positive) / mentions) };
        });
    },

    topicReviews: async (tenant, productId, topic, limit) => (isTopic(topic) ? topicReviewIds(tenant, productId, topic, limit) : []),

    async summary(tenant, productId, lang, limit): Promise<SummarySentence[]> {
      const slots = summarySlots(await productTopics(tenant, productId), limit);
      if (!slots.length) return [];
      const { found, reviews } = await quotable(tenant, productId, slots, lang);
      const quoted = new Set<number>();
      const out: SummarySentence[] = [];
      for (const slot of slots) {
        for (const c of found.get(slotKey(slot)) ?? []) {
          const review = reviews.get(c.reviewId);
          if (!review || quoted.has(c.reviewId)) continue;
          const text = quoteFor({ title: review.title, content: review.content, rating: review.rating, language: c.language }, slot.topic, slot.sentiment);
          if (!text) continue;
          quoted.add(c.reviewId);
          out.push({ reviewId: c.reviewId, text, author: review.author, language: c.language, topic: slot.topic, negative: slot.sentiment < 0 });
          break;
        }
      }
      return out;
    },

    version: insightsVersion,

    // the model's summary in the shopper's language, when the shop has it on and it is fresh (summaries/)
    generatedSummary: (tenant, productId, lang) => freshSummary(tenant, productId, services.i18n.language(lang)),

    topics: (tenant, productId) => (productId === null ? shopTopics(services.knex, tenant) : productTopics(tenant, productId)),
  };
}
