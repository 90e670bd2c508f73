// The screen's calls to /api/translations/labels/:language.
import { apiJson } from '@plaudit/kernel/admin';
import type { LabelProblem, LabelRow } from '../shared/labels';

export interface LanguageLabels {
  language: string;
  languages: string[];
  labels: LabelRow[];
}

const path = (lang: string) => `/translations/labels/${encodeURIComponent(lang)}`;

export const loadLabels = (lang: string) => apiJson<LanguageLabels>(path(lang));
/** Every label's text ('' for the default): the whole language is saved at once. */
export const saveLabels = (lang: string, labels: Record<string, string>) =>
  apiJson<LanguageLabels>(path(lang), { method: 'PUT', body: JSON.stringify({ labels }) });
export const resetLanguage = (lang: string) => apiJson<LanguageLabels>(path(lang), { method: 'DELETE' });
export const resetLabel = (lang: string, key: string) => apiJson<LanguageLabels>(`${path(lang)}/${encodeURIComponent(key)}`, { method: 'DELETE' });
export const importLabels = (lang: string, csv: string) => apiJson<LanguageLabels>(`${path(lang)}/import`, { method: 'POST', body: JSON.stringify({ csv }) });
export const exportPath = (lang: string) => `${path(lang)}/export.csv`;

export interface RowRefusal {
  line: number;
  key: string;
  message: string;
  problem?: LabelProblem;
}

/** A refusal's messages: per label (from 'labels.<key>') or per CSV row. */
export function refusalOf(err: unknown): { fields: Record<string, string>; rows: RowRefusal[] } {
  const body = (err as { body?: { errors?: Record<string, string>; rows?: RowRefusal[] } }).body ?? {};
  const fields = Object.fromEntries(Object.entries(body.errors ?? {}).map(([field, message]) => [field.replace(/^labels\./, ''), message]));
  return { fields, rows: body.rows ?? [] };
}
