// A reply must never ask the customer to change, update or remove the review (16 CFR 465.7, review
// suppression): a model's draft that does, in any sentence naming the review, rating or stars next to
// a verb of changing or removing, is not offered (the offline draft is). Four languages the reader
// reads, plus English words a model may slip into any language. Errs on the side of refusing.
const REVIEW_WORDS = [
  'review',
  'rating',
  'stars',
  'feedback',
  'bewertung',
  'rezension',
  'sterne',
  'kommentar',
  'avis',
  'note',
  'commentaire',
  'étoile',
  'reseña',
  'opinión',
  'valoración',
  'estrella',
  'comentario',
];
const CHANGE_WORDS = [
  'chang',
  'updat',
  'edit',
  'revis',
  'amend',
  'remov',
  'delet',
  'take down',
  'take it down',
  'withdraw',
  'reconsider',
  'ändern',
  'änderung',
  'aktualisier',
  'bearbeit',
  'entfern',
  'lösch',
  'zurückzieh',
  'überdenk',
  'anpass',
  'modifi',
  'changer',
  'mettre à jour',
  'retir',
  'supprim',
  'réviser',
  'reconsidér',
  'revoir',
  'cambi',
  'actualiz',
  'edita',
  'elimin',
  'borra',
  'borre',
  'quitar',
  'reconsiderar',
];

const literal = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** a word starting where no letter precedes it (stems: "chang" finds "change", "changing") */
const stems = (words: string[]) => new RegExp(`(?<!\\p{L})(?:${words.map(literal).join('|')})`, 'iu');
const REVIEW = stems(REVIEW_WORDS);
const CHANGE = stems(CHANGE_WORDS);

/** the sentence that asks to change or remove the review, or null */
export function askToChangeReview(text: string): string | null {
  for (const sentence of text.split(/(?<=[.!?。！？])\s*|\n+/u)) {
    if (REVIEW.test(sentence) && CHANGE.test(sentence)) return sentence.trim();
  }
  return null;
}
