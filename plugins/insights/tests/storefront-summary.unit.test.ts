// The review box's summary, without services: which topic and sentiment each quoted sentence speaks
// for (complaints in proportion), how a review's text is cut into sentences (verbatim, abbreviations
// kept whole), and which sentence can be quoted for a topic (it names it, going the way asked, in
// words of its own).
import { quoteFor, sentencesOf } from '../storefront/sentences';
import { summarySlots } from '../storefront/summary';

const counts = (entries: Record<string, [number, number]>) => Object.entries(entries).map(([topic, [positive, negative]]) => ({ topic, positive, negative }));

describe('summary slots', () => {
  test('complaints take round(limit x negative share) of the slots, praise the rest', () => {
    // 7 positive, 2 negative mentions: 3 x 2/9 = 0.67 -> one complaint in three
    const slots = summarySlots(counts({ fit: [3, 1], material: [2, 1], quality: [2, 0] }), 3);
    expect(slots).toEqual([
      { topic: 'fit', sentiment: 1 },
      { topic: 'material', sentiment: 1 },
      { topic: 'fit', sentiment: -1 },
    ]);
    // 10 % negative: no complaint in three (0.3 rounds down), one in five (0.5 rounds up)
    expect(summarySlots(counts({ sound: [9, 1] }), 3).filter((s) => s.sentiment < 0)).toHaveLength(0);
    expect(summarySlots(counts({ sound: [9, 1] }), 5).filter((s) => s.sentiment < 0)).toHaveLength(1);
    // 8 of 9 mentions complaints: three complaints, going round the criticised topics
    expect(summarySlots(counts({ battery: [1, 5], sound: [0, 3] }), 3).map((s) => `${s.topic}${s.sentiment > 0 ? '+' : '-'}`)).toEqual([
      'battery-',
      'sound-',
      'battery-',
    ]);
  });

  test('slots go round the topics; nothing read, no slots', () => {
    expect(summarySlots(counts({ smell: [4, 0], packaging: [2, 0] }), 3).map((s) => s.topic)).toEqual(['smell', 'packaging', 'smell']);
    expect(summarySlots([], 3)).toEqual([]);
  });
});

describe('sentences', () => {
  test('as written, one per sentence or line, with abbreviations kept inside theirs', () => {
    const text = 'Dr. Smith liked it.  Great fit!\nSoft fabric, z. B. for hiking.';
    const found = sentencesOf(text, 'en');
    expect(found).toEqual(['Dr. Smith liked it.', 'Great fit!', 'Soft fabric, z. B. for hiking.']);
    for (const s of found) expect(text).toContain(s);
  });

  test('the quoted sentence names the topic going the way asked, in its own words', () => {
    const review = { title: 'Tolle Qualität!', content: 'Die Passform ist perfekt. Der Versand dauerte ewig.', rating: 4, language: 'de' };
    expect(quoteFor(review, 'fit', 1)).toBe('Die Passform ist perfekt.');
    expect(quoteFor(review, 'delivery', -1)).toBe('Der Versand dauerte ewig.');
    // the title is a sentence of the review too
    expect(quoteFor(review, 'quality', 1)).toBe('Tolle Qualität!');
    // not the other way round, not a topic it does not name
    expect(quoteFor(review, 'fit', -1)).toBeUndefined();
    expect(quoteFor(review, 'smell', 1)).toBeUndefined();
  });

  test('no quote from a sentence that only borrows the stars, asks, is too long, or reads in a language the reader lacks', () => {
    expect(quoteFor({ title: null, content: 'Arrived in two days.', rating: 5, language: 'en' }, 'delivery', 1)).toBeUndefined();
    expect(quoteFor({ title: null, content: 'Is the fit really that good?', rating: 5, language: 'en' }, 'fit', 1)).toBeUndefined();
    const long = `The fit is perfect, ${'and I wear it to work every single day of the week '.repeat(3)}.`;
    expect(quoteFor({ title: null, content: long, rating: 5, language: 'en' }, 'fit', 1)).toBeUndefined();
    expect(quoteFor({ title: null, content: 'La vestibilità è perfetta.', rating: 5, language: 'it' }, 'fit', 1)).toBeUndefined();
  });
});
