// The Email screen's charts. The funnel is horizontal bars (the community edition has no funnel
// chart), each labelled with its count and the rate from the step before.
import { BarChart } from '@mui/x-charts/BarChart';
import type { ChartFrame } from './ChartCard';
import { CHANNEL_STEPS } from './channel-rows';
import type { Row } from './csv';
import { HorizontalBars } from './HorizontalBars';
import { OKABE_ITO } from './palette';
import type { Formatters, Translate } from './formatters';

interface Props {
  rows: Row[];
  fmt: Formatters;
  translate: Translate;
  frame: ChartFrame;
}

export function FunnelChart({ rows, fmt, translate, frame }: Props) {
  return (
    <HorizontalBars
      rows={rows}
      fmt={fmt}
      frame={frame}
      categoryKey="step"
      valueKey="count"
      label={translate('analytics:column.count')}
      barLabel={(row) => (row.rate === null ? fmt.number(row.count as number) : `${fmt.number(row.count as number)} · ${fmt.percent(row.rate as number)}`)}
    />
  );
}

const STEP_COLORS = [OKABE_ITO.blue, OKABE_ITO.skyBlue, OKABE_ITO.bluishGreen, OKABE_ITO.orange, OKABE_ITO.vermillion];

/** Each channel's steps side by side; a step the channel cannot tell (delivered for email) has no bar. */
export function ChannelFunnelChart({ rows, fmt, translate, frame }: Props) {
  return (
    <BarChart
      {...frame}
      dataset={rows}
      xAxis={[{ scaleType: 'band', dataKey: 'channel' }]}
      yAxis={[{ valueFormatter: (v: number) => fmt.number(v), tickMinStep: 1 }]}
      series={CHANNEL_STEPS.map((step, i) => ({
        dataKey: step,
        label: translate(`analytics:channel_step.${step}`),
        color: STEP_COLORS[i],
        valueFormatter: (v: number | null) => (v === null ? translate('analytics:na') : fmt.number(v)),
      }))}
    />
  );
}
