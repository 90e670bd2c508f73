// The labelled reviews under labelled/: <lang>.<dev|held>.txt, one review a line:
// stars|product|topics ("fit+ smell-")|needs a look (1/0)|text. Lines starting with # are comments.
import fs from 'node:fs';
import path from 'node:path';
import { isLanguage, type Language, TOPICS, type Topic } from '../analysis/topics';

export type Split = 'dev' | 'held';
export interface LabelledReview {
  id: string;
  language: Language;
  split: Split;
  rating: number;
  product: string;
  topics: Map<Topic, 1 | -1>;
  needsLook: boolean;
  text: string;
}

const DIR = path.join(__dirname, 'labelled');

export function loadLabelled(split: Split): LabelledReview[] {
  const out: LabelledReview[] = [];
  for (const file of fs.readdirSync(DIR).sort()) {
    const [language, fileSplit] = file.split('.');
    if (fileSplit !== split || !isLanguage(language)) continue;
    fs.readFileSync(path.join(DIR, file), 'utf8')
      .split('\n')
      .forEach((line, n) => {
        if (!line.trim() || line.startsWith('#')) return;
        const [stars, product, topics, flag, ...text] = line.split('|');
        const labels = new Map<Topic, 1 | -1>();
        for (const t of topics.split(/\s+/).filter(Boolean)) {
          const topic = t.slice(0, -1) as Topic;
          if (!TOPICS.includes(topic) || !/[+-]$/.test(t)) throw new Error(`${file}:${n + 1}: unknown label ${t}`);
          labels.set(topic, t.endsWith('+') ? 1 : -1);
        }
        out.push({ id: `${file}:${n + 1}`, language, split, rating: Number(stars), product, topics: labels, needsLook: flag === '1', text: text.join('|') });
      });
  }
  return out;
}
