// The settings schema and the API speak spec section 5's English messages; the tab shows them in the
// merchant's language through the kernel's catalogue (plaudit.validation.*).
type Translate = (key: string, options?: Record<string, unknown>) => string;

const CATALOGUE: Record<string, string> = {
  'This field is required': 'plaudit.validation.required',
  'Invalid email': 'plaudit.validation.email',
  'The value is invalid': 'plaudit.validation.invalid',
};

export function translateMessage(translate: Translate, message: string): string {
  if (CATALOGUE[message]) return translate(CATALOGUE[message]);
  const between = /^Number needs to be between equal (\d+) and (\d+)$/.exec(message);
  if (between) return translate('plaudit.validation.number_between_equal', { min: Number(between[1]), max: Number(between[2]) });
  return message;
}

/** The first message per field of zod issues or of an API 400, translated. */
export function messagesByField(translate: Translate, issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.map(String).join('.')] ??= translateMessage(translate, issue.message);
  return errors;
}
