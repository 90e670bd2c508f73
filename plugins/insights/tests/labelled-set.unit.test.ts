// The labelled reviews keep their shape (at least 300, four languages, both splits, every label a
// known topic), and the extractor keeps the goals on the held split, ahead of the baseline:
// a lexicon change that loses quality fails here before anyone reruns the bench. The reviews'
// own languages are used (the bench measures detection too).
import { loadLabelled } from '../bench/labelled-set';
import { baseline, extractor, figures, score } from '../bench/scoring';

const dev = loadLabelled('dev');
const held = loadLabelled('held');

test('at least 300 labelled reviews in four languages, split into dev and held', () => {
  expect(dev.length + held.length).toBeGreaterThanOrEqual(300);
  for (const split of [dev, held]) expect(new Set(split.map((r) => r.language))).toEqual(new Set(['en', 'de', 'fr', 'es']));
  expect(new Set([...dev, ...held].map((r) => r.product)).size).toBeGreaterThanOrEqual(5);
  expect(held.filter((r) => r.needsLook).length).toBeGreaterThanOrEqual(10);
});

test('held split: topic F1 >= 0.7 and sentiment accuracy >= 0.8, above the keyword baseline', () => {
  const ours = figures(score(held, new Map(), extractor));
  const base = figures(score(held, new Map(), baseline));
  expect(ours.f1).toBeGreaterThanOrEqual(0.7);
  expect(ours.sentiment).toBeGreaterThanOrEqual(0.8);
  expect(ours.sentiment).toBeGreaterThan(base.sentiment + 0.1);
  expect(ours.lookPrecision).toBeGreaterThan(base.lookPrecision);
});
