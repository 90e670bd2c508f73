// The Email screen's charts. The funnel is horizontal bars (the community edition has no funnel
// chart), each labelled with its count and the rate from the step before.
import type { ChartFrame } from './ChartCard';
import type { Row } from './csv';
import { HorizontalBars } from './HorizontalBars';
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

export function ChannelChart({ rows, fmt, translate, frame }: Props) {
  return <HorizontalBars rows={rows} fmt={fmt} frame={frame} categoryKey="channel" valueKey="sent" label={translate('analytics:column.sent')} />;
}
