// The topics cards' rows (plugins/insights' complaints by topic): per bucket a column per drawn topic
// (the lines and their table), and per topic its complaints against the period before (the list).
import { topicLabelKey } from '@plaudit/contracts/insights';
import type { RatingAnswer, TopicTrend, TopicTrends } from '../shared/api';
import type { Row } from './csv';
import type { TableColumn } from './DataTable';
import type { Formatters, Translate } from './formatters';
import { bucketColumn } from './rating-rows';

/** a topic's name in the admin's language (the insights plugin's strings), its id if it has none */
export const topicName = (translate: Translate, topic: string) => translate(topicLabelKey(topic), { _: topic });

export const trendChange = (t: TopicTrend) => t.negative - t.previousNegative;

/** one row per bucket: its first day and each topic's complaints, keyed by topic id */
export const trendRows = (trends: TopicTrends, topics: TopicTrend[]): Row[] =>
  trends.buckets.map((bucket, i) => ({ bucket, ...Object.fromEntries(topics.map((t) => [t.topic, t.series[i]])) }));

export function trendColumns(answer: RatingAnswer, topics: TopicTrend[], fmt: Formatters, translate: Translate): TableColumn[] {
  return [
    bucketColumn(answer, fmt, translate),
    ...topics.map((t) => ({ key: t.topic, label: topicName(translate, t.topic), numeric: true, format: (v: unknown) => fmt.number(v as number) })),
  ];
}

/** one row per topic complained of in either period, most complaints first */
export const topicRows = (trends: TopicTrends, translate: Translate): Row[] =>
  trends.all.map((t) => ({
    topic: topicName(translate, t.topic),
    complaints: t.negative,
    previous: t.previousNegative,
    change: trendChange(t),
    praise: t.positive,
  }));

export function topicColumns(fmt: Formatters, translate: Translate): TableColumn[] {
  const count = (v: unknown) => fmt.number(v as number);
  return [
    { key: 'topic', label: translate('analytics:column.topic') },
    { key: 'complaints', label: translate('analytics:column.complaints'), numeric: true, format: count },
    { key: 'previous', label: translate('analytics:column.previous_complaints'), numeric: true, format: count },
    { key: 'change', label: translate('analytics:column.change'), numeric: true, format: (v) => fmt.signed(v as number) },
    { key: 'praise', label: translate('analytics:column.praise'), numeric: true, format: count },
  ];
}
