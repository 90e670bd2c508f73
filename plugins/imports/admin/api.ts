// The admin's calls to /api/imports (API.md beside the code), typed as the API answers them.
import { HttpError } from 'react-admin';
import { apiJson } from '@plaudit/kernel/admin';
import type { Field, Mapping } from '../shared/row';

export type { Field, Mapping };

export interface FormatChoice {
  id: string;
  label: string;
  /** this format's mapping over the file's headers, and its required fields (when the API sends them) */
  mapping?: Mapping;
  required?: Field[];
  /** columns with values that this format's mapping leaves out (a date among them is flagged) */
  unmapped?: { header: string; date: boolean }[];
}

export interface ImportFile {
  id: number;
  fileName: string;
  kind: 'csv' | 'xlsx';
  format: string | null;
  formats: FormatChoice[];
  headers: string[];
  mapping: Mapping;
  required: Field[];
  /** the first rows, as header -> cell (or as cells in the headers' order) */
  preview: (Record<string, string> | string[])[];
}

export type RunStatus = 'uploaded' | 'running' | 'completed' | 'failed';

export interface ImportRun {
  id: number;
  fileName: string;
  source: 'file' | 'aliexpress' | 'amazon';
  format: string | null;
  status: RunStatus;
  total: number | null;
  processed: number;
  imported: number;
  skipped: number;
  failed: number;
  photosFailed: number;
  limit: number | null;
  limited: boolean;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export const MARKETPLACES = ['aliexpress', 'amazon'] as const;
export type Marketplace = (typeof MARKETPLACES)[number];

export interface MarketplaceDefaults {
  maxReviews: number;
  stars: number[];
  withPhotos: boolean;
  /** ISO 3166-1 alpha-2, or null for every country */
  country: string | null;
}

export type ImportSettings = Record<Marketplace, MarketplaceDefaults>;

export interface MarketplaceRequest extends MarketplaceDefaults {
  url: string;
  productId: string;
}

/** Spec section 9: an import file is at most 25 MB. */
export const MAX_FILE_BYTES = 25 * 1024 * 1024;
export const ACCEPTED_FILES = '.csv,.tsv,.txt,.xlsx,.xls';

type Data<T> = { data: T };
const send = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

export const importsApi = {
  upload(file: File) {
    const form = new FormData();
    form.append('file', file);
    return apiJson<Data<ImportFile>>('/imports/files', { method: 'POST', body: form }).then((r) => r.data);
  },
  start: (id: number, format: string, mapping: Mapping) =>
    apiJson<Data<ImportRun>>(`/imports/${id}/start`, send('POST', { format, mapping })).then((r) => r.data),
  run: (id: number) => apiJson<Data<ImportRun>>(`/imports/${id}`).then((r) => r.data),
  recent: (limit = 10) => apiJson<Data<ImportRun[]>>(`/imports?limit=${limit}`).then((r) => r.data),
  marketplace: (request: MarketplaceRequest) => apiJson<Data<ImportRun>>('/imports/marketplace', send('POST', request)).then((r) => r.data),
  settings: () => apiJson<Data<ImportSettings>>('/imports/settings').then((r) => r.data),
  saveSettings: (settings: ImportSettings) => apiJson<Data<ImportSettings>>('/imports/settings', send('PUT', settings)).then((r) => r.data),
};

/** The API's message and per-field messages of a refusal. */
export function refusal(error: unknown): { message: string | null; errors: Record<string, string> } {
  if (!(error instanceof HttpError)) return { message: null, errors: {} };
  const body = (error.body ?? {}) as { message?: string; errors?: Record<string, string> };
  return { message: body.message ?? error.message ?? null, errors: body.errors ?? {} };
}
