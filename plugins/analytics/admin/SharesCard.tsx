// The shares of positive (4-5 stars) and negative (1-2 stars) reviews: the two figures, and a bar
// of the whole with 3-star reviews between them (drawn for the eye; the figures say it in text).
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { RatingAnswer } from '../shared/api';
import { Stat } from './FigureCard';
import { STAR_COLORS } from './palette';
import type { Formatters } from './useFormat';

export function SharesCard({ data, fmt }: { data?: RatingAnswer; fmt: Formatters }) {
  const translate = useTranslate();
  const positive = data?.positiveShare ?? null;
  const negative = data?.negativeShare ?? null;
  const parts =
    positive !== null && negative !== null
      ? ([
          [positive, STAR_COLORS[5]],
          [Math.max(0, 1 - positive - negative), STAR_COLORS[3]],
          [negative, STAR_COLORS[1]],
        ] as const)
      : undefined;
  return (
    <Card component="section" aria-labelledby="analytics-shares" sx={{ minWidth: 0 }}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography id="analytics-shares" variant="h6" component="h2">
          {translate('analytics:rating.shares')}
        </Typography>
        <Stack direction="row" spacing={4}>
          <Stat testId="positive-share" label={translate('analytics:rating.positive')} value={data && fmt.percent(positive)} />
          <Stat testId="negative-share" label={translate('analytics:rating.negative')} value={data && fmt.percent(negative)} />
        </Stack>
        {parts && (
          <Box aria-hidden sx={{ display: 'flex', height: 16, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}>
            {parts.map(([share, color], i) => (
              <Box key={i} sx={{ width: `${share * 100}%`, bgcolor: color }} />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
