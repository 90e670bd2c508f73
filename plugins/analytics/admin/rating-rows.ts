// The Rating screen's answer as table rows (the charts, tables and CSVs all read these), and the
// columns that name and format them.
import type { RatingAnswer } from '../shared/api';
import type { Row } from './csv';
import type { TableColumn } from './DataTable';
import type { Formatters, Translate } from './formatters';

export const STARS = [5, 4, 3, 2, 1] as const;
export const SOURCES = ['customer', 'imported', 'marketplace', 'qr', 'guest', 'admin'] as const;

/** One row per bucket: its first day, its reviews, their average and their count per star. */
export const ratingRows = (answer: RatingAnswer): Row[] =>
  answer.series.map((p) => ({
    bucket: p.bucket,
    reviews: p.count,
    average: p.average,
    stars5: p.stars5,
    stars4: p.stars4,
    stars3: p.stars3,
    stars2: p.stars2,
    stars1: p.stars1,
  }));

/** One row per source, by its name in the admin's language. */
export const sourceRows = (answer: RatingAnswer, translate: Translate): Row[] =>
  SOURCES.map((s) => ({ source: translate(`analytics:source.${s}`), reviews: answer.sources[s] }));

export const productRows = (ranks: RatingAnswer['best']): Row[] => ranks.map((p) => ({ product: p.title, reviews: p.count, average: p.average }));

export const noReviews = (answer: RatingAnswer) => answer.series.every((p) => p.count === 0);

export function bucketColumn(answer: RatingAnswer, fmt: Formatters, translate: Translate): TableColumn {
  return { key: 'bucket', label: translate(`analytics:bucket.${answer.granularity}_column`), format: (v) => fmt.bucket(String(v), answer.granularity) };
}

export function ratingColumns(answer: RatingAnswer, fmt: Formatters, translate: Translate): TableColumn[] {
  const count = (v: unknown) => fmt.number(v as number);
  return [
    bucketColumn(answer, fmt, translate),
    { key: 'reviews', label: translate('analytics:column.reviews'), numeric: true, format: count },
    { key: 'average', label: translate('analytics:column.average'), numeric: true, format: (v) => fmt.rating(v as number | null) },
  ];
}

export function distributionColumns(answer: RatingAnswer, fmt: Formatters, translate: Translate): TableColumn[] {
  return [
    bucketColumn(answer, fmt, translate),
    ...STARS.map((n) => ({
      key: `stars${n}`,
      label: translate('analytics:stars', { smart_count: n }),
      numeric: true,
      format: (v: unknown) => fmt.number(v as number),
    })),
  ];
}

export const sourceColumns = (fmt: Formatters, translate: Translate): TableColumn[] => [
  { key: 'source', label: translate('analytics:column.source') },
  { key: 'reviews', label: translate('analytics:column.reviews'), numeric: true, format: (v) => fmt.number(v as number) },
];

export const productColumns = (fmt: Formatters, translate: Translate): TableColumn[] => [
  { key: 'product', label: translate('analytics:column.product') },
  { key: 'reviews', label: translate('analytics:column.reviews'), numeric: true, format: (v) => fmt.number(v as number) },
  { key: 'average', label: translate('analytics:column.average'), numeric: true, format: (v) => fmt.rating(v as number) },
];
