// The shared schema speaks the spec's English messages; the screen shows them in the admin's language.
type Translate = (key: string, options?: Record<string, unknown>) => string;

export function translateIssue(translate: Translate, message: string): string {
  const between = /^Number needs to be between equal (\d+) and (\d+)$/.exec(message);
  if (between) return translate('review-requests:validation.between', { min: Number(between[1]), max: Number(between[2]) });
  if (message === 'This field is required') return translate('review-requests:validation.required');
  return translate('review-requests:validation.invalid');
}
