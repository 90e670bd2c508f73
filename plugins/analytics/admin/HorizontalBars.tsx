// Categories as horizontal bars, each labelled at its end (funnel steps, channels, sources): the
// labels carry the values, so the value axis is hidden and left room for the longest label.
import { BarChart } from '@mui/x-charts/BarChart';
import type { ChartFrame } from './ChartCard';
import type { Row } from './csv';
import { SERIES_COLOR } from './palette';
import type { Formatters } from './useFormat';

// room to the right of the longest bar for its label
const LABEL_ROOM = 1.3;

export interface HorizontalBarsProps {
  rows: Row[];
  fmt: Formatters;
  frame: ChartFrame;
  categoryKey: string;
  valueKey: string;
  /** the series' name, for the tooltip */
  label: string;
  /** the text at a bar's end; its value by default */
  barLabel?: (row: Row) => string | null;
}

export function HorizontalBars({ rows, fmt, frame, categoryKey, valueKey, label, barLabel }: HorizontalBarsProps) {
  const max = Math.max(1, ...rows.map((r) => Number(r[valueKey]) || 0));
  const text = barLabel ?? ((row: Row) => fmt.number(row[valueKey] as number));
  return (
    <BarChart
      {...frame}
      dataset={rows}
      layout="horizontal"
      hideLegend
      yAxis={[{ scaleType: 'band', dataKey: categoryKey, width: 'auto' }]}
      xAxis={[{ min: 0, max: max * LABEL_ROOM, position: 'none' }]}
      series={[
        {
          dataKey: valueKey,
          label,
          color: SERIES_COLOR,
          barLabelPlacement: 'outside',
          barLabel: (item) => text(rows[item.dataIndex]),
          valueFormatter: (v) => fmt.number(v),
        },
      ]}
    />
  );
}
