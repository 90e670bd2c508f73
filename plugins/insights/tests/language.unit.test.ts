// The quick language check by small words (analysis/function-words.ts): plain cases decided, doubtful
// ones (too few listed words, or two languages close) left to tinyld.
import { plainLanguage } from '../analysis/function-words';
import { detectLanguage } from '../analysis/language';

test('plain text is decided by its small words in each of the four languages', () => {
  expect(plainLanguage('The sound is great and the battery lasts for days.')).toBe('en');
  expect(plainLanguage('Der Klang ist toll und der Akku hält ewig.')).toBe('de');
  expect(plainLanguage('Le son est très bon et la batterie tient des jours.')).toBe('fr');
  expect(plainLanguage('El sonido es muy bueno y la batería dura mucho.')).toBe('es');
});

test('doubtful text is left to tinyld', async () => {
  // a brand name's English article in a German review: one listed word only
  expect(plainLanguage('Tolle Jacke von The North Face')).toBeUndefined();
  // as many French as Spanish words
  expect(plainLanguage('La taille est parfaite, pero el color no.')).toBeUndefined();
  expect(await detectLanguage('Tolle Jacke von The North Face, passt perfekt')).toBe('de');
});
