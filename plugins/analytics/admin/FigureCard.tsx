// One figure of the period, and its change against the previous period: an arrow and a signed
// percentage, "n/a" when the previous period has nothing to compare with.
import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { useTranslate } from 'react-admin';
import type { Figure } from '../shared/api';
import { figureChange } from './format';
import type { Formatters } from './useFormat';

const SCREEN_READER_ONLY = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
const ARROW = { up: ArrowUpwardIcon, down: ArrowDownwardIcon, flat: ArrowForwardIcon };

export interface FigureCardProps {
  label: string;
  /** undefined while loading */
  figure?: Figure;
  show(value: number | null): string;
  fmt: Formatters;
  /** a fall is the good direction (time to review) */
  lowerIsBetter?: boolean;
  testId?: string;
}

export function FigureCard({ label, figure, show, fmt, lowerIsBetter, testId }: FigureCardProps) {
  const translate = useTranslate();
  const change = figure && figureChange(figure);
  const good = change && change.direction !== 'flat' && (change.direction === 'down') === !!lowerIsBetter;
  const Arrow = change && ARROW[change.direction];
  const changeText = change ? fmt.change(change) : fmt.na;
  return (
    <Card component="section" data-testid={testId} sx={{ minWidth: 0 }}>
      <CardContent sx={{ display: 'grid', gap: 0.5 }}>
        <Typography variant="body2" component="h2" color="text.secondary">
          {label}
        </Typography>
        {figure ? (
          <>
            <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
              {show(figure.value)}
            </Typography>
            <Box
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 0.5,
                color: !change || change.direction === 'flat' ? 'text.secondary' : good ? 'success.dark' : 'error.dark',
              }}
            >
              <Box aria-hidden sx={{ display: 'contents' }}>
                {Arrow && <Arrow fontSize="small" />}
                <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                  {changeText}
                </Typography>
                <Typography variant="body2" component="span" color="text.secondary">
                  {translate('analytics:change.vs_previous')}
                </Typography>
              </Box>
              {/* read out as one sentence, with the previous value the arrow stands for */}
              <Box component="span" sx={SCREEN_READER_ONLY}>
                {translate('analytics:change.spoken', { change: changeText, previous: show(figure.previous) })}
              </Box>
            </Box>
          </>
        ) : (
          <>
            <Skeleton variant="text" width="60%" sx={{ fontSize: '1.5rem' }} />
            <Skeleton variant="text" width="80%" />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** A plain figure without a comparison (a panel's count). */
export function Stat({ label, value, testId }: { label: string; value?: string; testId?: string }) {
  return (
    <Box data-testid={testId} sx={{ minWidth: 0 }}>
      <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
        {value ?? <Skeleton width={60} />}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}
