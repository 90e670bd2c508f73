// A label problem (shared/labels.ts) in the merchant's language.
import type { TranslateFunction } from 'react-admin';
import type { LabelProblem } from '../shared/labels';

export function problemText(translate: TranslateFunction, problem: LabelProblem): string {
  if (problem.code === 'too_long') return translate('translations:errors.too_long', { max: problem.max });
  if (problem.code === 'placeholder') return translate('translations:errors.placeholder', { missing: problem.missing });
  return translate(`translations:errors.${problem.code}`);
}
