// A card around one chart: its title, a switch to the table view of the same rows, "Download CSV"
// of those rows, a skeleton while they load and a sentence when there is nothing to draw.
import { useId, useState, type ReactNode } from 'react';
import { Box, Button, Card, CardContent, Skeleton, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import BarChartIcon from '@mui/icons-material/BarChart';
import DownloadIcon from '@mui/icons-material/Download';
import TableRowsIcon from '@mui/icons-material/TableRows';
import { useTranslate } from 'react-admin';
import { chartCsv, saveCsv, type Row } from './csv';
import { DataTable, type TableColumn } from './DataTable';

/** What the chart itself gets: its height and its accessible name and description. */
export interface ChartFrame {
  height: number;
  title: string;
  desc?: string;
}

export interface ChartCardProps {
  title: string;
  description?: string;
  columns: TableColumn[];
  /** undefined while loading */
  rows?: Row[];
  /** nothing to draw (default: no rows) */
  empty?: boolean;
  emptyText: string;
  /** the CSV file's name without extension */
  fileName: string;
  /** the chart; without one the card shows the table alone */
  chart?: (frame: ChartFrame) => ReactNode;
  height?: number;
  /** a line under the content (e.g. which days a ranking covers) */
  note?: ReactNode;
}

export function ChartCard({ title, description, columns, rows, empty, emptyText, fileName, chart, height = 280, note }: ChartCardProps) {
  const translate = useTranslate();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const headingId = useId();
  const descId = useId();
  const loading = rows === undefined;
  const nothing = !loading && (empty ?? rows.length === 0);
  const showTable = !chart || view === 'table';

  let body: ReactNode;
  if (loading) body = <Skeleton variant="rounded" height={chart ? height : 120} />;
  else if (nothing)
    body = (
      <Box sx={{ minHeight: chart ? height / 2 : 80, display: 'grid', placeItems: 'center', color: 'text.secondary', textAlign: 'center' }}>{emptyText}</Box>
    );
  else if (showTable) body = <DataTable label={title} columns={columns} rows={rows} />;
  else
    body = (
      <Box role="figure" aria-labelledby={headingId} aria-describedby={description ? descId : undefined}>
        {chart!({ height, title, desc: description })}
      </Box>
    );

  return (
    <Card component="section" aria-labelledby={headingId} aria-busy={loading} sx={{ minWidth: 0 }}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography id={headingId} variant="h6" component="h2">
              {title}
            </Typography>
            {description && (
              <Typography id={descId} variant="body2" color="text.secondary">
                {description}
              </Typography>
            )}
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {chart && (
              <ToggleButtonGroup
                size="small"
                exclusive
                value={view}
                onChange={(_, v) => v && setView(v)}
                aria-label={translate('analytics:view.label', { title })}
              >
                <ToggleButton value="chart" aria-label={translate('analytics:view.chart')}>
                  <BarChartIcon fontSize="small" />
                </ToggleButton>
                <ToggleButton value="table" aria-label={translate('analytics:view.table')}>
                  <TableRowsIcon fontSize="small" />
                </ToggleButton>
              </ToggleButtonGroup>
            )}
            <Button
              size="small"
              startIcon={<DownloadIcon />}
              disabled={loading || nothing}
              onClick={() => saveCsv(`${fileName}.csv`, chartCsv(columns, rows ?? []))}
              aria-label={translate('analytics:csv.label', { title })}
            >
              {translate('analytics:csv.button')}
            </Button>
          </Stack>
        </Stack>
        {body}
        {note && (
          <Typography variant="caption" color="text.secondary">
            {note}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
