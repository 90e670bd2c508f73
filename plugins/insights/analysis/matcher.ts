// Finds lexicon terms in a token list. Terms are compiled once per language into an index by their
// first word (exact, or its prefix for `word*`), so a clause costs a few map look-ups per token:
// a million reviews must rebuild in minutes.
import { words } from './text';

type Step = { word: string; prefix: boolean } | { gap: true };
export interface Term<V> {
  steps: Step[];
  value: V;
  polarity: number;
  weak: boolean;
}
export interface Match<V> {
  start: number;
  end: number;
  value: V;
  polarity: number;
  /** an aspect word that names its topic only when the clause names no other ("gorgeous box" is packaging) */
  weak: boolean;
}

const MAX_GAP = 3;

export class TermIndex<V> {
  private readonly exact = new Map<string, Term<V>[]>();
  private readonly prefixes = new Map<string, Term<V>[]>();

  add(list: string, value: V, polarity = 0): this {
    for (const raw of list.split('|')) {
      const entry = raw.trim();
      if (!entry) continue;
      const suffix = /(?::([+-]))?(\?)?$/.exec(entry);
      const body = suffix ? entry.slice(0, entry.length - suffix[0].length) : entry;
      const steps: Step[] = body
        .split(/\s+/)
        .flatMap((w): Step[] =>
          w === '...' ? [{ gap: true }] : words(w.replace(/\*$/, '')).map((word, i, all) => ({ word, prefix: w.endsWith('*') && i === all.length - 1 })),
        );
      const first = steps[0];
      if (!first || 'gap' in first) continue;
      const sign = suffix?.[1];
      const term: Term<V> = { steps, value, polarity: sign ? (sign === '+' ? 1 : -1) : polarity, weak: suffix?.[2] === '?' };
      const map = first.prefix ? this.prefixes : this.exact;
      const key = first.word;
      map.set(key, [...(map.get(key) ?? []), term]);
    }
    return this;
  }

  /** every term starting at `i`, longest first */
  private candidates(token: string): Term<V>[] {
    const found = [...(this.exact.get(token) ?? [])];
    for (let k = 2; k <= token.length; k++) found.push(...(this.prefixes.get(token.slice(0, k)) ?? []));
    return found;
  }

  /** non-overlapping matches, the longest at each position winning */
  find(tokens: string[]): Match<V>[] {
    const out: Match<V>[] = [];
    let i = 0;
    while (i < tokens.length) {
      let best: Match<V> | undefined;
      for (const term of this.candidates(tokens[i])) {
        const end = matchFrom(term.steps, 0, tokens, i);
        if (end > 0 && (!best || end > best.end)) best = { start: i, end, value: term.value, polarity: term.polarity, weak: term.weak };
      }
      if (best) {
        out.push(best);
        i = best.end;
      } else i++;
    }
    return out;
  }
}

/** the index after the steps matched from token `i`, or -1 */
function matchFrom(steps: Step[], s: number, tokens: string[], i: number): number {
  if (s === steps.length) return i;
  const step = steps[s];
  if ('gap' in step) {
    for (let skip = 0; skip <= MAX_GAP && i + skip <= tokens.length; skip++) {
      const end = matchFrom(steps, s + 1, tokens, i + skip);
      if (end >= 0) return end;
    }
    return -1;
  }
  const token = tokens[i];
  if (token === undefined) return -1;
  if (step.prefix ? !token.startsWith(step.word) : token !== step.word) return -1;
  return matchFrom(steps, s + 1, tokens, i + 1);
}
