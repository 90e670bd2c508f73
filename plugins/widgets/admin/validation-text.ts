// The shared schemas speak the spec's English messages ('number greater than or equal 1',
// 'The value is invalid'); the screens show them through the catalogue of admin/src/validation.ts
// (plaudit.validation.*) in the merchant's language.
import type { z } from 'zod';
import { fieldValue } from './fields';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function issueText(translate: Translate, issue: z.core.$ZodIssue, value: unknown): string {
  if (value === '' || value === null || value === undefined) return translate('plaudit.validation.required');
  const min = /^number greater than or equal (-?\d+)$/.exec(issue.message);
  if (min) return translate('plaudit.validation.number_greater_than_equal', { min: Number(min[1]) });
  const max = /^number less than or equal (-?\d+)$/.exec(issue.message);
  if (max) return translate('plaudit.validation.number_less_than_equal', { max: Number(max[1]) });
  return translate('plaudit.validation.invalid');
}

/** Per-field messages for a widget's draft ('colors.star' -> text), empty when it parses. */
export function draftErrors(schema: z.ZodType, draft: Record<string, unknown>, translate: Translate): Record<string, string> {
  const parsed = schema.safeParse(draft);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issueText(translate, issue, fieldValue(draft, path));
  }
  return errors;
}
