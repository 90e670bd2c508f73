// The shared schemas and the API speak the spec's English messages; the screens show them in the
// merchant's language. Liquid parse errors are technical and shown as the parser wrote them.
type Translate = (key: string, options?: Record<string, unknown>) => string;

const CATALOGUE: Record<string, string> = {
  'This field is required': 'plaudit.validation.required',
  'Invalid email': 'plaudit.validation.email',
  'Must be digits': 'plaudit.validation.digits',
  'The value is invalid': 'plaudit.validation.invalid',
  'Links are not allowed here': 'review-requests:emails.validation.no_links',
  'Cannot verify settings': 'review-requests:emails.settings.smtp_failed',
};

export function translateMessage(translate: Translate, message: string): string {
  if (CATALOGUE[message]) return translate(CATALOGUE[message]);
  const max = /^Fill at most (\d+) characters$/.exec(message);
  if (max) return translate('review-requests:emails.validation.max', { n: Number(max[1]) });
  return message;
}

/** Field errors of a zod result, keyed by dotted path, in the merchant's language. */
export function issuesByField(translate: Translate, issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.map(String).join('.')] ??= translateMessage(translate, issue.message);
  return errors;
}
