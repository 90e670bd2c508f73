// The offline reader's rules, one behaviour per case and language: negation (before the word in
// English and Spanish, anywhere in the clause in German and French), contrast, irony in a low
// rating, weak aspect words, and spam giving no topics.
import { type ReviewReading, readReview } from '../analysis/mentions';
import type { Language } from '../analysis/topics';

const topics = (r: ReviewReading) => Object.fromEntries(r.mentions.map((m) => [m.topic, m.sentiment]));
const read = (text: string, language: Language, rating: number | null = null) => topics(readReview(text, language, rating));

test.each([
  ['en', 'The fabric is not scratchy at all.', { material: 1 }],
  ['en', 'The sound is not good.', { sound: -1 }],
  ['es', 'El sonido no es bueno.', { sound: -1 }],
  ['es', 'Nada amargo, muy rico.', { taste: 1 }],
  ['de', 'Der Klang ist nicht gut.', { sound: -1 }],
  ['de', 'Die Größe passt nicht.', { fit: -1 }],
  ['fr', "Le son n'est pas bon.", { sound: -1 }],
  ['fr', 'Ne fonctionne plus, la batterie est morte.', { durability: -1, battery: -1 }],
] as const)('%s negation: %s', (language, text, expected) => {
  expect(read(text, language)).toEqual(expected);
});

test.each([
  ['en', 'Great sound but the battery is terrible.', { sound: 1, battery: -1 }],
  ['de', 'Schöner Duft, aber viel zu teuer.', { smell: 1, value: -1 }],
  ['fr', 'Parfum agréable mais trop cher.', { smell: 1, value: -1 }],
  ['es', 'Buen sabor, pero la entrega fue lenta.', { taste: 1, delivery: -1 }],
] as const)('%s contrast splits the clause: %s', (language, text, expected) => {
  expect(read(text, language, 3)).toEqual(expected);
});

test('a clause with no sentiment of its own takes the opposite of the clause after "but"', () => {
  expect(read('The size is as described, but the fabric is awful.', 'en', 3)).toEqual({ fit: 1, material: -1 });
});

test('ironic praise in a one-star review counts as a complaint; the same words in five stars are praise', () => {
  expect(read('Oh great, the battery is amazing, lasted a whole hour.', 'en', 1)).toEqual({ battery: -1, durability: -1 });
  expect(read('The battery is amazing.', 'en', 5)).toEqual({ battery: 1 });
});

test('a weak aspect word gives way to another aspect in its clause', () => {
  expect(read('A gorgeous box.', 'en', 5)).toEqual({ packaging: 1 });
  expect(read('Gorgeous!', 'en', 5)).toEqual({ look: 1 });
});

test('spam names no topics, even with aspect words', () => {
  const reading = readReview('Best price and fast shipping at www.example-deals.biz !!!', 'en', 5);
  expect(reading.spam).toBe(true);
  expect(reading.mentions).toEqual([]);
});

test('German compounds are found by their prefix, accents ignored', () => {
  expect(read('Die Akkulaufzeit ist hervorragend.', 'de', 5)).toEqual({ battery: 1 });
  expect(read('Die Qualität ist schlecht.', 'de', 2)).toEqual({ quality: -1 });
});

test('"could be better" is a complaint about what it names, as the sample reviews say of packaging', () => {
  expect(read('Nice product, packaging could be better.', 'en', 4)).toEqual({ packaging: -1 });
  expect(read('The battery life could have been better.', 'en', 3)).toEqual({ battery: -1 });
});
