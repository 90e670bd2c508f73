// The rating screen's topics (plugins/insights, only when it is installed): the topics whose
// complaints rose most and fell most against the period before, a line each over the period, and
// every topic's complaints as a list. Drawn from the same rows as their tables, as the other cards.
import { Box } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import type { RatingAnswer, TopicTrend, TopicTrends } from '../shared/api';
import { ChartCard, type ChartFrame } from './ChartCard';
import type { Row } from './csv';
import type { Formatters, Translate } from './formatters';
import { OKABE_ITO } from './palette';
import { topicColumns, topicName, topicRows, trendChange, trendColumns, trendRows } from './topic-rows';

const TWO_COLUMNS = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } };
/** one colour per drawn topic (at most TREND_TOPICS); each line has its own mark shape too */
const TOPIC_COLORS = [OKABE_ITO.vermillion, OKABE_ITO.blue, OKABE_ITO.bluishGreen, OKABE_ITO.orange, OKABE_ITO.reddishPurple];

interface TopicLinesProps {
  answer: RatingAnswer;
  topics: TopicTrend[];
  rows: Row[];
  fmt: Formatters;
  translate: Translate;
  frame: ChartFrame;
}

/** a line of complaints per topic, named with its change ("Fit (+8)") */
function TopicLines({ answer, topics, rows, fmt, translate, frame }: TopicLinesProps) {
  return (
    <LineChart
      {...frame}
      dataset={rows}
      margin={{ right: 24 }}
      xAxis={[
        {
          scaleType: 'point',
          dataKey: 'bucket',
          valueFormatter: (v: string, c: { location: string }) => (c.location === 'tick' ? fmt.tick(v, answer.granularity) : fmt.bucket(v, answer.granularity)),
        },
      ]}
      yAxis={[{ min: 0, tickMinStep: 1, valueFormatter: (v: number) => fmt.number(v) }]}
      series={topics.map((t, i) => ({
        dataKey: t.topic,
        label: translate('analytics:topics.series', { topic: topicName(translate, t.topic), change: fmt.signed(trendChange(t)) }),
        color: TOPIC_COLORS[i % TOPIC_COLORS.length],
        curve: 'linear' as const,
        // marks (a shape per line) where they do not crowd, as the average's chart
        showMark: rows.length <= 31,
        valueFormatter: (v: number | null) => fmt.number(v),
      }))}
    />
  );
}

function TrendCard({
  which,
  answer,
  trends,
  fmt,
  translate,
}: {
  which: 'rising' | 'falling';
  answer: RatingAnswer;
  trends: TopicTrends;
  fmt: Formatters;
  translate: Translate;
}) {
  const topics = trends[which];
  const rows = trendRows(trends, topics);
  return (
    <ChartCard
      title={translate(`analytics:topics.${which}`)}
      description={translate(`analytics:topics.${which}_desc`)}
      fileName={`complaints-${which}`}
      columns={trendColumns(answer, topics, fmt, translate)}
      rows={rows}
      empty={!topics.length}
      emptyText={translate(`analytics:empty.${which}`)}
      height={300}
      chart={(frame) => <TopicLines answer={answer} topics={topics} rows={rows} fmt={fmt} translate={translate} frame={frame} />}
    />
  );
}

/** nothing while the screen loads or without the insights plugin (`topics` null) */
export function TopicCards({ data, fmt, translate }: { data?: RatingAnswer; fmt: Formatters; translate: Translate }) {
  const trends = data?.topics;
  if (!data || !trends) return null;
  return (
    <Box data-testid="analytics-topics" sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={TWO_COLUMNS}>
        <TrendCard which="rising" answer={data} trends={trends} fmt={fmt} translate={translate} />
        <TrendCard which="falling" answer={data} trends={trends} fmt={fmt} translate={translate} />
      </Box>
      <ChartCard
        title={translate('analytics:topics.all')}
        description={translate('analytics:topics.all_desc')}
        fileName="complaints-by-topic"
        columns={topicColumns(fmt, translate)}
        rows={topicRows(trends, translate)}
        emptyText={translate('analytics:empty.complaints')}
      />
    </Box>
  );
}
