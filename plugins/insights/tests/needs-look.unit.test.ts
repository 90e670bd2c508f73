// "Needs a look": text against stars, safety and health words, spam; and the ordinary reviews that
// must not be flagged.
import { readReview } from '../analysis/mentions';
import { needsALook } from '../analysis/needs-look';
import type { Language } from '../analysis/topics';

const reasons = (text: string, language: Language, rating: number) => needsALook(rating, readReview(text, language, rating));

test.each([
  ['en', 5, 'Broke after a day and the stitching is awful.', ['contradiction']],
  ['de', 5, 'Schlechte Qualität, nach einer Woche kaputt.', ['contradiction']],
  ['fr', 1, 'Excellent, très confortable, je recommande.', ['contradiction']],
  ['es', 4, 'Me salió un sarpullido en la piel.', ['safety']],
  ['en', 3, 'It caught fire on the second use.', ['safety']],
  ['de', 5, 'Tolle Angebote auf www.beispiel.biz', ['spam']],
  ['en', 5, 'Call me on +1 555 123 4567 for cheap followers', ['spam']],
] as const)('%s %i stars: %s', (language, rating, text, expected) => {
  expect(reasons(text, language, rating)).toEqual(expected);
});

test.each([
  ['en', 5, 'Soft, fits well, great colour.'],
  ['en', 4, 'Good quality, but it runs a bit small.'],
  ['de', 1, 'Na toll, nach zwei Tagen kaputt. Danke für nichts.'],
  ['fr', 2, 'Jolie couleur mais le tissu est trop fin et a rétréci.'],
  ['es', 3, 'La vela huele bien pero se consumió muy rápido.'],
] as const)('not flagged: %s %i stars: %s', (language, rating, text) => {
  expect(reasons(text, language, rating)).toEqual([]);
});
