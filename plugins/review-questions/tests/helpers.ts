// What the review-questions tests share: the fit question they define and a form's body.

/** "How does it fit?" on a five-point scale, for the given product types. */
export const fitQuestion = (productTypes: string[]) => ({
  kind: 'scale',
  label: 'How does it fit?',
  required: true,
  points: 5,
  lowLabel: 'Runs small',
  highLabel: 'Runs large',
  scope: 'types',
  scopeValues: productTypes,
});

/** A multipart body, as a review form posts it. */
export function form(fields: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}
