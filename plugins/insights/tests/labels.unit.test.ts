// A reading's labels for Manage reviews (labels/): every topic with its tone, every "needs a look"
// reason as a flag, from the reader's own findings on real sentences.
import { readReview } from '../analysis/mentions';
import { needsALook } from '../analysis/needs-look';
import { readingLabels } from '../labels';

const labelsOf = (text: string, rating: number) => {
  const reading = readReview(text, 'en', rating);
  return readingLabels({ reviewId: 1, mentions: reading.mentions, lookReasons: needsALook(rating, reading) });
};

test('a 5-star review that broke after a day: its complaints, and a flag for the contradiction', () => {
  expect(labelsOf('Broke after a day and the sound is awful.', 5)).toEqual([
    { group: 'topic', key: 'durability', tone: 'negative' },
    { group: 'topic', key: 'sound', tone: 'negative' },
    { group: 'needs-look', key: 'contradiction', tone: 'flag' },
  ]);
});

test('a mixed review: one topic each way, no flag; spam: a flag and no topics', () => {
  expect(labelsOf('Great sound, but the battery died after a week.', 4)).toEqual([
    { group: 'topic', key: 'sound', tone: 'positive' },
    { group: 'topic', key: 'battery', tone: 'negative' },
  ]);
  expect(labelsOf('Best deals at www.cheap-stuff.example, use promo code SAVE50 now!!!', 5)).toEqual([{ group: 'needs-look', key: 'spam', tone: 'flag' }]);
});
