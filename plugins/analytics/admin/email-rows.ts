// The Email screen's answer as table rows and columns (charts, tables and CSVs read the same).
import type { EmailAnswer } from '../shared/api';
import type { Row } from './csv';
import type { TableColumn } from './DataTable';
import type { Formatters, Translate } from './formatters';

/** The queue's skip reasons (review-requests' send and photo-reminder activities), named here. */
export const SKIP_REASONS = [
  'unsubscribed',
  'email_disabled',
  'no_email',
  'email_not_found',
  'no_recipients',
  'quota_exceeded',
  'push_disabled',
  'review_not_found',
  'plan',
  'has_photo',
  'rating',
  'failed',
] as const;

export const skipReasonLabel = (reason: string, translate: Translate) =>
  (SKIP_REASONS as readonly string[]).includes(reason) ? translate(`analytics:skip.${reason}`) : translate('analytics:skip.other', { code: reason });

/** sent → opened → clicked → reviewed → photo added, each with the rate from the step before. */
export const funnelRows = (answer: EmailAnswer, translate: Translate): Row[] =>
  answer.funnel.map((s) => ({ step: translate(`analytics:funnel.${s.step}`), count: s.count, rate: s.rate }));

export const skipRows = (answer: EmailAnswer, translate: Translate): Row[] =>
  [...answer.skipped].sort((a, b) => b.count - a.count).map((s) => ({ reason: skipReasonLabel(s.reason, translate), count: s.count }));

export const nothingSent = (answer: EmailAnswer) => (answer.funnel.find((s) => s.step === 'sent')?.count ?? 0) === 0;

const count = (fmt: Formatters) => (v: unknown) => fmt.number(v as number);

export const funnelColumns = (fmt: Formatters, translate: Translate): TableColumn[] => [
  { key: 'step', label: translate('analytics:column.step') },
  { key: 'count', label: translate('analytics:column.count'), numeric: true, format: count(fmt) },
  { key: 'rate', label: translate('analytics:column.step_rate'), numeric: true, format: (v) => (v === null ? '' : fmt.percent(v as number)) },
];

export const skipColumns = (fmt: Formatters, translate: Translate): TableColumn[] => [
  { key: 'reason', label: translate('analytics:column.reason') },
  { key: 'count', label: translate('analytics:column.count'), numeric: true, format: count(fmt) },
];
