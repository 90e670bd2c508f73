// The Rating screen's charts, drawn from the same rows as their tables.
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { RatingAnswer } from '../shared/api';
import type { ChartFrame } from './ChartCard';
import type { Row } from './csv';
import { HorizontalBars } from './HorizontalBars';
import { SERIES_COLOR, STAR_COLORS } from './palette';
import { STARS } from './rating-rows';
import type { Formatters, Translate } from './formatters';

type Location = { location: string };

/** The x axis of buckets: short days on the ticks, "week of …" with the year in tooltips. */
function bucketAxis(answer: Pick<RatingAnswer, 'granularity'>, fmt: Formatters) {
  return {
    dataKey: 'bucket',
    valueFormatter: (v: string, context: Location) => (context.location === 'tick' ? fmt.tick(v, answer.granularity) : fmt.bucket(v, answer.granularity)),
  };
}

export function AverageChart({
  answer,
  rows,
  fmt,
  translate,
  frame,
}: {
  answer: RatingAnswer;
  rows: Row[];
  fmt: Formatters;
  translate: Translate;
  frame: ChartFrame;
}) {
  return (
    // room on the right for the last day's tick, which sits on the edge
    <LineChart
      {...frame}
      dataset={rows}
      hideLegend
      margin={{ right: 24 }}
      xAxis={[{ scaleType: 'point', ...bucketAxis(answer, fmt) }]}
      yAxis={[{ min: 1, max: 5, tickNumber: 5, valueFormatter: (v: number) => fmt.rating(v) }]}
      series={[
        {
          dataKey: 'average',
          label: translate('analytics:column.average'),
          color: SERIES_COLOR,
          connectNulls: false,
          curve: 'linear',
          valueFormatter: (v) => fmt.rating(v),
          // a bucket between two empty ones is a lone point: marks show it (too dense past a month)
          showMark: rows.length <= 31,
        },
      ]}
    />
  );
}

export function DistributionChart({
  answer,
  rows,
  fmt,
  translate,
  frame,
}: {
  answer: RatingAnswer;
  rows: Row[];
  fmt: Formatters;
  translate: Translate;
  frame: ChartFrame;
}) {
  return (
    <BarChart
      {...frame}
      dataset={rows}
      xAxis={[{ scaleType: 'band', ...bucketAxis(answer, fmt) }]}
      yAxis={[{ valueFormatter: (v: number) => fmt.number(v), tickMinStep: 1 }]}
      series={STARS.map((n) => ({
        dataKey: `stars${n}`,
        stack: 'stars',
        label: translate('analytics:stars', { smart_count: n }),
        color: STAR_COLORS[n],
        valueFormatter: (v: number | null) => fmt.number(v),
      }))}
    />
  );
}

/** Reviews per source as horizontal bars, the source names on the axis. */
export function SourceChart({ rows, fmt, translate, frame }: { rows: Row[]; fmt: Formatters; translate: Translate; frame: ChartFrame }) {
  return <HorizontalBars rows={rows} fmt={fmt} frame={frame} categoryKey="source" valueKey="reviews" label={translate('analytics:column.reviews')} />;
}
