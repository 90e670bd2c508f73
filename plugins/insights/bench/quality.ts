// Quality of the offline extractor against the labelled reviews, side by side with the trivial
// baseline (keyword lists without negation), in one run: topic precision/recall/F1 (micro, over
// review x topic), sentiment accuracy on the topics found that are labelled, and "needs a look"
// precision/recall. The language comes from detection (tinyld), as for a review with no stored one.
// `npm run bench:insights` prints both splits; `-- --errors` lists the dev split's misses (only dev:
// the lexicons are tuned on dev, the held split is read only for its figures).
import { detectLanguage } from '../analysis/language';
import { TOPICS } from '../analysis/topics';
import { type LabelledReview, loadLabelled, type Split } from './labelled-set';
import { baseline, extractor, figures, fmt, ratio, score } from './scoring';

async function main() {
  const showErrors = process.argv.includes('--errors');
  for (const split of ['dev', 'held'] as Split[]) {
    const reviews = loadLabelled(split);
    const languages = new Map<string, LabelledReview['language']>();
    let detectedRight = 0;
    for (const r of reviews) {
      const detected = await detectLanguage(r.text);
      if (detected === r.language) detectedRight++;
      // a review whose language is not detected is read as English (the default shop language)
      languages.set(r.id, detected ?? 'en');
    }
    const ours = score(reviews, languages, extractor);
    const base = score(reviews, languages, baseline);
    const a = figures(ours);
    const b = figures(base);
    const labelledTopics = reviews.reduce((s, r) => s + r.topics.size, 0);
    console.log(
      `\n## ${split}: ${reviews.length} reviews, ${labelledTopics} labelled topics, ${reviews.filter((r) => r.needsLook).length} needing a look; language detected right ${detectedRight}/${reviews.length}`,
    );
    console.log('| measure | extractor | baseline | extractor / baseline |');
    console.log('|---|---|---|---|');
    for (const [name, key] of [
      ['topic precision', 'precision'],
      ['topic recall', 'recall'],
      ['topic F1', 'f1'],
      ['sentiment accuracy (topics found)', 'sentiment'],
      ['needs a look precision', 'lookPrecision'],
      ['needs a look recall', 'lookRecall'],
    ] as const) {
      console.log(`| ${name} | ${fmt(a[key])} | ${fmt(b[key])} | ${b[key] === 0 ? '-' : (a[key] / b[key]).toFixed(2)} |`);
    }
    console.log('\n| topic | labelled | extractor P | extractor R | extractor sentiment | baseline sentiment |');
    console.log('|---|---|---|---|---|---|');
    for (const topic of TOPICS) {
      const o = ours.perTopic.get(topic)!;
      const bt = base.perTopic.get(topic)!;
      const n = o.tp + o.fn;
      if (n === 0 && o.fp === 0) continue;
      console.log(
        `| ${topic} | ${n} | ${fmt(ratio(o.tp, o.tp + o.fp))} | ${fmt(ratio(o.tp, n))} | ${fmt(ratio(o.right, o.tp))} | ${fmt(ratio(bt.right, bt.tp))} |`,
      );
    }
    if (showErrors && split === 'dev') console.log(`\n### dev misses (${ours.errors.length})\n${ours.errors.join('\n')}`);
  }
  throughput([...loadLabelled('dev'), ...loadLabelled('held')]);
}

/** the reader's cost per review, the labelled texts read over and over (language known, nothing stored) */
function throughput(reviews: LabelledReview[]) {
  const ROUNDS = 100;
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round++) for (const r of reviews) extractor(r, r.language);
  const perReview = (performance.now() - started) / (ROUNDS * reviews.length);
  console.log(
    `\nthroughput: ${ROUNDS * reviews.length} readings, ${(perReview * 1000).toFixed(0)} µs each; 1,000,000 reviews ≈ ${((perReview * 1e6) / 1000 / 60).toFixed(1)} min of one core (reading only)`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
