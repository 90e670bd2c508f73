// A language's lexicon compiled into term indexes once, on first use.
import { LEXICONS } from './lexicon';
import { TermIndex } from './matcher';
import { normalise } from './text';
import { type Language, TOPICS, type Topic } from './topics';

export interface CompiledLexicon {
  aspects: TermIndex<Topic>;
  sentiment: TermIndex<null>;
  negators: TermIndex<null>;
  /** clause breaks: true for contrast ("but"), false for "and" */
  breaks: TermIndex<boolean>;
  sarcasm: TermIndex<null>;
  safety: TermIndex<null>;
  spam: TermIndex<null>;
  excess: string;
  /** null: any word after `excess` is a complaint */
  excessAdjectives: Set<string> | null;
  negationScope: 'after' | 'clause';
  contrastParticle: boolean;
}

const cache = new Map<Language, CompiledLexicon>();

export function compiled(language: Language): CompiledLexicon {
  const hit = cache.get(language);
  if (hit) return hit;
  const lex = LEXICONS[language];
  const aspects = new TermIndex<Topic>();
  for (const topic of TOPICS) aspects.add(lex.aspects[topic], topic);
  const made: CompiledLexicon = {
    aspects,
    sentiment: new TermIndex<null>().add(lex.positive, null, 1).add(lex.negative, null, -1),
    negators: new TermIndex<null>().add(lex.negators, null),
    breaks: new TermIndex<boolean>().add(lex.contrast, true).add(lex.and, false),
    sarcasm: new TermIndex<null>().add(lex.sarcasm, null),
    safety: new TermIndex<null>().add(lex.safety, null),
    spam: new TermIndex<null>().add(lex.spam, null),
    excess: normalise(lex.excess),
    excessAdjectives: lex.excessAdjectives ? new Set(normalise(lex.excessAdjectives).split('|')) : null,
    negationScope: lex.negationScope,
    contrastParticle: lex.contrastParticle ?? false,
  };
  cache.set(language, made);
  return made;
}
