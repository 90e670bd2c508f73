// Scores a reading method against labelled reviews: topic precision/recall/F1 (micro, over review x
// topic), sentiment accuracy on the labelled topics it found, "needs a look" precision/recall.
import { readReview } from '../analysis/mentions';
import type { Mention } from '../analysis/mentions';
import { needsALook } from '../analysis/needs-look';
import { TOPICS, type Topic } from '../analysis/topics';
import { baselineReading } from './baseline';
import type { LabelledReview } from './labelled-set';

export interface Prediction {
  mentions: Mention[];
  needsLook: boolean;
}
export type Method = (r: LabelledReview, language: LabelledReview['language']) => Prediction;

export const extractor: Method = (r, language) => {
  const reading = readReview(r.text, language, r.rating);
  return { mentions: reading.mentions, needsLook: needsALook(r.rating, reading).length > 0 };
};
export const baseline: Method = (r, language) => baselineReading(r.text, language, r.rating);

export interface Tally {
  tp: number;
  fp: number;
  fn: number;
  sentimentRight: number;
  lookTp: number;
  lookFp: number;
  lookFn: number;
  perTopic: Map<Topic, { tp: number; fp: number; fn: number; right: number }>;
  errors: string[];
}

export function score(reviews: LabelledReview[], languages: Map<string, LabelledReview['language']>, method: Method): Tally {
  const t: Tally = { tp: 0, fp: 0, fn: 0, sentimentRight: 0, lookTp: 0, lookFp: 0, lookFn: 0, perTopic: new Map(), errors: [] };
  for (const topic of TOPICS) t.perTopic.set(topic, { tp: 0, fp: 0, fn: 0, right: 0 });
  for (const r of reviews) {
    const p = method(r, languages.get(r.id) ?? r.language);
    const found = new Map(p.mentions.map((m) => [m.topic, m.sentiment]));
    const problems: string[] = [];
    for (const [topic, sentiment] of found) {
      const pt = t.perTopic.get(topic)!;
      const truth = r.topics.get(topic);
      if (truth === undefined) {
        t.fp++, pt.fp++, problems.push(`extra ${topic}`);
        continue;
      }
      t.tp++, pt.tp++;
      if (truth === sentiment) t.sentimentRight++, pt.right++;
      else problems.push(`${topic} ${sentiment > 0 ? '+' : '-'} (label ${truth > 0 ? '+' : '-'})`);
    }
    for (const topic of r.topics.keys()) if (!found.has(topic)) t.fn++, t.perTopic.get(topic)!.fn++, problems.push(`missed ${topic}`);
    if (p.needsLook && r.needsLook) t.lookTp++;
    if (p.needsLook && !r.needsLook) t.lookFp++, problems.push('flagged');
    if (!p.needsLook && r.needsLook) t.lookFn++, problems.push('not flagged');
    if (problems.length) t.errors.push(`${r.id} [${r.rating}*] ${r.text}\n    ${problems.join('; ')}`);
  }
  return t;
}

export const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);
const f1 = (p: number, r: number) => (p + r === 0 ? 0 : (2 * p * r) / (p + r));
export const fmt = (n: number) => n.toFixed(3);
export function figures(t: Tally) {
  const precision = ratio(t.tp, t.tp + t.fp);
  const recall = ratio(t.tp, t.tp + t.fn);
  return {
    precision,
    recall,
    f1: f1(precision, recall),
    sentiment: ratio(t.sentimentRight, t.tp),
    lookPrecision: ratio(t.lookTp, t.lookTp + t.lookFp),
    lookRecall: ratio(t.lookTp, t.lookTp + t.lookFn),
  };
}
