// Which sentences "What customers say" quotes. A summary of `limit` sentences holds complaints in
// proportion to the product's negative mentions (round(limit x negative share): 20 % negative gives
// one complaint in three), praise in the other slots; slots go round the most praised (or most
// criticised) topics, so three slots over two topics quote two reviews of the first. Each review is
// quoted once. A slot no review can fill stays empty: it is never filled with the other sentiment,
// which would tip the proportion.
import type { TopicCount } from '@plaudit/contracts/insights';

export interface Slot {
  topic: string;
  sentiment: 1 | -1;
}

const ranked = (topics: TopicCount[], side: 'positive' | 'negative') =>
  topics.filter((t) => t[side] > 0).sort((a, b) => b[side] - a[side] || a.topic.localeCompare(b.topic));

const round = (topics: TopicCount[], n: number, sentiment: 1 | -1): Slot[] =>
  topics.length ? Array.from({ length: n }, (_, i) => ({ topic: topics[i % topics.length].topic, sentiment })) : [];

export function summarySlots(topics: TopicCount[], limit: number): Slot[] {
  const positive = topics.reduce((n, t) => n + t.positive, 0);
  const negative = topics.reduce((n, t) => n + t.negative, 0);
  if (!positive && !negative) return [];
  const complaints = Math.round((limit * negative) / (positive + negative));
  return [...round(ranked(topics, 'positive'), limit - complaints, 1), ...round(ranked(topics, 'negative'), complaints, -1)];
}
