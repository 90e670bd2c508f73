// What the language-model doubles (OpenAI's chat completions, Anthropic's Messages) do with a prompt:
// no model runs. The answer is a fixed, recognisable text (or the one a test set), its tokens counted
// as about four characters each, cut at the request's token limit as a model stops there.

export interface ModelDouble {
  /** valid keys -> tokens reported on them */
  keys: Map<string, { inputTokens: number; outputTokens: number; calls: number }>;
  /** the next answers' text; null: the default */
  reply: string | null;
  /** the next this many requests are answered 429 */
  throttled: number;
}

export const modelDouble = (): ModelDouble => ({ keys: new Map(), reply: null, throttled: 0 });

/** about four characters a token, as the vendors' rough guides count English */
export const tokensOf = (text: string) => Math.max(1, Math.ceil([...text].length / 4));

/** the answer's text and whether it stopped at the limit */
export function answerText(double: ModelDouble, model: string, prompt: string, maxTokens: number): { text: string; cut: boolean } {
  const full = double.reply ?? `Emulated reply from ${model} to a prompt of ${tokensOf(prompt)} tokens.`;
  const cut = tokensOf(full) > maxTokens;
  return { text: cut ? [...full].slice(0, maxTokens * 4).join('') : full, cut };
}

/** counts a call on its key */
export function count(double: ModelDouble, key: string, inputTokens: number, outputTokens: number) {
  const account = double.keys.get(key)!;
  account.inputTokens += inputTokens;
  account.outputTokens += outputTokens;
  account.calls += 1;
}

/** the controls both doubles share: a valid key, 429s, the next answers' text, a key's usage */
export const modelControls = (double: ModelDouble) => ({
  key: ({ key }: { key: string }) => void double.keys.set(key, { inputTokens: 0, outputTokens: 0, calls: 0 }),
  throttle: ({ count }: { count: number }) => void (double.throttled = count),
  reply: ({ text }: { text: string | null }) => void (double.reply = text),
  usage: ({ key }: { key: string }) => double.keys.get(key) ?? null,
});

export function resetDouble(double: ModelDouble) {
  double.keys.clear();
  double.reply = null;
  double.throttled = 0;
}

/** the JSON body, or undefined when it is not a JSON object */
export function jsonObject(body: string): Record<string, any> | undefined {
  try {
    const value = JSON.parse(body);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
